import fs from "node:fs";
import { chromium } from "@playwright/test";

const OUT = "/tmp/review-vis";
fs.mkdirSync(OUT + "/parts", { recursive: true });
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
    "--allow-file-access-from-files",
  ],
});
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : fs.readdirSync(OUT).filter((f) => f.endsWith(".png"));
for (const f of files) {
  const w = f.includes("-1280-") ? 1280 : 375;
  const seg = w === 1280 ? 1000 : 1300;
  const ctx = await browser.newContext({ viewport: { width: w, height: 800 } });
  const page = await ctx.newPage();
  fs.writeFileSync(
    OUT + "/_v.html",
    `<html><body style="margin:0"><img style="display:block" src="${f}"></body></html>`,
  );
  await page.goto("file://" + OUT + "/_v.html");
  await page.waitForFunction(() => document.images[0].complete);
  const h = await page.evaluate(() => document.images[0].naturalHeight);
  for (let y = 0, i = 0; y < h; y += seg, i++) {
    await page.screenshot({
      path: `${OUT}/parts/${f.replace(".png", "")}_${String(i).padStart(2, "0")}.png`,
      fullPage: true,
      clip: { x: 0, y, width: w, height: Math.min(seg, h - y) },
    });
  }
  await ctx.close();
}
await browser.close();
