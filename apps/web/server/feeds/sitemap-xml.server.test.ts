import { describe, expect, it } from "vitest";
import type { ContentClient } from "../content/api-client.server.ts";
import { BULK_READ_CONCURRENCY } from "../content/paged.server.ts";
import {
  SitemapCache,
  type SitemapPage,
  sitemapFiles,
  sitemapPages,
} from "./sitemap-xml.server.ts";

/**
 * A content API in memory: news in two pages in English and one in Arabic, one English-only
 * project, one current project, a service, an extra page.
 */
function fakeApi(): ContentClient {
  const paged = (data: unknown[], page: number, last: number) => ({
    data,
    pagination: { current_page: page, last_page: last, per_page: 2, total: 3 },
  });
  const answers: Record<string, (page: number) => unknown> = {
    "en news": (page) =>
      page === 1
        ? paged([{ id: 3, created_at: "2024-05-02T10:00:00Z" }, { id: 2 }], 1, 2)
        : paged([{ id: 1, created_at: "2999-01-01" }], 2, 2),
    "ar news": () => paged([{ id: 3, created_at: "2024-05-02" }, { id: 2 }], 1, 1),
    "en completedProjects": () => paged([{ id: 7, date: "2020-01-31" }], 1, 1),
    "ar completedProjects": () => paged([], 1, 1),
    "en currentProjects": () => paged([{ id: 8 }], 1, 1),
    "ar currentProjects": () => paged([{ id: 8 }], 1, 1),
    // A string id (API.md) is listed.
    "en services": () => [{ id: 4 }, { id: "Road-7" }],
    "ar services": () => [{ id: 4 }, { id: "Road-7" }],
    "en extraPages": () => [{ id: 5 }],
    "ar extraPages": () => [{ id: 5 }],
  };
  return {
    content: async (name: string, lang: string, query: { page?: number } = {}) => {
      const answer = answers[`${lang} ${name}`];
      if (!answer) throw new Error(`unexpected ${lang} ${name}`);
      return answer(query.page ?? 1);
    },
  } as unknown as ContentClient;
}

const versionsOf = (pages: SitemapPage[], path: string) =>
  pages.find((page) => Object.values(page.versions).some((v) => v.path === path))?.versions;

describe("sitemapPages", () => {
  it("lists every page in the languages it exists in, with dates from the data", async () => {
    const pages = await sitemapPages(fakeApi(), "2025-01-01");
    const all = pages.flatMap((page) => Object.values(page.versions).map((v) => v.path));
    // Static pages in both languages; the hidden data page is not listed.
    for (const path of ["/en", "/ar", "/en/overview", "/ar/HSE", "/en/equipment", "/ar/iso"]) {
      expect(all).toContain(path);
    }
    expect(all).toContain("/ar/contactUs");
    expect(all.some((path) => path.includes("soso"))).toBe(false);
    expect(all).toContain("/en/services/Road-7");
    // Detail pages from every list.
    expect(versionsOf(pages, "/en/news/3")).toEqual({
      en: { path: "/en/news/3", lastmod: "2024-05-02" },
      ar: { path: "/ar/news/3", lastmod: "2024-05-02" },
    });
    expect(versionsOf(pages, "/en/services/4")?.ar?.path).toBe("/ar/services/4");
    expect(versionsOf(pages, "/en/otherPages/5")?.ar?.path).toBe("/ar/otherPages/5");
    expect(versionsOf(pages, "/ar/CurrentProjects/8")?.en?.path).toBe("/en/CurrentProjects/8");
    // Only where it exists: the project is English only; news 1 is on English page 2 only.
    // A project's date is its completion, no modification date of its page.
    expect(versionsOf(pages, "/en/projects/7")).toEqual({ en: { path: "/en/projects/7" } });
    // A date in the future is no modification date.
    expect(versionsOf(pages, "/en/news/1")).toEqual({ en: { path: "/en/news/1" } });
    // Paged lists: page 2 of the news exists in English only.
    expect(versionsOf(pages, "/en/news?page=2")).toEqual({ en: { path: "/en/news?page=2" } });
    expect(all).not.toContain("/ar/news?page=2");
    expect(all).not.toContain("/en/news?page=1");
  });
});

