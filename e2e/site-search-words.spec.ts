/**
 * Site search reads words as people type them (issue 31), against the real server and the
 * reference API, in both languages: Arabic prefixes, plural and feminine endings and attached
 * pronouns; stop words; spelling mistakes ("Showing results for ..."); help when nothing
 * matched; results narrowed to one kind with their counts, kept by paging. The queries are
 * made from the API's own content, not written for the demo's.
 */
import { allNews, company, type Lang, languages, t } from "./support/content.ts";
import { allResults, resultsOf, searchPath } from "./support/search.ts";
import { expect, type TestInfo, test } from "./support/test.ts";

/** Server-only checks run once, at the desktop width. */
const desktopOnly = (testInfo: TestInfo) =>
  test.skip(testInfo.project.name === "phone", "the same server answers at every width");

/** Arabic letters only, without the marks people do not type. */
const bare = (word: string) => word.replace(/[\u064B-\u065F\u0670\u0640]/g, "");

/** Words of the stories' titles, with the story each is from. */
async function titleWords(lang: Lang, keep: (word: string) => boolean) {
  return (await allNews(lang)).flatMap((story) =>
    story.title
      .split(/[\s،:()–\-,.]+/)
      .map(bare)
      .filter(keep)
      .map((word) => ({ story, word })),
  );
}

/** A few of `all`, spread over the list. */
const spread = <T>(all: T[], count: number) =>
  all
    .filter((_, index) => index % Math.max(1, Math.floor(all.length / count)) === 0)
    .slice(0, count);

test.describe("Arabic word forms", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => desktopOnly(testInfo));

  test("a word with a prefix, a plural or feminine ending or a pronoun finds the bare word's story", async ({
    request,
  }) => {
    // Words of at least four letters written without the article or a prefix letter.
    const arabic = /^[\u0621-\u064A]{4,}$/;
    const picked = spread(
      await titleWords("ar", (word) => arabic.test(word) && !/^(ال|[وفبكل])/.test(word)),
      5,
    );
    expect(picked.length).toBeGreaterThanOrEqual(3);
    for (const { story, word } of picked) {
      const stem = word.replace(/ة$/, "");
      const forms = [
        `و${word}`,
        `ب${word}`,
        `وال${word}`,
        // A sound feminine plural, and the word with "our".
        ...(word.endsWith("ة") ? [`${stem}ات`, `${stem}تنا`] : [`${word}نا`]),
      ];
      for (const form of forms) {
        const hrefs = await allResults(request, "ar", form);
        expect(hrefs, `${form} (from ${word})`).toContain(`/ar/news/${story.id}`);
      }
    }
  });

  test("a word written with its prefix in the text is found by the bare word", async ({
    request,
  }) => {
    const picked = spread(
      await titleWords("ar", (word) => /^(ال|بال|لل)[\u0621-\u064A]{4,}$/.test(word)),
      4,
    );
    expect(picked.length).toBeGreaterThanOrEqual(2);
    for (const { story, word } of picked) {
      const without = word.replace(/^(ال|بال|لل)/, "");
      const found = await allResults(request, "ar", without);
      expect(found, `${without} (from ${word})`).toContain(`/ar/news/${story.id}`);
      // The word as written in the text is what is marked.
      const page = await resultsOf(request, searchPath("ar", without));
      expect(page.results.flatMap((result) => result.marks.map(bare)).join(" ")).toContain(without);
    }
  });

  for (const lang of languages) {
    test(`/${lang}: small words of the language are not required`, async ({ request }) => {
      const stopWord = lang === "en" ? "the" : "في";
      const [{ story, word } = { story: { id: 0 }, word: "" }] = spread(
        await titleWords(lang, (w) => w.length >= 6 && /^\p{L}+$/u.test(w)),
        1,
      );
      const alone = await allResults(request, lang, word);
      const withStopWord = await allResults(request, lang, `${stopWord} ${word} ${stopWord}`);
      expect(alone).toContain(`/${lang}/news/${story.id}`);
      expect(withStopWord).toEqual(alone);
    });
  }
});

/** A word with two neighbouring letters after its first swapped. */
const swapped = (word: string) => word[0] + (word[2] ?? "") + (word[1] ?? "") + word.slice(3);

