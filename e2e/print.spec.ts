/**
 * Printing a project, a news item, a service or another page: no header, footer or carousels;
 * dark text; links followed by their address. The same at every width: desktop only.
 */

import { firstId, languages, t } from "./support/content.ts";
import { heading } from "./support/page-checks.ts";
import { expect, onlyAt, test } from "./support/test.ts";

const pages = [
  { path: "/projects/{id}", list: "/api/Completed-projects", hasCarousel: true },
  { path: "/news/{id}", list: "/api/news" },
  { path: "/services/{id}", list: "/api/services" },
  // The demo's other pages have no link in their content.
  { path: "/otherPages/{id}", list: "/api/extra-pages", hasLinks: false },
];

test.describe(() => {
  onlyAt("desktop", "print has no width");

  for (const lang of languages) {
    for (const { path, list, hasCarousel = false, hasLinks = true } of pages) {
      test(`/${lang}${path} prints its content only, readable, with link addresses`, async ({
        page,
      }) => {
        await page.goto(`/${lang}${path.replace("{id}", await firstId(list, lang))}`);
        await expect(page.locator("header").first()).toBeVisible();
        await page.emulateMedia({ media: "print" });

        await expect(page.locator("header").first()).toBeHidden();
        await expect(page.locator("footer")).toBeHidden();
        // Found as people find them, by the role their readers announce, not by the print rule's hook.
        const carousels = await page
          .locator(`[aria-roledescription="${t(lang, "common.carouselRole")}"]`)
          .all();
        // Pages with a carousel must show one on screen first, or hiding it proves nothing.
        if (hasCarousel) expect(carousels.length).toBeGreaterThan(0);
        for (const carousel of carousels) await expect(carousel).toBeHidden();
        await expect(heading(page)).toBeVisible();
        expect(await heading(page).evaluate((h1) => getComputedStyle(h1).color)).toBe(
          "rgb(0, 0, 0)",
        );

        // Every link in the content shows where it goes.
        const links = page.locator('main a[href]:not([href^="#"]):visible');
        const count = await links.count();
        // A loop over no link would check nothing: the pages with links must have some.
        if (hasLinks) expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const link = links.nth(i);
          const [href, after] = await link.evaluate((a) => [
            a.getAttribute("href") ?? "",
            getComputedStyle(a, "::after").content,
          ]);
          expect(after, href).toContain(href);
        }
      });
    }
  }
});
