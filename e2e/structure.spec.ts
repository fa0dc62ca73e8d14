/**
 * Page structure (issue 13) on every page kind in both languages, at 1280, 1024, 768 and 375 px: one h1,
 * no skipped heading level, named landmarks, an alt on every image and no link named only
 * "See More"; the error screen as well.
 */

import { type Lang, languages, routePath, routes, t } from "./support/content.ts";
import { E2E_DOWN_URL } from "./support/env.ts";
import { installPageNames } from "./support/page-names.ts";
import { installStructureTools } from "./support/structure-tools.ts";
import { expect, onlyAt, type Page, scriptsReady, test } from "./support/test.ts";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installPageNames);
  await page.addInitScript(installStructureTools);
});

const genericNames = (lang: Lang) => [
  "see more",
  "read more",
  "more",
  "click here",
  "here",
  "link",
  "details",
  t(lang, "common.seeMore").toLowerCase(),
  t(lang, "common.readMore").toLowerCase(),
];

/**
 * The structure problems of each page at `addresses` (none: an empty object), at 1280, 1024,
 * 768 and 375 px: what is shown (the desktop navigation or the phone menu's button, the pager's
 * pages, the table's headers) and how wide images are drawn change with the width, the
 * document does not.
 */
async function structureProblems(page: Page, lang: Lang, addresses: string[]) {
  const failures: Record<string, string[]> = {};
  for (const address of addresses) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(address, { waitUntil: "domcontentloaded" });
    // Once the widgets have run, on pages that have them.
    await scriptsReady(page);
    for (const width of [1280, 1024, 768, 375]) {
      if (width !== 1280) await page.setViewportSize({ width, height: 800 });
      const { headings, problems } = await page.evaluate(
        (words) => window.structureTools.structure(words),
        genericNames(lang),
      );
      expect(headings.length, address).toBeGreaterThan(0);
      if (problems.length) failures[`${address} at ${width} px`] = problems;
    }
  }
  return failures;
}

test.describe("page structure", () => {
  onlyAt("desktop", "each page is checked at every width in one load");

  // Two halves of the page kinds per language, so the two workers share them.
  const halves = [routes.slice(0, 8), routes.slice(8)];
  for (const lang of languages) {
    for (const [half, list] of halves.entries()) {
      test(`/${lang}: one h1, no skipped level, named landmarks, described images drawn at their sizes, wrapped lines not set solid (page kinds ${half + 1}/2)`, async ({
        page,
      }) => {
        const addresses = await Promise.all(list.map((route) => routePath(lang, route)));
        expect(await structureProblems(page, lang, addresses)).toEqual({});
      });
    }
  }

  test("the error screen (the content API is down), in both languages", async ({ page }) => {
    for (const lang of languages) {
      expect(await structureProblems(page, lang, [`${E2E_DOWN_URL}/${lang}/news`])).toEqual({});
    }
  });
});
