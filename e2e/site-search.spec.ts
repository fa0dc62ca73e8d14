import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startContentApi } from "@site/content-api";
import {
  allNews,
  apiData,
  company,
  type Lang,
  languages,
  type NewsSummary,
  type Paged,
  t,
} from "./support/content.ts";
import { E2E_DOWN_URL, e2eStorageDir } from "./support/env.ts";
import { expectAtList } from "./support/page-checks.ts";
import { allResults, plainArabic, resultsOf, searchPath } from "./support/search.ts";
import { editNews, type SiteWithApi, startSite, startSiteWithApi } from "./support/site.ts";
import { expect, type Page, type TestInfo, test } from "./support/test.ts";

const isPhone = (testInfo: TestInfo) => testInfo.project.name === "phone";

/** Server-only checks run once, at the desktop width. */
const desktopOnly = (testInfo: TestInfo) =>
  test.skip(isPhone(testInfo), "the same server answers at every width");

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
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => desktopOnly(testInfo));

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

const SECRET = "a-search-secret-of-some-length";

test.describe("the index and the API", () => {
  test.describe.configure({ mode: "serial" });
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => desktopOnly(testInfo));

  const perPage = 3;
  // One site for the purge and the page size (neither setting changes what the other test
  // reads): started by the first test that runs, so that the phone width starts none.
  let shared: SiteWithApi | undefined;
  const sharedServers = async () => {
    shared ??= await startSiteWithApi(
      {},
      { PURGE_SECRET: SECRET, SEARCH_PAGE_SIZE: String(perPage) },
    );
    return shared;
  };
  test.afterAll(async () => {
    await shared?.stop();
  });

  test("a purge of an item's page updates that document: the next search sees the API's content", async ({
    request,
  }) => {
    const servers = await sharedServers();
    const at = (address: string) => resultsOf(request, servers.site.url + address);
    const [story] = await allNewsAt(servers);
    expect(story).toBeDefined();
    const word = `Zebrafinch${Date.now() % 1000}`;
    expect((await at(searchPath("en", word))).results).toEqual([]);
    editNews(servers, story?.id ?? 0, { title_en: `${word} tower topped out` });
    // The index is fresh for minutes: without a purge it has not changed.
    expect((await at(searchPath("en", word))).results).toEqual([]);
    const purged = await request.post(`${servers.site.url}/purge`, {
      headers: { Authorization: `Bearer ${SECRET}` },
      data: { paths: [`/en/news/${story?.id}`] },
    });
    expect(purged.status()).toBe(200);
    // The item's page is read again at once, in the background of the purge.
    await expect
      .poll(async () => (await at(searchPath("en", word))).results.map((r) => r.href))
      .toEqual([`/en/news/${story?.id}`]);
    const after = await at(searchPath("en", word));
    expect(after.results[0]?.marks).toEqual([word]);
  });

  test("SEARCH_PAGE_SIZE sets the results of a page and so the number of pages, in both languages", async ({
    request,
  }) => {
    const servers = await sharedServers();
    for (const lang of languages) {
      const query = company(lang).name.split(" ")[0] ?? "";
      const first = await resultsOf(request, servers.site.url + searchPath(lang, query));
      // The count of every kind together is the largest of the filter links.
      const total = Math.max(...first.kinds.map((kind) => kind.count));
      expect(total).toBeGreaterThan(perPage);
      expect(first.results).toHaveLength(perPage);
      const lastPage = Math.ceil(total / perPage);
      const last = await resultsOf(request, servers.site.url + searchPath(lang, query, lastPage));
      expect(last.results).toHaveLength(total - (lastPage - 1) * perPage);
      const past = await request.get(servers.site.url + searchPath(lang, query, lastPage + 1), {
        maxRedirects: 0,
      });
      expect(past.status()).toBe(302);
    }
  });

  test("when the API fails the last good index answers; with none, the error screen", async ({
    request,
  }) => {
    const servers = await startSiteWithApi({}, { CACHE_TTL_MS: "1000" });
    try {
      const address = `${servers.site.url}${searchPath("en", "bridge")}`;
      const before = await resultsOf(request, address);
      expect(before.results.length).toBeGreaterThan(0);
      await servers.api.close();
      // Stale now: each search tries a rebuild in the background, which fails.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let i = 0; i < 3; i++) {
        const during = await resultsOf(request, address);
        expect(during.status).toBe(200);
        expect(during.results).toEqual(before.results);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await expect
        .poll(() => servers.site.logged().filter((line) => line.component === "search").length)
        .toBeGreaterThan(0);
      expect(servers.site.logged().find((line) => line.component === "search")).toMatchObject({
        level: "warn",
        message: "keeping the last good search index",
      });
    } finally {
      await servers.stop();
    }

    for (const lang of languages) {
      const response = await request.get(`${E2E_DOWN_URL}${searchPath(lang, queries[lang])}`);
      expect(response.status()).toBe(503);
      expect(await response.text()).toContain('data-testid="error-screen"');
    }
  });
});

