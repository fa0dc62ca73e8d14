/**
 * Which pages load scripts (decision 013). React renders pages on the server only: no page
 * loads it in the browser. Pages with widgets (carousels, the gallery and its lightbox, the
 * certificates, the contact form's checks) load the one widget script (app/widgets), which
 * marks `html[data-widgets]` once it has run; other pages load no script file at all: their
 * inline script does what they need, also when the widget script is held back. Both
 * languages, both widths. (The header's menus are tested in shell.spec.ts.)
 */
import { apiData, type Lang, languages, type Paged } from "./support/content.ts";
import { expect, type Page, test } from "./support/test.ts";

/** The pages with widgets. */
async function widgetPagesOf(lang: Lang) {
  const projects = await apiData<Paged<{ id: number }>>("/api/Completed-projects", lang);
  return [
    `/${lang}`,
    `/${lang}/projects/${projects.data[0]?.id}`,
    `/${lang}/overview`,
    `/${lang}/iso`,
    `/${lang}/contactUs`,
  ];
}

/** Pages without widgets: lists, articles, the 404 page. */
async function plainPagesOf(lang: Lang) {
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

/** The script files the page has fetched, once the network is quiet. */
async function scriptFiles(page: Page) {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith(".js")),
  );
}

/** React Router's bootstrap, its module preloads or a React script: none of them. */
function expectNoReact(html: string, path: string) {
  expect(html, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
  expect(html, path).not.toContain("__reactRouterContext");
  expect(html, path).not.toMatch(/<script[^>]+type="module"(?![^>]*data-widgets)/);
}

for (const lang of languages) {
  test(`/${lang}: pages with widgets load the widget script alone, no React`, async ({
    page,
    request,
  }) => {
    for (const path of await widgetPagesOf(lang)) {
      const html = await (await request.get(path)).text();
      expectNoReact(html, path);
      expect(html, path).toMatch(
        /<script type="module" src="\/assets\/main-[\w-]+\.js" data-widgets="true"><\/script>/,
      );
      // `goto` waits for the widgets (support/test.ts).
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("data-widgets", "");
      expect(await scriptFiles(page), path).toEqual([
        expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/),
      ]);
    }
  });

  test(`/${lang}: pages without widgets load no script file`, async ({ page, request }) => {
    for (const path of await plainPagesOf(lang)) {
      const html = await (await request.get(path)).text();
      expectNoReact(html, path);
      expect(html, path).not.toMatch(/<script[^>]+\ssrc=/);
      await page.goto(path);
      expect(await scriptFiles(page), path).toEqual([]);
      // The page's own inline script is there (lib/page-script.ts): its images are watched.
      const waiting = page.locator("main img[data-lazy='']");
      expect(await waiting.count(), `${path}: lazy images watched`).toBe(0);
    }
  });
}

test.describe("before the widget script has run", () => {
  test.use({ waitForScripts: false });

  for (const lang of languages) {
    test(`/${lang}: the header follows the scroll and the language is saved`, async ({
      page,
      context,
    }) => {
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto(`/${lang}`);
      await page.evaluate(() => window.scrollTo(0, 200));
      await expect(page.locator("html")).toHaveAttribute("data-scrolled", "");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator("html")).not.toHaveAttribute("data-scrolled");
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe(lang);
      await expect(page.locator("html")).not.toHaveAttribute("data-widgets");
    });
  }
});
