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
for (const lang of ["en", "ar"])
  for (const w of [375, 1280]) {
    const ctx = await browser.newContext({
      viewport: { width: w, height: w === 375 ? 812 : 900 },
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
    });
    const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:3500/${lang}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(800);
    const pause = page.locator("[data-testid=hero-pause]");
    if (await pause.isVisible()) await pause.click();
    const dots = page.locator("[data-testid=hero-dot]");
    const n = await dots.count();
    const idx = w === 375 ? [...Array(n).keys()] : [3];
    for (const i of idx) {
      await dots.nth(i).click();
      await page.waitForTimeout(900);
      await page.screenshot({ path: `${OUT}/hero-${lang}-${w}-s${i}.png` });
    }
    if (w === 375) {
      const vis = await page.evaluate(() =>
        [...document.querySelectorAll("main a")]
          .filter((a) =>
            /Completed Projects|^News$|المشاريع المنجزة|^الأخبار$/.test(a.textContent.trim()),
          )
          .map((a) => {
            const r = a.getBoundingClientRect();
            return (
              a.textContent.trim() +
              "|" +
              r.width +
              "x" +
              r.height +
              "|" +
              getComputedStyle(a).display
            );
          }),
      );
      console.log(lang, "view-all links at 375:", JSON.stringify(vis));
    }
    await ctx.close();
  }
await browser.close();
