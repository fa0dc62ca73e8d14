/**
 * The sitemap (https://www.sitemaps.org/protocol.html) of both languages, built from the page
 * table of page-table.ts (the one list of pages that routes and canonical links also use) and
 * the content API: every page that exists, each with its alternates in the other language and
 * `x-default`, and `lastmod` where the data has a date. Over 50,000 addresses it becomes an
 * index of numbered parts (`/sitemap/1.xml`, ...).
 *
 * At scale (tens of thousands of items, thousands of API pages): at most
 * `BULK_READ_CONCURRENCY` API requests run at once, items are matched across languages by
 * id in linear time, and the files are built once per freshness of their data
 * (`SitemapCache`), whatever number of parts or missing parts are asked for.
 */
import {
  type EndpointName,
  isPagedEndpoint,
  type Language,
  type PagedEndpointName,
} from "@site/contract";
import { type Gate, limiter } from "@site/contract/concurrency";
import { defaultLanguage, languages } from "@site/contract/languages";
import { href, isListed, type PageName, pages } from "../../app/shared/page-table.ts";
import { isoDay } from "../../app/shared/text.ts";
import type { ContentClient } from "../content/api-client.server.ts";
import { contentKeyOf } from "../content/content-keys.server.ts";
import { isItemPage, itemPages, pagedListOf } from "../content/item-pages.server.ts";
import { allPages, BULK_READ_CONCURRENCY } from "../content/paged.server.ts";
import { escapeXml } from "../escape-xml.ts";

/** The sitemaps protocol's limit of addresses per file. */
const MAX_URLS_PER_FILE = 50_000;

/** One page of the site, in the languages it exists in. */
export interface SitemapPage {
  versions: Partial<Record<Language, { path: string; lastmod?: string }>>;
}

interface Row {
  id: number | string;
  created_at?: string | null;
}

/** A date the data gives (`2024-05-01…`) as `YYYY-MM-DD`, unless it is not a past date. */
function lastmodOf(row: Row, today: string): string | undefined {
  // When it was published; a project's `date` is its completion, not a change of its page.
  const day = isoDay(row.created_at);
  return day && day <= today ? day : undefined;
}

/** Every row of a paged list (all its pages) and its page count. */
async function readPaged(api: ContentClient, name: PagedEndpointName, lang: Language, limit: Gate) {
  const all = await allPages((page) => api.content(name, lang, { page }), limit);
  return {
    rows: all.flatMap((page) => page.data as Row[]),
    lastPage: all[0]?.pagination.last_page ?? 1,
  };
}

async function readList(api: ContentClient, name: EndpointName, lang: Language, limit: Gate) {
  if (isPagedEndpoint(name)) return readPaged(api, name, lang, limit);
  const rows = (await limit(() => api.content(name, lang))) as unknown as Row[];
  return { rows, lastPage: 1 };
}

/** Every page of the site in both languages. Throws (as loaders do) when the API fails. */
export async function sitemapPages(
  api: ContentClient,
  today = new Date().toISOString().slice(0, 10),
  concurrency = BULK_READ_CONCURRENCY,
): Promise<SitemapPage[]> {
  const limit = limiter(concurrency);
  const names = Object.keys(pages) as PageName[];
  // Each item page's list: its items, and the page count of its list page (`pagedListOf`).
  const lists = new Set<EndpointName>(Object.values(itemPages).map((item) => item.list));
  const read = new Map<string, { rows: Row[]; lastPage: number; byId: Map<string, Row> }>();
  await Promise.all(
    languages.flatMap((lang) =>
      [...lists].map(async (name) => {
        const list = await readList(api, name, lang, limit);
        // By id, so matching the languages' items is linear, not quadratic.
        const byId = new Map(list.rows.map((row) => [String(row.id), row]));
        read.set(`${lang} ${name}`, { ...list, byId });
      }),
    ),
  );
  const listIn = (name: EndpointName, lang: Language) =>
    read.get(`${lang} ${name}`) ?? { rows: [], lastPage: 1, byId: new Map<string, Row>() };

  const result: SitemapPage[] = [];
  /** Adds one page; `at(lang)` says where it is in a language, or undefined where it is not. */
  const add = (at: (lang: Language) => { path: string; lastmod?: string } | undefined) => {
    const versions: SitemapPage["versions"] = {};
    for (const lang of languages) {
      const version = at(lang);
      if (version) versions[lang] = version;
    }
    if (Object.keys(versions).length > 0) result.push({ versions });
  };

  for (const name of names) {
    if (!isListed(name)) continue;
    if (isItemPage(name)) {
      const source = itemPages[name].list;
      // (An id no address can hold is not in the lists: `withPagesOnly`, api-payload.)
      const ids = new Set(
        languages.flatMap((lang) => listIn(source, lang).rows.map((r) => String(r.id))),
      );
      for (const id of ids) {
        add((lang) => {
          const row = listIn(source, lang).byId.get(id);
          return row ? { path: href(name, lang, id), lastmod: lastmodOf(row, today) } : undefined;
        });
      }
      continue;
    }
    add((lang) => ({ path: href(name, lang) }));
    // A list shown a page at a time has each page at `?page=N`.
    const source = pagedListOf(name);
    if (source) {
      const pageCount = Math.max(...languages.map((lang) => listIn(source, lang).lastPage));
      for (let page = 2; page <= pageCount; page++) {
        add((lang) =>
          page <= listIn(source, lang).lastPage
            ? { path: `${href(name, lang)}?page=${page}` }
            : undefined,
        );
      }
    }
  }
  return result;
}