test.describe("spelling mistakes", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => desktopOnly(testInfo));

  for (const lang of languages) {
    test(`/${lang}: one mistake in a long word still finds it, and the page says what it searched for`, async ({
      request,
    }) => {
      const letters = lang === "en" ? /^[a-z]{7,8}$/i : /^[\u0621-\u064A]{6,8}$/;
      const picked = spread(
        await titleWords(lang, (word) => letters.test(word) && word[1] !== word[2]),
        3,
      );
      expect(picked.length).toBeGreaterThanOrEqual(2);
      for (const { story, word } of picked) {
        for (const typo of [swapped(word), word.slice(0, 3) + word.slice(4)]) {
          const page = await resultsOf(request, searchPath(lang, typo));
          if (page.notAsTyped === undefined) continue; // the typo is a word of its own
          expect(await allResults(request, lang, typo), `${typo} (from ${word})`).toContain(
            `/${lang}/news/${story.id}`,
          );
          expect(page.notAsTyped).toBe(t(lang, "search.notAsTyped", { query: typo }));
          expect(page.message).toMatch(
            new RegExp(
              `^${t(lang, "search.showingFor", { corrected: ".+", count: 0 }).replace(/0$/, "\\d+")}$`,
            ),
          );
          // The words found are marked, as written.
          expect(page.results.flatMap((result) => result.marks).length).toBeGreaterThan(0);
        }
      }
    });

    test(`/${lang}: a short word is taken as typed, and an exact word is never corrected`, async ({
      request,
    }) => {
      const [{ word } = { word: "" }] = spread(
        await titleWords(lang, (w) => w.length >= 7 && /^\p{L}+$/u.test(w)),
        1,
      );
      const exact = await resultsOf(request, searchPath(lang, word));
      expect(exact.results.length).toBeGreaterThan(0);
      expect(exact.notAsTyped).toBeUndefined();
      expect(exact.message).toBe(
        t(lang, "search.resultCount", { query: word, count: Number(exact.message.match(/\d+$/)) }),
      );
      // Four letters: no mistake forgiven.
      const short = await resultsOf(request, searchPath(lang, swapped(word.slice(0, 4))));
      expect(short.notAsTyped).toBeUndefined();
    });

    test(`/${lang}: when nothing matches, the page says so and helps`, async ({ page }) => {
      await page.goto(searchPath(lang, "qqxqzzvvwq"));
      await expect(page.getByTestId("search-message")).toHaveText(
        t(lang, "search.noResults", { query: "qqxqzzvvwq" }),
      );
      const help = page.getByTestId("search-help");
      await expect(help.getByRole("heading", { name: t(lang, "search.tipsTitle") })).toBeVisible();
      await expect(help.getByText(t(lang, "search.tip.spelling"))).toBeVisible();
      for (const [name, address] of [
        ["nav.news", "news"],
        ["nav.completedProjects", "projects"],
        ["nav.currentProjects", "CurrentProjects"],
        ["nav.services", "services"],
      ] as const) {
        await expect(help.getByRole("link", { name: t(lang, name) })).toHaveAttribute(
          "href",
          `/${lang}/${address}`,
        );
      }
      await expect(page.getByTestId("search-kinds")).toHaveCount(0);
    });
  }
});

test.describe("results of one kind", () => {
  for (const lang of languages) {
    test(`/${lang}: links with counts narrow the results, and paging keeps the kind`, async ({
      page,
      request,
    }, testInfo) => {
      // The company's name is on pages of every kind.
      const query = company(lang).name.split(" ")[0] ?? "";
      const all = await resultsOf(request, searchPath(lang, query));
      const [every, ...kinds] = all.kinds;
      expect(kinds.map((kind) => kind.label)).toEqual(
        ["news", "projects", "services", "pages"].map((kind) =>
          t(lang, `search.filter.${kind}` as "search.filter.news"),
        ),
      );
      expect(every?.current).toBe(true);
      expect(every?.count).toBe(kinds.reduce((sum, kind) => sum + kind.count, 0));
      // News: the kind with the most results, to be paged.
      const news = kinds[0];
      expect(news?.count).toBeGreaterThan(10);

      await page.goto(searchPath(lang, query));
      const filters = page.getByRole("navigation", { name: t(lang, "search.filterLabel") });
      await filters
        .getByRole("link", { name: new RegExp(`^${t(lang, "search.filter.news")}`) })
        .click();
      await expect(page).toHaveURL(`${searchPath(lang, query, undefined, "news")}#list`);
      await expect(
        filters.getByRole("link", { name: new RegExp(`^${t(lang, "search.filter.news")}`) }),
      ).toHaveAttribute("aria-current", "page");
      const items = page.getByTestId("search-results").getByRole("listitem");
      await expect(items).toHaveCount(10);
      expect(new Set(await items.evaluateAll((li) => li.map((el) => el.dataset.kind)))).toEqual(
        new Set(["news"]),
      );
      if (testInfo.project.name === "phone") return;

      const pager = page.getByRole("navigation", { name: t(lang, "pagination.label") });
      await pager.getByRole("link", { name: t(lang, "pagination.next") }).click();
      await expect(page).toHaveURL(`${searchPath(lang, query, 2, "news")}#list`);
      const second = await resultsOf(request, searchPath(lang, query, 2, "news"));
      expect(second.results.length).toBe(Math.min(10, (news?.count ?? 0) - 10));
      expect(new Set(second.results.map((result) => result.kind))).toEqual(new Set(["news"]));
      // Counts stay those of every kind; a kind without results is not a link.
      expect(second.kinds.map((kind) => kind.count)).toEqual(all.kinds.map((kind) => kind.count));
      for (const kind of second.kinds) expect(kind.href === undefined).toBe(kind.count === 0);
      // An unknown kind is no filter.
      const unknown = await resultsOf(request, `${searchPath(lang, query)}&kind=everything`);
      expect(unknown.results.map((r) => r.href)).toEqual(all.results.map((r) => r.href));
    });
  }
});
