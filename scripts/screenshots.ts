/**
 * Screenshots of pages in English and Arabic at phone (375 px) and desktop (1280 px) widths,
 * for looking at what visitors see. Usage:
 *   node scripts/screenshots.ts --base http://127.0.0.1:3000 --out /tmp/shots /overview /news
 * Paths are given without the language prefix ("/" is the home page). Add --full for full-page.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../e2e/support/env.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://127.0.0.1:3000" },
    out: { type: "string", default: "/tmp/shots" },
    full: { type: "boolean", default: false },
    langs: { type: "string", default: "en,ar" },
    widths: { type: "string", default: "375,1280" },
  },
});

fs.mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: chromiumArgs,
});
for (const width of values.widths.split(",").map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 812 : 800 } });
  for (const lang of values.langs.split(",")) {
    for (const route of positionals.length ? positionals : ["/"]) {
      const url = `${values.base}/${lang}${route === "/" ? "" : route}`;
      await page.goto(url, { waitUntil: "networkidle" });
      // Let lazy images near the top load and entrance animations finish.
      await page.waitForTimeout(800);
      const name = `${lang}${route.replace(/[^a-zA-Z0-9]+/g, "_")}-${width}.png`;
      await page.screenshot({ path: path.join(values.out, name), fullPage: values.full });
      console.log(path.join(values.out, name));
    }
  }
  await page.close();
}
await browser.close();
