import { chromium } from "@playwright/test";

const OUT = "/tmp/review-vis";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const jobs = JSON.parse(process.argv[2]);
for (const j of jobs) {
  const ctx = await browser.newContext({
    viewport: { width: j.w, height: j.h || 900 },
    deviceScaleFactor: 2,
  });
  const page = await ctx.newPage();
  await page.goto("http://127.0.0.1:3500" + j.url, { waitUntil: "networkidle" });
  await page.waitForTimeout(800);
  if (j.eval) console.log(j.name, JSON.stringify(await page.evaluate(j.eval)));
  if (j.clip)
    await page.screenshot({ path: `${OUT}/z-${j.name}.png`, clip: j.clip, fullPage: true });
  else if (j.sel) {
    const el = page.locator(j.sel).first();
    await el.scrollIntoViewIfNeeded();
    await el.screenshot({ path: `${OUT}/z-${j.name}.png` });
  }
  await ctx.close();
}
await browser.close();
