import fs from "node:fs";
import { chromium } from "@playwright/test";

const [out, ...files] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--allow-file-access-from-files",
  ],
});
const page = await (
  await browser.newContext({ viewport: { width: 400 * files.length, height: 900 } })
).newPage();
fs.writeFileSync(
  "/tmp/review-vis/_m.html",
  `<html><body style="margin:0;display:flex;gap:6px;background:#f0f">${files.map((f) => `<img src="${f}" style="width:375px">`).join("")}</body></html>`,
);
await page.goto("file:///tmp/review-vis/_m.html");
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
