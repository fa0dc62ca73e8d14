/**
 * Which pages load scripts, and when (decisions 012 and 013). Pages that need React (carousels,
 * the gallery, the contact form's checks) start it after the first paint
 * (apps/web/server/deferred-scripts.ts): their server HTML asks for no script file and runs no
 * module; in the browser the first script file is requested only after the first contentful
 * paint, and React then hydrates the page. Other pages load no script file at all: their inline
 * script does what they need. Both languages, both widths. (The header's menus on both kinds
 * of page are tested in shell.spec.ts.)
 */
import { apiData, type Lang, languages, type Paged } from "./support/content.ts";
import { expect, test } from "./support/test.ts";

/** The pages that need React. */
async function pagesOf(lang: Lang) {
  const projects = await apiData<Paged<{ id: number }>>("/api/Completed-projects", lang);
  return [
    `/${lang}`,
    `/${lang}/projects/${projects.data[0]?.id}`,
    `/${lang}/contactUs`,
    `/${lang}/overview`,
    `/${lang}/iso`,
  ];
}

/** Pages that do without React: lists, articles, the 404 page. */
async function staticPagesOf(lang: Lang) {
  const news = await apiData<Paged<{ id: number }>>("/api/news", lang);
  const [service] = await apiData<{ id: number }[]>("/api/services", lang);
  return [
    `/${lang}/news`,
    `/${lang}/news/${news.data[0]?.id}`,
    `/${lang}/projects`,
    `/${lang}/CurrentProjects`,
    `/${lang}/services`,
    `/${lang}/services/${service?.id}`,
    `/${lang}/HSE`,
    `/${lang}/equipment`,
    `/${lang}/no-such-page`,
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

for (const lang of languages) {
  test(`/${lang}: pages that need no React load no script file`, async ({ page, request }) => {
    for (const path of await staticPagesOf(lang)) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html, path).not.toMatch(/<script[^>]+type="(module|text\/x-deferred-module)"/);
      expect(html, path).not.toMatch(/<script[^>]+\ssrc=/);
      // The page's own inline script is there (lib/page-script.ts): its images still load.
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => name.endsWith(".js")),
      );
      expect(scripts, path).toEqual([]);
      await expect(page.locator("html"), path).not.toHaveAttribute("data-hydrated");
      const waiting = page.locator("main img[data-lazy]:not([data-lazy=watched])");
      expect(await waiting.count(), `${path}: lazy images watched`).toBe(0);
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
      await page.goto(`/${lang}/contactUs`);
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