test.describe("before the first index", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => desktopOnly(testInfo));

  test("a search says the search is being prepared (503, Retry-After) rather than wait for the crawl", async ({
    request,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-slow-api-"));
    const api = await startContentApi({
      host: "127.0.0.1",
      databasePath: path.join(dir, "content.sqlite"),
      storageDir: e2eStorageDir,
    });
    // The news answers wait until the searches below have been answered (4 s at most): the
    // first index cannot be built before then.
    let release = () => {};
    const released = Promise.race([
      new Promise<void>((resolve) => {
        release = resolve;
      }),
      new Promise<void>((resolve) => setTimeout(resolve, 4_000)),
    ]);
    const slow = http.createServer((incoming, outgoing) => {
      const forward = () => {
        const upstream = http.request(
          `${api.url}${incoming.url}`,
          { method: incoming.method, headers: incoming.headers },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        // A late forward after the test closed the API: nobody waits for it any more.
        upstream.on("error", () => outgoing.destroy());
        incoming.pipe(upstream);
      };
      if (incoming.url?.startsWith("/api/news")) void released.then(forward);
      else forward();
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const address = slow.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const site = await startSite({ API_BASE_URL: `http://127.0.0.1:${port}` });
    try {
      for (const lang of languages) {
        const started = Date.now();
        const response = await request.get(site.url + searchPath(lang, queries[lang]));
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(response.status()).toBe(503);
        expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
        expect(await response.text()).toContain(t(lang, "search.unavailable"));
        const suggest = await request.get(`${site.url}/${lang}/search/suggest?q=${queries[lang]}`);
        expect(suggest.status()).toBe(503);
      }
      // Then the index is there, once the news are answered.
      release();
      const ready = await resultsOf(request, site.url + searchPath("en", queries.en));
      expect(ready.status).toBe(200);
      expect(ready.results.length).toBeGreaterThan(0);
    } finally {
      await site.stop();
      await new Promise((resolve) => slow.close(resolve));
      await api.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe("the index shared and saved", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => desktopOnly(testInfo));

  test("two processes share one saved index, which answers after a restart even with the API down", async ({
    request,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-search-index-"));
    const indexDir = path.join(dir, "search");
    try {
      const servers = await startSiteWithApi({}, { WORKERS: "2", SEARCH_INDEX_DIR: indexDir });
      const found: Record<string, string[]> = {};
      try {
        for (const lang of languages) {
          const address = servers.site.url + searchPath(lang, queries[lang]);
          found[lang] = (await resultsOf(request, address)).results.map((r) => r.href);
          expect(found[lang]?.length, lang).toBeGreaterThan(0);
          // Whichever process answers, the same index.
          for (let i = 0; i < 6; i++) {
            const again = await resultsOf(request, address);
            expect(again.status).toBe(200);
            expect(again.results.map((r) => r.href)).toEqual(found[lang]);
          }
        }
        // Saved once per language, and no builder's lock left behind.
        await expect
          .poll(() => fs.readdirSync(indexDir).sort())
          .toEqual(["search-ar.json.gz", "search-en.json.gz"]);
      } finally {
        await servers.stop();
      }
      // A new start, its API unreachable: the saved index answers at once.
      const site = await startSite({
        API_BASE_URL: "http://127.0.0.1:9",
        SEARCH_INDEX_DIR: indexDir,
      });
      try {
        for (const lang of languages) {
          const response = await request.get(site.url + searchPath(lang, queries[lang]));
          expect(response.status(), lang).toBe(200);
          const again = await resultsOf(request, site.url + searchPath(lang, queries[lang]));
          expect(again.results.map((r) => r.href)).toEqual(found[lang]);
        }
      } finally {
        await site.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The news of a site's own reference API, newest first. */
async function allNewsAt(servers: SiteWithApi) {
  return (await apiData<Paged<NewsSummary>>("/api/news", "en", servers.api.url)).data;
}
