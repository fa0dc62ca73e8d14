import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { casesByRule } from "../../app/test-support/cases.ts";
import { chooseEncoding, isShareable, PageCache, pageCacheKey } from "./page-cache.server.ts";

const html = (text: string) => Buffer.from(`<!DOCTYPE html><p>${text}</p>`);

function cacheAt(maxBytes = 10_000) {
  const clock = { now: 1_000 };
  const cache = new PageCache({ maxBytes, now: () => clock.now });
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
    expect(entry.etag).toMatch(/^"[\w-]+"$/);
    expect(cache.get("/en")).toBeUndefined();
  });

  it("gives the same ETag to the same bytes and another to other bytes", () => {
    const { put } = cacheAt();
    expect(put("/a", html("x")).etag).toBe(put("/b", html("x")).etag);
    expect(put("/c", html("y")).etag).not.toBe(put("/a", html("x")).etag);
  });

  it("stays within its byte budget, dropping the least recently used first", () => {
    const { cache, put } = cacheAt(3_000);
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

  it("counts compressed copies in the budget", () => {
    const { cache, put } = cacheAt(2_500);
    const random = randomBytes(1_000); // does not compress
    const first = put("/1", random);
    put("/2", Buffer.from(random));
    cache.bodyIn(first, "gzip"); // about 1 KB more: over budget, so the oldest goes
    expect(cache.size).toBe(1);
  });

  it("empties on clear", () => {
    const { cache, put } = cacheAt();
    put("/en", html("x"));
    cache.clear();
    expect(cache.get("/en")).toBeUndefined();
  });
});

/** How requests are keyed, rule by rule: addresses and their page's key. */
const pageKeys = casesByRule({
  "keys pages by path and the page number": {
    "/en/news": "/en/news",
    "/en/news?page=2": "/en/news?page=2",
    "/en/news.data?page=2&_routes=routes%2Fnews": "/en/news.data?page=2&_routes=routes%2Fnews",
  },
  "ignores query parameters pages do not read: they neither bypass nor flood the cache": {
    "/en?utm_source=x": "/en",
    "/en/news?page=2&nonce=123&fbclid=abc": "/en/news?page=2",
    "/en/news?utm_medium=a&page=2": "/en/news?page=2",
  },
  "keeps `_routes` for `.data` answers only": { "/en/news?_routes=x": "/en/news" },
  "keeps a search's words, which the search page reads": {
    "/ar/search?utm_source=x&q=%D8%B1%D8%A3%D8%B3&page=2": "/ar/search?q=%D8%B1%D8%A3%D8%B3&page=2",
  },
  "spells one page one way: trailing slashes, the page segment's case, repeated parameters": {
    "/en/NEWS": "/en/news",
    "/en/news/": "/en/news",
    "/en/News//": "/en/news",
    "/en/nEwS?utm_source=x": "/en/news",
    "/en/currentprojects/12/": "/en/CurrentProjects/12",
    "/en/hse": "/en/HSE",
    "/en/news?page=2&page=3": "/en/news?page=2",
    "/en/NEWS.data?_routes=a&_routes=b": "/en/news.data?_routes=a",
    "/": "/",
  },
  "leaves the language (the layout's to redirect) and unknown segments as sent": {
    "/EN/news": "/EN/news",
    "/en/No-Such-Page/": "/en/No-Such-Page",
  },
});

describe("pageCacheKey", () => {
  const key = (url: string) => pageCacheKey(new URL(url, "http://site.example"));

  it.each(pageKeys)("%s: %s → %s", (_rule, url, pageKey) => {
    expect(key(url)).toBe(pageKey);
  });

  it.each(["/en/NEWS/?page=2&x=1", "/ar/CurrentProjects/", "/en/news.data"])(
    "makes a key that is its own key, spelled canonically: %s",
    (url) => {
      expect(key(key(url))).toBe(key(url));
    },
  );
});

describe("PageCache.purge", () => {
  it("forgets a page in every form: page numbers, .data answers, any spelling; not its neighbours", () => {
    const { cache } = cacheAt(100_000);
    const keep = ["/en/news/3", "/ar/news", "/en/newsletter", "/en"];
    const gone = [
      pageCacheKey(new URL("http://s/en/news")),
      pageCacheKey(new URL("http://s/en/NEWS/?page=2")),
      pageCacheKey(new URL("http://s/en/news.data?_routes=routes%2Fnews")),
    ];
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
    const { cache, put } = cacheAt(3_000);
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

  it("keeps errors, redirects, cookies and private answers out", () => {
    expect(isShareable(404, headers({}))).toBe(false);
    expect(isShareable(404, headers({ "Cache-Control": "public" }))).toBe(true);
    expect(isShareable(503, headers({ "Cache-Control": "public" }))).toBe(false);
    expect(isShareable(503, headers({}))).toBe(false);
    expect(isShareable(302, headers({ Location: "/en" }))).toBe(false);
    expect(isShareable(200, headers({ "Set-Cookie": "a=b" }))).toBe(false);
    expect(isShareable(200, headers({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isShareable(200, headers({ "Cache-Control": "no-cache" }))).toBe(false);
  });
});

describe("chooseEncoding", () => {
  it("prefers Brotli, then gzip, honouring q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });
});
