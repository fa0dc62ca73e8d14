import fs from "node:fs";
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
const pages = [
  "",
  "/overview",
  "/projects",
  "/projects/2",
  "/CurrentProjects",
  "/services",
  "/services/1",
  "/news",
  "/news/1",
  "/hse",
  "/equipment",
  "/iso",
  "/contactUs",
  "/search?q=bridge",
  "/nope",
];
const results = [];
for (const lang of ["en", "ar"])
  for (const w of [375, 1280]) {
    const ctx = await browser.newContext({
      viewport: { width: w, height: w === 375 ? 812 : 900 },
      deviceScaleFactor: 1,
    });
    const page = await ctx.newPage();
    const errs = [];
    page.on("console", (m) => {
      if (m.type() === "error") errs.push(m.text().slice(0, 200));
    });
    page.on("requestfailed", (r) => errs.push("FAIL " + r.url()));
    for (const p0 of pages) {
      let p = p0;
      if (lang === "ar" && p0.startsWith("/search")) p = "/search?q=" + encodeURIComponent("جسر");
      errs.length = 0;
      const url = `http://127.0.0.1:3500/${lang}${p}`;
      let status;
      try {
        const r = await page.goto(url, { waitUntil: "networkidle", timeout: 30000 });
        status = r?.status();
      } catch (e) {
        status = "ERR " + e.message.slice(0, 80);
      }
      await page.evaluate(async () => {
        const h = document.documentElement.scrollHeight;
        for (let y = 0; y < h; y += 300) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 120));
        }
        window.scrollTo(0, document.documentElement.scrollHeight);
        await new Promise((r) => setTimeout(r, 400));
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(1000);
      const info = await page.evaluate(() => {
        const vw = document.documentElement.clientWidth;
        const over = [];
        for (const el of document.querySelectorAll("body *")) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          const cs = getComputedStyle(el);
          if (cs.visibility === "hidden") continue;
          if (r.right > vw + 1 || r.left < -1) {
            over.push(
              `${el.tagName}.${(el.className && el.className.baseVal === undefined ? el.className : "").toString().slice(0, 60)} L${Math.round(r.left)} R${Math.round(r.right)}`,
            );
          }
        }
        const broken = [...document.images]
          .filter((i) => i.complete && i.naturalWidth === 0)
          .map((i) => i.currentSrc || i.src);
        const lazyNot = [...document.images].filter((i) => !i.complete).map((i) => i.src);
        return {
          scrollW: document.documentElement.scrollWidth,
          vw,
          dir: document.documentElement.dir,
          lang: document.documentElement.lang,
          title: document.title,
          h: document.documentElement.scrollHeight,
          over: over.slice(0, 8),
          overN: over.length,
          broken,
          lazyNot,
        };
      });
      const name = `${lang}-${w}-${(p0 || "/home").replace(/[/?=]/g, "_").replace(/^_/, "")}.png`;
      await page.screenshot({ path: `${OUT}/${name}`, fullPage: true });
      results.push({ lang, w, p, status, name, ...info, errs: [...errs] });
      console.log(
        lang,
        w,
        p,
        status,
        info.scrollW,
        info.vw,
        info.h,
        info.overN,
        info.broken.length,
        errs.length,
      );
    }
    await ctx.close();
  }
fs.writeFileSync(`${OUT}/results.json`, JSON.stringify(results, null, 1));
await browser.close();
