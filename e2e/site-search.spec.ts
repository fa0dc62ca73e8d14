/**
 * Site search (issue 24) on the shared test site, in both languages: the header's field, at
 * both widths, taking a query from the keyboard and showing marked results, and its plain GET
 * form without JavaScript; then how queries match, checked once at desktop width (Arabic typed
 * without its marks, English stems and prefixes, titles first, empty and short queries
 * explained, paged results, each language its own pages). The index's life (purge, page size,
 * API failure, first build, shared and saved): site-search-index.spec.ts; how words are read
 * (issue 31): site-search-words.spec.ts.
 */
import { allNews, company, type Lang, languages, t } from "./support/content.ts";
import { expectAtList } from "./support/page-checks.ts";
import { allResults, plainArabic, resultsOf, searchPath } from "./support/search.ts";
import { expect, onlyAt, type Page, type TestInfo, test } from "./support/test.ts";

const isPhone = (testInfo: TestInfo) => testInfo.project.name === "phone";

/** The header's search field: on phones, in the menu (opened first). */
async function headerSearchField(page: Page, lang: Lang, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.getByRole("button", { name: t(lang, "nav.openMenu") }).click();
  }
  const field = page.getByRole("banner").getByRole("searchbox", { name: t(lang, "search.label") });
  await expect(field).toBeVisible();
  return field;
}

const queries: Record<Lang, string> = { en: "bridges", ar: "جسور" };

