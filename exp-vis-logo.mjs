import { chromium } from "@playwright/test";

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
const ctx = await browser.newContext({
  viewport: { width: 1280, height: 900 },
  deviceScaleFactor: 1,
});
const page = await ctx.newPage();
await page.goto("http://127.0.0.1:3500/en", { waitUntil: "networkidle" });
await page.waitForTimeout(1500);
await page.evaluate(async () => {
  for (let y = 0; y < 3000; y += 300) {
    window.scrollTo(0, y);
    await new Promise((r) => setTimeout(r, 120));
  }
  window.scrollTo(0, 0);
});
await page.waitForTimeout(1000);
await page.screenshot({
  path: "/tmp/review-vis/z-en-home-header-after.png",
  clip: { x: 0, y: 0, width: 700, height: 100 },
});
console.log(
  await page.evaluate(() => {
    const s = document.querySelector("[data-testid=home-title]");
    return s
      ? s.outerHTML.slice(0, 300) + " " + JSON.stringify(s.children[1].getBoundingClientRect())
      : "none";
  }),
);
await browser.close();