/** `<url>` entries: one per page and language, each listing every version and `x-default`. */
function urlEntries(siteUrl: string, sitemap: SitemapPage[]): string[] {
  const entries: string[] = [];
  for (const { versions } of sitemap) {
    const fallback = versions[defaultLanguage] ?? Object.values(versions)[0];
    const links = [
      ...languages.flatMap((lang) => {
        const version = versions[lang];
        return version ? [[lang, version.path] as const] : [];
      }),
      ...(fallback ? [["x-default", fallback.path] as const] : []),
    ].map(
      ([hreflang, path]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(siteUrl + path)}"/>`,
    );
    for (const lang of languages) {
      const version = versions[lang];
      if (!version) continue;
      const lastmod = version.lastmod ? `<lastmod>${version.lastmod}</lastmod>` : "";
      entries.push(
        `<url><loc>${escapeXml(siteUrl + version.path)}</loc>${lastmod}${links.join("")}</url>`,
      );
    }
  }
  return entries;
}

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * The sitemap files: `files[0]` is `/sitemap.xml` (the whole sitemap, or the index of the
 * parts once there are more than `maxUrls` addresses); `files[n]` is part n (`/sitemap/n.xml`).
 */
export function sitemapFiles(
  siteUrl: string,
  sitemap: SitemapPage[],
  maxUrls = MAX_URLS_PER_FILE,
): string[] {
  const entries = urlEntries(siteUrl, sitemap);
  const urlset = (part: string[]) =>
    `${XML}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${part.join("\n")}\n</urlset>\n`;
  if (entries.length <= maxUrls) return [urlset(entries)];
  const parts: string[] = [];
  for (let start = 0; start < entries.length; start += maxUrls) {
    parts.push(urlset(entries.slice(start, start + maxUrls)));
  }
  const index = parts
    .map((_, i) => `<sitemap><loc>${escapeXml(`${siteUrl}/sitemap/${i + 1}.xml`)}</loc></sitemap>`)
    .join("\n");
  return [
    `${XML}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index}\n</sitemapindex>\n`,
    ...parts,
  ];
}

/** The sitemap files and what they were made from: until when it is fresh, its data keys. */
export interface BuiltSitemap {
  files: string[];
  until: number;
  dataKeys: string[];
}

/**
 * The sitemap of one site, built once and kept while the data it was made from is fresh, so
 * its parts, and parts that do not exist, cost no second build; concurrent requests share one.
 */
export class SitemapCache {
  #built: BuiltSitemap | undefined;
  #building: Promise<BuiltSitemap> | undefined;
  readonly #siteUrl: string;
  readonly #now: () => number;

  constructor(siteUrl: string, now: () => number = Date.now) {
    this.#siteUrl = siteUrl;
    this.#now = now;
  }

  /** The files, built with `api` (the site's client) if the last build is not fresh. */
  get(api: ContentClient): Promise<BuiltSitemap> {
    if (this.#built && this.#now() < this.#built.until) return Promise.resolve(this.#built);
    this.#building ??= this.#build(api).finally(() => {
      this.#building = undefined;
    });
    return this.#building;
  }

  /** Forgets the build (a purge of the whole site). */
  clear(): void {
    this.#built = undefined;
  }

  /** Forgets the build if it was made from any of `contentKeys` (a purge by content). */
  purgeContent(contentKeys: ReadonlySet<string>): void {
    if (this.#built?.dataKeys.some((key) => contentKeys.has(contentKeyOf(key)))) this.clear();
  }

  async #build(api: ContentClient): Promise<BuiltSitemap> {
    let until = Number.POSITIVE_INFINITY;
    const dataKeys = new Set<string>();
    const tracked = api.tracking((freshUntil, key) => {
      until = Math.min(until, freshUntil);
      dataKeys.add(key);
    });
    const files = sitemapFiles(this.#siteUrl, await sitemapPages(tracked));
    const built = { files, until, dataKeys: [...dataKeys] };
    this.#built = built;
    return built;
  }
}