test.describe("searching from the header", () => {
  for (const lang of languages) {
    test(`/${lang}: the field takes a query from the keyboard and shows marked results`, async ({
      page,
    }, testInfo) => {
      await page.goto(`/${lang}/news`);
      const field = await headerSearchField(page, lang, testInfo);
      await field.focus();
      await page.keyboard.type(queries[lang]);
      // The submit button follows the field, named in the page's language.
      await page.keyboard.press("Tab");
      await expect(page.locator(":focus")).toHaveAccessibleName(t(lang, "search.submit"));
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");

      await expect(page).toHaveURL(searchPath(lang, queries[lang]));
      await expect(page).toHaveTitle(new RegExp(queries[lang]));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      const results = page.getByTestId("search-results").getByRole("listitem");
      await expect(results.first()).toBeVisible();
      expect(await results.count()).toBeGreaterThan(0);
      // Each result names its kind, links its page and marks the words found.
      const first = results.first();
      await expect(first.getByRole("heading", { level: 2 }).getByRole("link")).toHaveAttribute(
        "href",
        new RegExp(`^/${lang}/`),
      );
      const kinds = Object.fromEntries(
        ["news", "completedProject", "currentProject", "service", "page"].map((kind) => [
          kind,
          t(lang, `search.kind.${kind}` as "search.kind.news"),
        ]),
      );
      const kind = await first.getAttribute("data-kind");
      await expect(first).toContainText(kinds[kind ?? ""] ?? "no such kind");
      await expect(first.locator("mark").first()).toBeVisible();
      // The results page's own field keeps the query.
      await expect(
        page.getByRole("main").getByRole("searchbox", { name: t(lang, "search.label") }),
      ).toHaveValue(queries[lang]);
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    for (const lang of languages) {
      test(`/${lang}: the header's form is a plain GET form that works`, async ({
        page,
      }, testInfo) => {
        await page.goto(`/${lang}`);
        const field = await headerSearchField(page, lang, testInfo);
        await field.fill(queries[lang]);
        await field.press("Enter");
        await page.waitForURL(/\/search\?q=/);
        await expect(
          page.getByTestId("search-results").getByRole("listitem").first(),
        ).toBeVisible();
      });
    }
  });
});

test.describe("matching", () => {
  onlyAt("desktop", "the same server answers at every width");

  test("Arabic typed without hamza, ta marbuta, alef maqsura, diacritics or tatweel finds the stories", async ({
    request,
  }) => {
    // Words of the news titles that are written with one of these letters or marks.
    const stories = await allNews("ar");
    const picked = stories
      .flatMap((story) =>
        story.title
          .split(/[\s،:()–-]+/)
          .filter((word) => word.length >= 4 && plainArabic(word) !== word)
          .map((word) => ({ story, word })),
      )
      .filter((_, index, all) => index % Math.max(1, Math.floor(all.length / 6)) === 0)
      .slice(0, 6);
    expect(picked.length).toBeGreaterThanOrEqual(3);
    for (const { story, word } of picked) {
      const plain = plainArabic(word);
      // Plain, and drawn out with tatweel as some people write.
      for (const query of [plain, `${plain.slice(0, 2)}ـــ${plain.slice(2)}`]) {
        const hrefs = await allResults(request, "ar", query);
        expect(hrefs, `${query} (from ${word})`).toContain(`/ar/news/${story.id}`);
      }
    }
    // A word as written marks the same words as its plain spelling.
    const { word } = picked[0] ?? { word: "" };
    const written = await resultsOf(request, searchPath("ar", word));
    const plain = await resultsOf(request, searchPath("ar", plainArabic(word)));
    expect(plain.results.map((r) => r.href)).toEqual(written.results.map((r) => r.href));
    expect(plain.results[0]?.marks).toEqual(written.results[0]?.marks);
  });

  test("English words are found by their stem and case-folded; titles rank first", async ({
    request,
  }) => {
    const plural = await resultsOf(request, searchPath("en", "BRIDGES"));
    const singular = await resultsOf(request, searchPath("en", "bridge"));
    expect(plural.results.length).toBeGreaterThan(0);
    // The same pages (ranked a little apart: a query word's own form counts too).
    const pages = (found: typeof plural) => found.results.map((r) => r.href).sort();
    expect(pages(plural)).toEqual(pages(singular));
    // Marked words are forms of the stem, as written.
    for (const mark of plural.results.flatMap((r) => r.marks)) expect(mark).toMatch(/^bridge/i);
    // The last word matches as a beginning: "interch" is no word.
    const prefix = await resultsOf(request, searchPath("en", "interch"));
    expect(prefix.results.length).toBeGreaterThan(0);
    // Only the last one: a cut word before it finds nothing.
    expect((await resultsOf(request, searchPath("en", "interch highway"))).results).toEqual([]);
    // Results with the word in their title come before those with it only in their text.
    const titled = plural.results.map((r) => r.titleMarks.length > 0);
    expect(titled[0]).toBe(true);
    expect(titled.includes(false)).toBe(true);
    expect(titled.slice(titled.indexOf(false))).not.toContain(true);
  });

  for (const lang of languages) {
    test(`/${lang}: no results, an empty and a too short query are explained`, async ({
      request,
    }) => {
      const nothing = await resultsOf(request, searchPath(lang, "qqxqzzv"));
      expect(nothing.status).toBe(200);
      expect(nothing.results).toEqual([]);
      expect(nothing.message).toBe(t(lang, "search.noResults", { query: "qqxqzzv" }));
      const empty = await resultsOf(request, `/${lang}/search`);
      expect(empty.message).toBe(t(lang, "search.empty"));
      const short = await resultsOf(request, searchPath(lang, "x"));
      expect(short.message).toBe(t(lang, "search.tooShort", { query: "x" }));
      expect(short.html).toContain(`<title>${t(lang, "search.titleFor", { query: "x" })}`);
    });
  }

  test("results are paged like the other lists, the query kept on every page", async ({
    page,
    request,
  }) => {
    const query = company("en").name.split(" ")[0] ?? "";
    const first = await resultsOf(request, searchPath("en", query));
    expect(first.results).toHaveLength(10);
    await page.goto(searchPath("en", query));
    const pager = page.getByRole("navigation", { name: t("en", "pagination.label") });
    await pager.getByRole("link", { name: t("en", "pagination.next") }).click();
    await expect(page).toHaveURL(`/en/search?q=${query}&page=2#list`);
    await expectAtList(page);
    const second = await resultsOf(request, searchPath("en", query, 2));
    expect(second.results.length).toBeGreaterThan(0);
    const both = [...first.results, ...second.results].map((r) => r.href);
    expect(new Set(both).size).toBe(both.length);
    // Past the end and nonsense pages land on real pages.
    const past = await request.get(searchPath("en", query, 999), { maxRedirects: 0 });
    expect(past.status()).toBe(302);
    expect(past.headers().location).toMatch(new RegExp(`^/en/search\\?q=${query}(&page=\\d+)?$`));
    const nonsense = await request.get(`${searchPath("en", query)}&page=abc`, { maxRedirects: 0 });
    expect(nonsense.headers().location).toBe(`/en/search?q=${query}`);
  });

  test("each language searches its own pages", async ({ request }) => {
    const ar = await resultsOf(request, searchPath("ar", "iso"));
    const en = await resultsOf(request, searchPath("en", "iso"));
    expect(ar.results.length).toBeGreaterThan(0);
    expect(en.results.length).toBeGreaterThan(0);
    for (const r of ar.results) expect(r.href).toMatch(/^\/ar\//);
    for (const r of en.results) expect(r.href).toMatch(/^\/en\//);
  });
});
