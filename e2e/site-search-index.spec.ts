/**
 * Site search's index over its life (issue 24), each test on servers of its own, checked once
 * at desktop width (the server answers the same at every width): a purge updates the purged
 * item's document; SEARCH_PAGE_SIZE sets the results per page in both languages; when the API
 * fails the last good index answers, and with none the error screen; before the first index a
 * search says it is being prepared (503, Retry-After) instead of waiting for the crawl; two
 * processes share one saved index, which answers after a restart with the API down. Searching
 * and matching on the shared site: site-search.spec.ts.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startContentApi } from "@site/content-api";
import {
  apiData,
  company,
  type Lang,
  languages,
  type NewsSummary,
  type Paged,
  t,
} from "./support/content.ts";
import { E2E_DOWN_URL, e2eStorageDir } from "./support/env.ts";
import { resultsOf, searchPath } from "./support/search.ts";
import { editNews, type SiteWithApi, startSite, startSiteWithApi } from "./support/site.ts";
import { expect, onlyAt, test } from "./support/test.ts";

onlyAt("desktop", "the same server answers at every width");

const queries: Record<Lang, string> = { en: "bridges", ar: "جسور" };

const SECRET = "a-search-secret-of-some-length";

test.describe("the index and the API", () => {
  test.describe.configure({ mode: "serial" });

  const perPage = 3;
  // One site for the purge and the page size (neither setting changes what the other test
  // reads).
  let shared: SiteWithApi;
  test.beforeAll(async () => {
    shared = await startSiteWithApi(
      {},
      { PURGE_SECRET: SECRET, SEARCH_PAGE_SIZE: String(perPage) },
    );
  });
  test.afterAll(async () => {
    await shared?.stop();
  });

  test("a purge of an item's page updates that document: the next search sees the API's content", async ({
    request,
  }) => {
    const at = (address: string) => resultsOf(request, shared.site.url + address);
    const [story] = await allNewsAt(shared);
    expect(story).toBeDefined();
    const word = `Zebrafinch${Date.now() % 1000}`;
    expect((await at(searchPath("en", word))).results).toEqual([]);
    editNews(shared, story?.id ?? 0, { title_en: `${word} tower topped out` });
    // The index is fresh for minutes: without a purge it has not changed.
    expect((await at(searchPath("en", word))).results).toEqual([]);
    const purged = await request.post(`${shared.site.url}/purge`, {
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
    for (const lang of languages) {
      const query = company(lang).name.split(" ")[0] ?? "";
      const first = await resultsOf(request, shared.site.url + searchPath(lang, query));
      // The count of every kind together is the largest of the filter links.
      const total = Math.max(...first.kinds.map((kind) => kind.count));
      expect(total).toBeGreaterThan(perPage);
      expect(first.results).toHaveLength(perPage);
      const lastPage = Math.ceil(total / perPage);
      const last = await resultsOf(request, shared.site.url + searchPath(lang, query, lastPage));
      expect(last.results).toHaveLength(total - (lastPage - 1) * perPage);
      const past = await request.get(shared.site.url + searchPath(lang, query, lastPage + 1), {
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