/** A large paged news list (`pages` pages of 10) that counts requests and those in flight. */
function countingApi(pages: number) {
  const stats = { requests: 0, inFlight: 0, most: 0 };
  const paged = (page: number, lang: string) => ({
    data: Array.from({ length: 10 }, (_, i) => ({
      // Arabic ids as strings, English as numbers: the contract allows both.
      id: lang === "ar" ? String((page - 1) * 10 + i + 1) : (page - 1) * 10 + i + 1,
    })),
    pagination: { current_page: page, last_page: pages, per_page: 10, total: pages * 10 },
  });
  const api = {
    content: async (name: string, lang: string, query: { page?: number } = {}) => {
      stats.requests++;
      stats.inFlight++;
      stats.most = Math.max(stats.most, stats.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      stats.inFlight--;
      if (name === "news") return paged(query.page ?? 1, lang);
      if (["completedProjects", "currentProjects"].includes(name)) {
        return { data: [], pagination: { current_page: 1, last_page: 1, per_page: 9, total: 0 } };
      }
      return [];
    },
    tracking(seen: (until: number, key: string) => void) {
      return {
        content: async (name: string, lang: string, query: { page?: number } = {}) => {
          seen(5_000, `${lang} ${name} ${query.page ?? ""}`);
          return api.content(name, lang, query);
        },
      };
    },
  };
  return { api: api as unknown as ContentClient, stats };
}

describe("sitemapPages at scale", () => {
  it(`runs at most ${BULK_READ_CONCURRENCY} API requests at once`, async () => {
    const { api, stats } = countingApi(40);
    const pages = await sitemapPages(api, "2025-01-01");
    // Precondition: there were far more requests than the limit.
    expect(stats.requests).toBeGreaterThan(80);
    expect(stats.most).toBe(BULK_READ_CONCURRENCY);
    // Ids given as numbers in one language and strings in the other are one item.
    expect(versionsOf(pages, "/en/news/400")).toEqual({
      en: { path: "/en/news/400" },
      ar: { path: "/ar/news/400" },
    });
  });

  it("matches thousands of items across languages in linear time", async () => {
    const { api } = countingApi(2_000); // 20,000 news per language
    const started = performance.now();
    const pages = await sitemapPages(api, "2025-01-01", 64);
    expect(pages.filter((page) => page.versions.ar?.path.startsWith("/ar/news/"))).toHaveLength(
      20_000,
    );
    // Quadratic matching took minutes here; linear takes well under a few seconds.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("SitemapCache", () => {
  it("builds once while its data is fresh, for any number of parts and concurrent requests", async () => {
    const { api, stats } = countingApi(3);
    const clock = { now: 1_000 };
    const cache = new SitemapCache("https://site.example", () => clock.now);
    const builds = await Promise.all(Array.from({ length: 20 }, () => cache.get(api)));
    const once = stats.requests;
    expect(once).toBeGreaterThan(0);
    expect(new Set(builds).size).toBe(1);
    expect(builds[0]?.until).toBe(5_000);
    expect(builds[0]?.dataKeys.length).toBeGreaterThan(0);
    await cache.get(api);
    expect(stats.requests).toBe(once);
    // Once its data is no longer fresh, or after a purge, it is built again.
    clock.now = 5_000;
    await cache.get(api);
    expect(stats.requests).toBe(2 * once);
    cache.clear();
    await cache.get(api);
    expect(stats.requests).toBe(3 * once);
  });
});

describe("sitemapFiles", () => {
  const site = "https://www.example.com";
  const pages: SitemapPage[] = [
    { versions: { en: { path: "/en/news/3", lastmod: "2024-05-02" }, ar: { path: "/ar/news/3" } } },
    { versions: { ar: { path: "/ar/news?page=2&x=<'>" } } },
  ];

  it("writes each address with its alternates and x-default, escaped", () => {
    const [xml = ""] = sitemapFiles(site, pages);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls).toHaveLength(3);
    expect(urls[0]).toBe(
      "<url><loc>https://www.example.com/en/news/3</loc><lastmod>2024-05-02</lastmod>" +
        '<xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/en/news/3"/>' +
        '<xhtml:link rel="alternate" hreflang="ar" href="https://www.example.com/ar/news/3"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/en/news/3"/></url>',
    );
    expect(urls[1]).toContain("<loc>https://www.example.com/ar/news/3</loc><xhtml:link");
    // Without an English version, x-default is the page that exists.
    expect(urls[2]).toContain(
      "<loc>https://www.example.com/ar/news?page=2&amp;x=&lt;&apos;&gt;</loc>",
    );
    expect(urls[2]).toContain('hreflang="x-default" href="https://www.example.com/ar/news?page=2');
    expect(urls[2]).not.toContain('hreflang="en"');
  });

  it("becomes an index of parts past the limit of addresses per file", () => {
    const files = sitemapFiles(site, pages, 2);
    expect(files).toHaveLength(3);
    expect(files[0]).toContain("<sitemapindex");
    expect(files[0]?.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      "<loc>https://www.example.com/sitemap/1.xml</loc>",
      "<loc>https://www.example.com/sitemap/2.xml</loc>",
    ]);
    expect(files[1]?.match(/<url>/g)).toHaveLength(2);
    expect(files[2]?.match(/<url>/g)).toHaveLength(1);
    expect(sitemapFiles(site, pages, 3)).toHaveLength(1);
  });
});
