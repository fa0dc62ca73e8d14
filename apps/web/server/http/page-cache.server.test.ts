import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { casesByRule } from "../../app/test-support/cases.ts";
import {
  type CacheAddress,
  cacheAddress,
  isShareable,
  MAX_KEY_LENGTH,
  PageCache,
} from "./page-cache.server.ts";

const html = (text: string) => Buffer.from(`<!DOCTYPE html><p>${text}</p>`);

function cacheAt(maxBytes = 10_000, searchShare = 0) {
  const clock = { now: 1_000 };
  const cache = new PageCache({ maxBytes, searchShare, now: () => clock.now });
  const put = (key: string, body: Buffer, ttl = 500) =>
    cache.set(key, { status: 200, headers: [], body, expiresAt: clock.now + ttl });
  /** A page at `key` made from the API answers `dataKeys`. */
  const madeFrom = (key: string, dataKeys: string[]) =>
    cache.set(key, {
      status: 200,
      headers: [],
      body: html(key),
      expiresAt: clock.now + 500,
      dataKeys,
    });
  return { cache, clock, put, madeFrom };
}

describe("PageCache", () => {
  it("forgets the pages made from answers another process found changed", () => {
    const { cache, madeFrom: put } = cacheAt();
    put("/en/news", ["en /api/news?page=1", "en /api/footers"]);
    put("/en/news/3", ["en /api/news/3", "en /api/footers"]);
    put("/en/HSE", ["en /api/hse"]);
    cache.purgeMadeFrom(new Set(["en /api/footers"]));
    expect([cache.get("/en/news"), cache.get("/en/news/3")]).toEqual([undefined, undefined]);
    expect(cache.get("/en/HSE")).toBeDefined();
  });

  it("forgets every page made from some content, in both languages and every form, and names them", () => {
    const { cache, madeFrom: put } = cacheAt();
    put("/en/news/301", ["en /api/news/301", "en /api/footers"]);
    put("/ar/news/301.data?_routes=routes%2Fnews-item", ["ar /api/news/301"]);
    put("/ar/news?page=2", ["ar /api/news?page=2", "ar /api/news-page"]);
    put("/en/news/302", ["en /api/news/302"]);
    put("/en/HSE", ["en /api/hse"]);
    const dropped = cache.purgeContent(new Set(["/api/news/301", "/api/news"]));
    expect(dropped.sort()).toEqual([
      "/ar/news/301.data?_routes=routes%2Fnews-item",
      "/ar/news?page=2",
      "/en/news/301",
    ]);
    expect(cache.get("/en/news/302")).toBeDefined();
    expect(cache.get("/en/HSE")).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it("serves a page until its data expires, then forgets it", () => {
    const { cache, clock, put } = cacheAt();
    put("/en", html("home"), 500);
    clock.now += 499;
    expect(cache.get("/en")?.body.toString()).toContain("home");
    clock.now += 1;
    expect(cache.get("/en")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not keep a page whose data is already stale", () => {
    const { cache, put } = cacheAt();
    const entry = put("/en", html("made from stale data"), 0);
    // Weak: the same tag is sent with every encoding of the page.
    expect(entry.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(cache.get("/en")).toBeUndefined();
  });

  it("gives the same ETag to the same bytes and another to other bytes", () => {
    const { put } = cacheAt();
    expect(put("/a", html("x")).etag).toBe(put("/b", html("x")).etag);
    expect(put("/c", html("y")).etag).not.toBe(put("/a", html("x")).etag);
  });

  it("stays within its byte budget, dropping the least recently used first", () => {
    // Room for three entries of 1,000 bytes and their overhead (about 1 KB each).
    const { cache, put } = cacheAt(6_500);
    const page = (n: number) => Buffer.alloc(1_000, n);
    put("/1", page(1));
    put("/2", page(2));
    cache.get("/1"); // now /2 is the least recently used
    put("/3", page(3));
    put("/4", page(4));
    expect(cache.get("/2")).toBeUndefined();
    expect(cache.get("/1")).toBeDefined();
    expect(cache.get("/4")).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it("compresses a body once per encoding, and the bytes decode to the page", () => {
    const { cache, put } = cacheAt(1_000_000);
    const body = html("مرحبا ".repeat(500));
    const entry = put("/ar", body);
    const gzip = cache.bodyIn(entry, "gzip");
    expect(cache.bodyIn(entry, "gzip")).toBe(gzip);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(cache.bodyIn(entry, "br")).equals(body)).toBe(true);
    expect(gzip.length).toBeLessThan(body.length / 5);
    expect(cache.bodyIn(entry, "identity")).toBe(body);
  });

  it("compresses search results with less effort than pages, to the same bytes once decoded", () => {
    const { cache, put } = cacheAt(1_000_000, 0.5);
    // Text with some variety, where compression effort shows.
    const words = Array.from({ length: 3_000 }, (_, i) => `word${(i * 7919) % 1_009}`);
    const body = html(words.join(" "));
    const page = put("/en/news", body);
    const results = put("/en/search?q=word", body);
    for (const encoding of ["gzip", "br"] as const) {
      const decode = encoding === "gzip" ? gunzipSync : brotliDecompressSync;
      expect(decode(cache.bodyIn(results, encoding)).equals(body)).toBe(true);
      expect(cache.bodyIn(results, encoding).length).toBeGreaterThan(
        cache.bodyIn(page, encoding).length,
      );
    }
  });

  it("compresses a page it does not keep (from stale data) as one sent once", () => {
    const { cache, put } = cacheAt(1_000_000);
    const words = Array.from({ length: 3_000 }, (_, i) => `word${(i * 7919) % 1_009}`);
    const body = html(words.join(" "));
    const kept = put("/en/news", body);
    const notKept = put("/en/services", body, 0);
    expect(cache.get("/en/services")).toBeUndefined();
    const gzip = cache.bodyIn(notKept, "gzip");
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(gzip.length).toBeGreaterThan(cache.bodyIn(kept, "gzip").length);
  });

  it("counts compressed copies in the budget", () => {
    const { cache, put } = cacheAt(4_600);
    const random = randomBytes(1_000); // does not compress
    const first = put("/1", random);
    put("/2", Buffer.from(random));
    cache.bodyIn(first, "gzip"); // about 1 KB more: over budget, so the oldest goes
    expect(cache.size).toBe(1);
  });

  it("counts keys, headers and each entry's overhead, not only bodies", () => {
    const { cache, clock } = cacheAt(1_000_000);
    const headers: [string, string][] = [["content-type", "text/xml"]];
    for (let i = 0; i < 2_000; i++) {
      const key = `/sitemap/${i}-${"a".repeat(500)}.xml`;
      cache.set(key, { status: 200, headers, body: Buffer.from("x"), expiresAt: clock.now + 500 });
    }
    // 2,000 one-byte bodies under 1 KB keys: far more than 2 KB, and the budget holds.
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000);
    expect(cache.size).toBeLessThan(2_000);
    expect(cache.bytes / cache.size).toBeGreaterThan(2 * 500 + 1_000);
  });

  it("gives search results a pool of their own: endless queries never push pages out", () => {
    const { cache, put } = cacheAt(80_000, 0.125);
    put("/en/overview", Buffer.alloc(5_000, 1));
    put("/ar", Buffer.alloc(5_000, 2));
    for (let i = 0; i < 600; i++) put(`/en/search?q=x${i}`, Buffer.alloc(2_000, 3));
    expect(cache.get("/en/overview")).toBeDefined();
    expect(cache.get("/ar")).toBeDefined();
    expect(cache.get("/en/search?q=x599")).toBeDefined();
    expect(cache.get("/en/search?q=x0")).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(80_000);
  });

  it("drops the search results of one language, or of all, and nothing else", () => {
    const { cache, put } = cacheAt(80_000, 0.5);
    for (const key of ["/en/search?q=a", "/ar/search?q=b", "/en/news"]) put(key, html(key));
    cache.dropSearches("en");
    expect(cache.get("/en/search?q=a")).toBeUndefined();
    expect(cache.get("/ar/search?q=b")).toBeDefined();
    cache.dropSearches();
    expect(cache.get("/ar/search?q=b")).toBeUndefined();
    expect(cache.get("/en/news")).toBeDefined();
  });

  it("does not keep a key longer than MAX_KEY_LENGTH", () => {
    const { cache, put } = cacheAt(1_000_000);
    put(`/${"a".repeat(MAX_KEY_LENGTH)}`, html("x"));
    expect(cache.size).toBe(0);
  });

  it("empties on clear", () => {
    const { cache, put } = cacheAt();
    put("/en", html("x"));
    cache.clear();
    expect(cache.get("/en")).toBeUndefined();
  });
});

/** Kept if the answer is a 200 (a 404 never is). */
const kept = (key: string) => ({ key, keepable: true, render: key });
/** Rendered from `render` (default: the key), never kept. */
const notKept = (key: string, render = key) => ({ key, keepable: false, render });
const redirected = (redirectTo: string) => ({ redirectTo });

/** How requests are keyed, rule by rule: addresses and what the page handler does with them. */
const addresses = casesByRule<CacheAddress>({
  "keys pages by path and the page number": {
    "/en/news": kept("/en/news"),
    "/en/news?page=2": kept("/en/news?page=2"),
    "/en/news.data?page=2": kept("/en/news.data?page=2"),
  },
  "ignores query parameters pages do not read: they neither bypass nor flood the cache": {
    "/en?utm_source=x": kept("/en"),
    "/en?q=x1": kept("/en"),
    "/en/overview?page=7": kept("/en/overview"),
    "/en/news?page=2&nonce=123&fbclid=abc": kept("/en/news?page=2"),
    "/en/news?utm_medium=a&page=2": kept("/en/news?page=2"),
    "/en/news?page=1": kept("/en/news"),
    "/en/news?page=2&page=3": kept("/en/news?page=2"),
  },
  "keeps a search's words, kind and page, which the search page reads, normalised": {
    "/ar/search?utm_source=x&q=%D8%B1%D8%A3%D8%B3&page=2": kept(
      "/ar/search?q=%D8%B1%D8%A3%D8%B3&page=2",
    ),
    "/en/search?page=2&kind=news&q=++steel+++works+": kept(
      "/en/search?q=steel+works&kind=news&page=2",
    ),
    "/en/search?q=steel&kind=%3Cscript%3E": kept("/en/search?q=steel"),
  },
  "sends other spellings of a page to its one address, built from the page table": {
    "/en/NEWS": redirected("/en/news"),
    "/en/news/": redirected("/en/news"),
    "/en/News//": redirected("/en/news"),
    "/en/%6Eews": redirected("/en/news"),
    "/en/%6eews?page=2&utm_source=x": redirected("/en/news?page=2"),
    "/en/nEwS?utm_source=x": redirected("/en/news"),
    "/en/currentprojects/12/": redirected("/en/CurrentProjects/12"),
    "/en/hse": redirected("/en/HSE"),
    "/EN/news": redirected("/en/news"),
    "/AR/news/007": redirected("/ar/news/007"),
    "/en/": redirected("/en"),
  },
  "never redirects to what the request spelled (the open redirect of issue 30); renders a 404": {
    "/en/news/01%2F..%2F..%2F..%2F%09%2Fevil.example": kept(
      "/en/news/01%2F..%2F..%2F..%2F%09%2Fevil.example",
    ),
    "/ar/projects/01%2F..%2F%0A%2Fevil.example": kept("/ar/projects/01%2F..%2F%0A%2Fevil.example"),
    "/en/services/0%2F%2Fevil.example": kept("/en/services/0%2F%2Fevil.example"),
  },
  "never lets a dot segment turn the address into another page's: renders it as `-.-`, a 404": {
    "/en/news/%2E%2E": { key: "/en/news/..", keepable: false, render: "/en/news/-.-" },
    "/en/news/%2E%2E/%2E%2E/ar": {
      key: "/en/news/../../ar",
      keepable: false,
      render: "/en/news/-.-/-.-/ar",
    },
    "/ar/%2e/x": { key: "/ar/./x", keepable: false, render: "/ar/-.-/x" },
    "/en/.%2E?x=1": { key: "/en/..", keepable: false, render: "/en/-.-?x=1" },
    // The URL parser reads a backslash as a slash.
    "/en/x\\%2e%2E\\hse": { key: "/en/x\\..\\hse", keepable: false, render: "/en/x\\-.-\\hse" },
    "/en/news\\..\\projects": notKept("/en/news\\..\\projects", "/en/news\\-.-\\projects"),
    "/en/news/..a": kept("/en/news/..a"),
  },
  "keys React Router's answers of a page like the page, keeping none with `_routes`": {
    "/en/NEWS.data?_routes=a&_routes=b": notKept("/en/news.data?_routes=a"),
    "/en/news.data?x=1": kept("/en/news.data"),
  },
  "redirects another spelling of one of the site's files to its one address": {
    "/en/NEWS/feed.xml": redirected("/en/news/feed.xml"),
    "/en/news/FEED.xml": redirected("/en/news/feed.xml"),
    "/en/news/feed.xml/?x=1": redirected("/en/news/feed.xml"),
    "/AR/manifest.webmanifest": redirected("/ar/manifest.webmanifest"),
    "/robots.txt/": redirected("/robots.txt"),
    "/Sitemap.XML": redirected("/sitemap.xml"),
    "/%73itemap.xml": redirected("/sitemap.xml"),
  },
  "keeps other addresses only when sent in their one spelling": {
    "/en/news/feed.xml": kept("/en/news/feed.xml"),
    "/fr/news?page=2": { key: "/fr/news", keepable: true, render: "/fr/news?page=2" },
    "/sitemap.xml?x=1": { key: "/sitemap.xml", keepable: true, render: "/sitemap.xml?x=1" },
    "/sitemap/2.xml/": notKept("/sitemap/2.xml", "/sitemap/2.xml/"),
    "/en/No-Such-Page/": notKept("/en/no-such-page", "/en/No-Such-Page/"),
    // Not a page: its `.data` may read the query, which the key leaves out.
    "/en/search/suggest.data?q=bridge": notKept(
      "/en/search/suggest.data",
      "/en/search/suggest.data?q=bridge",
    ),
    "/": kept("/"),
  },
});

describe("cacheAddress", () => {
  it.each(addresses)("%s: %s", (_rule, target, expected) => {
    expect(cacheAddress(target)).toEqual(expected);
  });

  it("keeps no key longer than MAX_KEY_LENGTH", () => {
    const long = `/sitemap/${"a".repeat(MAX_KEY_LENGTH)}.xml`;
    expect(cacheAddress(long)).toEqual(notKept(long));
    const words = "حديد ".repeat(40);
    const search = cacheAddress(`/ar/search?q=${encodeURIComponent(words)}`);
    expect("key" in search && search.key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH);
  });

  it("makes every kept key its own key: a hit may be looked up by the address as sent (cached-answers.ts)", () => {
    const keys = addresses.flatMap(([, , expected]) =>
      "key" in expected && expected.keepable ? [expected.key] : [],
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(cacheAddress(key)).toMatchObject({ key, keepable: true });
  });

  it.each([
    "/en/news?page=2&x=1",
    "/ar/CurrentProjects",
    "/en/news.data",
    "/en/search?q=a+b&kind=news",
  ])("makes a key that is its own key: %s", (target) => {
    const first = cacheAddress(target);
    expect(first).toMatchObject({ keepable: true });
    if ("key" in first) expect(cacheAddress(first.key)).toEqual(first);
  });
});

describe("PageCache.purge", () => {
  it("forgets a page in every form: page numbers, .data answers, any spelling; not its neighbours", () => {
    const { cache } = cacheAt(100_000);
    const keep = ["/en/news/3", "/ar/news", "/en/newsletter", "/en"];
    const gone = ["/en/news", "/en/news?page=2", "/en/news.data"];
    for (const [i, url] of [...keep, ...gone].entries()) {
      cache.set(url, {
        status: 200,
        headers: [],
        body: html(url),
        expiresAt: 10_000,
        dataKeys: [`data-${i}`],
      });
    }
    expect(cache.size).toBe(keep.length + gone.length);
    const dataKeys = cache.purge("/en/News/");
    expect([...dataKeys].sort()).toEqual(["data-4", "data-5", "data-6"]);
    for (const url of gone) expect(cache.get(url), url).toBeUndefined();
    for (const url of keep) expect(cache.get(url), url).toBeDefined();
  });

  it("gives back the memory of what it forgot", () => {
    const { cache, put } = cacheAt(5_000);
    put("/en/news", Buffer.alloc(1_400, 1));
    put("/en/news?page=2", Buffer.alloc(1_400, 2));
    cache.purge("/en/news");
    put("/en/a", Buffer.alloc(1_400, 3));
    put("/en/b", Buffer.alloc(1_400, 4));
    expect(cache.get("/en/a")).toBeDefined();
    expect(cache.get("/en/b")).toBeDefined();
  });
});

describe("isShareable", () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it("shares plain successful pages", () => {
    expect(isShareable(200, headers({ "Content-Type": "text/html" }))).toBe(true);
  });

  it("keeps errors, not-found answers, redirects, cookies and private answers out", () => {
    expect(isShareable(404, headers({}))).toBe(false);
    expect(isShareable(404, headers({ "Cache-Control": "public" }))).toBe(false);
    expect(isShareable(503, headers({ "Cache-Control": "public" }))).toBe(false);
    expect(isShareable(503, headers({}))).toBe(false);
    expect(isShareable(302, headers({ Location: "/en" }))).toBe(false);
    expect(isShareable(200, headers({ "Set-Cookie": "a=b" }))).toBe(false);
    expect(isShareable(200, headers({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isShareable(200, headers({ "Cache-Control": "no-cache" }))).toBe(false);
  });
});
