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
for (const lang of []) {
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
  });
  const page = await ctx.newPage();
  await page.goto(`http://127.0.0.1:3500/${lang}`, { waitUntil: "networkidle" });
  await page.waitForTimeout(800);
  const btn = page.locator("header button:visible").last();
  console.log(lang, "menu btn:", await btn.getAttribute("aria-label"));
  await btn.click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${lang}-375-menu.png` });
  // expand first submenu
  const sub = page.locator("[data-phone-menu] button[aria-expanded]").first();
  if (await sub.count()) {
    await sub.click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/${lang}-375-menu-sub.png` });
  }
  const info = await page.evaluate(() => {
    const m = document.querySelector("[data-phone-menu]");
    if (!m) return null;
    const r = m.getBoundingClientRect();
    return {
      r: [r.x, r.y, r.width, r.height],
      sh: m.scrollHeight,
      ch: m.clientHeight,
      bodyOverflow: getComputedStyle(document.body).overflow,
    };
  });
  console.log(JSON.stringify(info));
  await ctx.close();
}
// contact form AR empty submit
{
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 1,
  });
  const page = await ctx.newPage();
  await page.goto(`http://127.0.0.1:3500/ar/contactUs`, { waitUntil: "networkidle" });
  await page.waitForTimeout(800);
  const send = page.locator("form:has(textarea) button[type=submit]").first();
  await send.scrollIntoViewIfNeeded();
  await send.click();
  await page.waitForTimeout(1500);
  console.log("url after submit:", page.url());
  const msgs = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "form [id$=error], form [role=alert], form .text-red-600, form .text-red-700, [role=alert]",
      ),
    ]
      .map((e) => e.textContent.trim())
      .filter(Boolean),
  );
  console.log("messages:", JSON.stringify(msgs));
  const val = await page.evaluate(() =>
    [...document.querySelectorAll("form input, form textarea")].map(
      (i) => i.name + ":" + (i.validationMessage || "") + ":" + i.getAttribute("aria-invalid"),
    ),
  );
  console.log("validation:", JSON.stringify(val));
  console.log(
    "focused:",
    await page.evaluate(() => document.activeElement?.name || document.activeElement?.tagName),
  );
  await page.screenshot({ path: `${OUT}/ar-375-contact-empty-submit.png`, fullPage: true });
  const form = page.locator("form:has(textarea)");
  await form.screenshot({ path: `${OUT}/ar-375-contact-empty-form.png` });
  await ctx.close();
}
await browser.close();
