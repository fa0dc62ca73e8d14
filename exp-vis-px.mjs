import { chromium } from "@playwright/test";

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--allow-file-access-from-files"],
});
const page = await (await browser.newContext()).newPage();
const [file, ...pts] = process.argv.slice(2);
await page.goto("file:///tmp/review-vis/" + file);
const res = await page.evaluate(async (pts) => {
  const img = document.images[0];
  await img.decode();
  const c = document.createElement("canvas");
  c.width = img.naturalWidth;
  c.height = img.naturalHeight;
  const x = c.getContext("2d");
  x.drawImage(img, 0, 0);
  return pts.map((p) => {
    const [a, b, w, h] = p.split(",").map(Number);
    const d = x.getImageData(a, b, w, h).data;
    const L = [];
    for (let i = 0; i < d.length; i += 4) {
      const f = (v) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      L.push(0.2126 * f(d[i]) + 0.7152 * f(d[i + 1]) + 0.0722 * f(d[i + 2]));
    }
    L.sort((m, n) => m - n);
    const bg = L[Math.floor(L.length * 0.5)];
    const bright = L[Math.floor(L.length * 0.9)];
    return (
      p +
      " medianL=" +
      bg.toFixed(3) +
      " contrastVsWhite=" +
      (1.05 / (bg + 0.05)).toFixed(2) +
      " p90L=" +
      bright.toFixed(3) +
      " cw90=" +
      (1.05 / (bright + 0.05)).toFixed(2)
    );
  });
}, pts);
console.log(res.join("\n"));
await browser.close();
