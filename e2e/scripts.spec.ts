/**
 * The scripts start after the first paint (apps/web/server/deferred-scripts.ts, decision 012):
 * the server HTML asks for no script file and runs no module; in the browser, the first script
 * file is requested only after the first contentful paint, and React then hydrates the page,
 * in both languages and at both widths. (The header before the scripts have run is tested in
 * shell.spec.ts.)
 */
import { apiData, type Lang, languages, type Paged } from "./support/content.ts";
import { expect, test } from "./support/test.ts";

async function pagesOf(lang: Lang) {
  const projects = await apiData<Paged<{ id: number }>>("/api/Completed-projects", lang);
  return [
    `/${lang}`,
    `/${lang}/news`,
    `/${lang}/projects/${projects.data[0]?.id}`,
    `/${lang}/contactUs`,
  ];
}

for (const lang of languages) {
  test(`/${lang}: the server HTML loads no script before the page has painted`, async ({
    request,
  }) => {
    for (const path of await pagesOf(lang)) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html, path).not.toMatch(/<script[^>]+type="module"/);
      expect(html, path).not.toMatch(/<script[^>]+\ssrc=/);
      // The bootstrap waits, inert, with the modules it needs.
      expect(html, path).toMatch(
        /<script type="text\/x-deferred-module" data-modules="\/assets\/[^"]+\.js/,
      );
    }
  });

  test(`/${lang}: scripts are fetched after the first contentful paint, then the page hydrates`, async ({
    page,
  }) => {
    for (const path of await pagesOf(lang)) {
      // `goto` waits for hydration (support/test.ts).
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      expect(timing.scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.paint);
    }
  });
}

test.describe("before the scripts have run", () => {
  test.use({ waitForHydration: false });

  for (const lang of languages) {
    test(`/${lang}: the header follows the scroll and the language is saved`, async ({
      page,
      context,
    }) => {
      await page.route("**/assets/*.js", () => {});
      await page.goto(`/${lang}/news`);
      await page.evaluate(() => window.scrollTo(0, 200));
      await expect(page.locator("html")).toHaveAttribute("data-scrolled", "");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator("html")).not.toHaveAttribute("data-scrolled");
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe(lang);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    });
  }
});
