import { chromium } from "@playwright/test";

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
});
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
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
  "/HSE",
  "/equipment",
  "/iso",
  "/contactUs",
  "/search?q=" + encodeURIComponent("جسر"),
  "/nope",
];
const seen = new Set();
for (const p of pages) {
  await page.goto("http://127.0.0.1:3500/ar" + p, { waitUntil: "networkidle" });
  const t = await page.evaluate(() => {
    const out = [];
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = w.nextNode())) {
      const s = n.textContent.trim();
      if (!s) continue;
      const el = n.parentElement;
      if (!el.checkVisibility()) continue;
      if (/[A-Za-z]{2,}/.test(s)) out.push(s.slice(0, 80));
    }
    const attrs = [...document.querySelectorAll("[placeholder],[aria-label],[title],img[alt]")]
      .map((e) =>
        [
          e.getAttribute("placeholder"),
          e.getAttribute("aria-label"),
          e.getAttribute("title"),
          e.getAttribute("alt"),
        ]
          .filter((x) => x && /[A-Za-z]{3,}/.test(x) && !/[\u0600-\u06FF]/.test(x))
          .join("|"),
      )
      .filter(Boolean);
    return { out, attrs, title: document.title };
  });
  const fresh = t.out.filter((s) => !seen.has(s));
  fresh.forEach((s) => seen.add(s));
  console.log(
    "==",
    p,
    "title:",
    t.title,
    "\n  ",
    JSON.stringify(fresh),
    "\n  attrs:",
    JSON.stringify([...new Set(t.attrs)].slice(0, 8)),
  );
}
await browser.close();
