/**
 * The full-page cache: rendered answers to anonymous GET requests (HTML pages and the `.data`
 * answers of client-side navigations), kept by URL until the data they were made from expires,
 * emptied with the data cache. A hit skips rendering; each entry keeps its body compressed once
 * per encoding, and an ETag for 304s. What a stranger's requests can make it keep is bounded:
 * only 200 answers at one spelling of their address with the query their page reads
 * (`cacheAddress`), keys of at most MAX_KEY_LENGTH, and a byte budget that counts keys, headers
 * and each entry's overhead as well as bodies (least recently used go first); search results
 * have a pool of their own, so distinct queries never push the pages out.
 */
import { createHash } from "node:crypto";
import { languages } from "@site/contract/languages";
import {
  feedPath,
  manifestPath,
  pageAddress,
  pageQuery,
  ROBOTS_PATH,
  SITEMAP_PATH,
} from "../../app/shared/page-table.ts";
import { normaliseEscapes } from "../../app/shared/url-escapes.ts";
import { contentKeyOf } from "../content/content-keys.server.ts";
import { countPageCache } from "../operations/metrics.server.ts";
import { compress, type Effort, type Encoding, SENT_OFTEN, SENT_ONCE } from "./encoding.ts";

export interface CachedPage {
  key: string;
  status: number;
  /** Response headers as rendered (without length or encoding). */
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** The data cache keys the page was made from (purged with it). */
  dataKeys: readonly string[];
  storedAt: number;
  expiresAt: number;
  /** The body per encoding, made on first use. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

export interface PageCacheOptions {
  /** Bytes every entry together may take (PAGE_CACHE_MAX_MB), counted whole: fixedCostOf. */
  maxBytes: number;
  /** The part of `maxBytes` search results may take; default an eighth. */
  searchShare?: number;
  now?: () => number;
}

/** Longest key kept: a longer address is answered, never kept. */
export const MAX_KEY_LENGTH = 1024;

/**
 * The one spelling of an address that is not a page of the table (a feed, a sitemap part, an
 * unknown path): in lower case (routes match any case, and these addresses are all written so),
 * escapes normalised, without trailing slashes. `/en/NEWS/Feed.xml/` → `/en/news/feed.xml`.
 */
function canonicalOtherPath(pathname: string): string {
  return normaliseEscapes(pathname.toLowerCase()).replace(/\/+$/, "") || "/";
}

/**
 * The one path a purge's `path` names (any spelling, a query ignored): a page's address from
 * the page table, else the one spelling of another address. `/en/hse/` → `/en/HSE`. (Pages'
 * canonical links: page-table.ts `canonicalPath`.)
 */
export function purgedPathOf(path: string): string {
  const pathname = path.split("?")[0] ?? "";
  return pageAddress(pathname)?.path ?? canonicalOtherPath(pathname);
}

/** How the page handler treats one GET: where to redirect it, or which key it renders under. */
export type CacheAddress =
  | { redirectTo: string }
  | {
      /** The cache key, and the address rendered when it is `keepable`: `/en/news?page=2`. */
      key: string;
      /** Whether a 200 answer may be kept under `key`: one spelling, no other variants. */
      keepable: boolean;
      /** The address rendered: `key`, or for another spelling of an address outside the page
       * table, that spelling's path (its route redirects it, or answers it, as it would). */
      render: string;
    };

/**
 * Reads a request target (`/en/NEWS/?page=2&utm_source=x`, as sent). A page of the table that is
 * not spelled as its one address is redirected there (`/en/%6Eews` → `/en/news`, `/EN/news/07/`
 * → `/en/news/07`); the key is that address with the query the page reads (page-table.ts
 * `pageQuery`): `/en/news?page=2`. So is one of the site's files (the feeds, the manifests,
 * the sitemap, robots). Anything else (sitemap parts, unknown paths) is keyed by its path,
 * canonically spelled, without a query, and kept only when it was sent so spelled: the variants
 * of an address never make entries of their own (they are rendered as sent). React
 * Router's `.data` answers of a page are keyed like the page, and kept only without `_routes`
 * (any subset of routes); those of anything else are not kept.
 */
export function cacheAddress(target: string): CacheAddress {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
  const data = /\.data$/i.test(path);
  const address = pageAddress(data ? path.slice(0, -5) : path);
  if (address && !data) {
    const wanted = address.path + pageQuery(address.page, query);
    if (path !== address.path) return { redirectTo: wanted };
    return { key: wanted, keepable: wanted.length <= MAX_KEY_LENGTH, render: wanted };
  }
  if (address) {
    const routes = query.get("_routes");
    const key = `${address.path}.data${pageQuery(address.page, query)}`;
    const withRoutes =
      routes === null
        ? ""
        : `${key.includes("?") ? "&" : "?"}${new URLSearchParams({ _routes: routes })}`;
    const keepable = !withRoutes && key.length <= MAX_KEY_LENGTH;
    return { key: key + withRoutes, keepable, render: key + withRoutes };
  }
  // A file of the site in another spelling (`/robots.txt/`, `/en/NEWS/Feed.xml`) goes to its one
  // address, as a page does (no copy of it answers): built from the list of files, never from
  // the request.
  const file = !data && siteFiles.get(canonicalOtherPath(path));
  if (file && path !== file) return { redirectTo: file };
  // Such routes read no query (a 200 is the same without it), but one may redirect with what
  // the query holds for the page it names (`/fr/news?page=2` → `/en/news?page=2`). Their
  // `.data` answers are never kept: one may read its query (`/en/search/suggest.data?q=`).
  const key = canonicalOtherPath(path);
  const keepable = key === path && !data && key.length <= MAX_KEY_LENGTH;
  const search = queryAt === -1 ? "" : target.slice(queryAt);
  // The URL parser would resolve a dot segment away (`/en/news/%2E%2E` is `/en/`), rendering
  // another page at this address: each is rendered as `-.-`, which names no page and, with its
  // dot, is no item's id either (`isItemId`; `-` alone may be one).
  const written = keepable ? key : path;
  const render = written.replace(dotSegment, NO_PAGE_SEGMENT);
  return { key, keepable: keepable && render === written, render: render + search };
}

/** The site's files at their one address, by its lower-case spelling (canonicalOtherPath). */
const siteFiles = new Map(
  [
    ROBOTS_PATH,
    SITEMAP_PATH,
    ...languages.flatMap((lang) => [feedPath(lang), manifestPath(lang)]),
  ].map((file) => [file.toLowerCase(), file]),
);

/** What a dot segment is rendered as: a segment no route or item id takes. */
const NO_PAGE_SEGMENT = "-.-";

/**
 * A `.` or `..` segment, spelled or escaped (`%2E`, `.%2e`), between slashes or backslashes (the
 * URL parser reads `\` as `/`).
 */
const dotSegment = /(?<=^|[/\\])(?:\.|%2e){1,2}(?=[/\\]|$)/gi;

/**
 * Whether a rendered answer may be shared with every visitor and kept: a plain 200 that says
 * nothing against it. Errors and not-found answers are never kept (one per distinct junk path
 * would be a flood).
 */
export function isShareable(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("Set-Cookie")) return false;
  return !/\b(no-store|private|no-cache)\b/i.test(headers.get("Cache-Control") ?? "");
}

/**
 * What an entry costs beyond its bodies: its objects, the Map's slot, the ETag and times (a
 * measured estimate, rounded up), so that many small entries count as what they take.
 */
const ENTRY_OVERHEAD_BYTES = 1024;

/** Strings are counted at two bytes a character (V8 keeps non-Latin-1 text so). */
const stringBytes = (text: string) => text.length * 2;

/** What `entry` takes in memory, bodies aside. */
const fixedCostOf = (entry: CachedPage) =>
  ENTRY_OVERHEAD_BYTES +
  stringBytes(entry.key) +
  entry.headers.reduce((sum, [name, value]) => sum + stringBytes(name) + stringBytes(value), 0) +
  entry.dataKeys.reduce((sum, key) => sum + stringBytes(key), 0);

/** Search results (`/en/search?q=...`): any words make a page, so they share a smaller pool. */
const isSearchKey = (key: string) => /^\/[a-z]{2}\/search(\.data)?\?/.test(key);

/** One least-recently-used pool of entries within a byte budget that counts all of them. */
class Pool {
  readonly entries = new Map<string, CachedPage>();
  readonly maxBytes: number;
  readonly effort: Effort;
  bytes = 0;
  constructor(maxBytes: number, effort: Effort) {
    this.maxBytes = maxBytes;
    this.effort = effort;
  }
}

export class PageCache {
  readonly #pages: Pool;
  /** Search results, a share of the budget of their own: endless queries never push pages out. */
  readonly #searches: Pool;
  readonly #now: () => number;

  constructor(options: PageCacheOptions) {
    const searchBytes = Math.floor(options.maxBytes * (options.searchShare ?? 0.125));
    this.#pages = new Pool(options.maxBytes - searchBytes, SENT_OFTEN);
    // Most searches are asked once.
    this.#searches = new Pool(searchBytes, SENT_ONCE);
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#pages.entries.size + this.#searches.entries.size;
  }

  /** Bytes taken by every entry: bodies in each encoding, keys, headers and overhead. */
  get bytes(): number {
    return this.#pages.bytes + this.#searches.bytes;
  }

  /** The same, per pool: pages, and search results. */
  get poolBytes(): { pages: number; searches: number } {
    return { pages: this.#pages.bytes, searches: this.#searches.bytes };
  }

  #poolOf(key: string): Pool {
    return isSearchKey(key) ? this.#searches : this.#pages;
  }

  /** The fresh entry for `key`, if any. */
  get(key: string): CachedPage | undefined {
    const pool = this.#poolOf(key);
    const entry = pool.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#delete(pool, entry);
      countPageCache("stale");
      return undefined;
    }
    pool.entries.delete(key);
    pool.entries.set(key, entry);
    return entry;
  }

  /**
   * Keeps a rendered answer until `expiresAt`; returns the entry (also when it is not kept: a
   * key over MAX_KEY_LENGTH, or an entry over half its pool).
   */
  set(
    key: string,
    page: {
      status: number;
      headers: [string, string][];
      body: Buffer;
      expiresAt: number;
      dataKeys?: readonly string[];
    },
  ): CachedPage {
    const entry: CachedPage = {
      key,
      dataKeys: [],
      ...page,
      // Weak: one tag for the page in every encoding, which a strong one may not be (RFC 9110
      // 8.8.3), as nginx's gzip makes it.
      etag: `W/"${createHash("sha1").update(page.body).digest("base64url")}"`,
      storedAt: this.#now(),
      encoded: { identity: page.body },
    };
    const pool = this.#poolOf(key);
    const old = pool.entries.get(key);
    if (old) this.#delete(pool, old);
    const cost = fixedCostOf(entry) + page.body.length;
    if (
      entry.expiresAt > this.#now() &&
      key.length <= MAX_KEY_LENGTH &&
      cost * 2 <= pool.maxBytes
    ) {
      pool.entries.set(key, entry);
      pool.bytes += cost;
      this.#evict(pool);
    }
    return entry;
  }

  /** The body of `entry` in `encoding`, compressed once and kept. */
  bodyIn(entry: CachedPage, encoding: Encoding): Buffer {
    let body = entry.encoded[encoding];
    if (!body) {
      const pool = this.#poolOf(entry.key);
      const kept = pool.entries.get(entry.key) === entry;
      // An entry not kept (from stale data, say) is sent once.
      body = compress(entry.body, encoding, kept ? pool.effort : SENT_ONCE);
      entry.encoded[encoding] = body;
      if (kept) {
        pool.bytes += body.length;
        this.#evict(pool);
      }
    }
    return body;
  }

  /** Forgets the search results of `lang`, or of every language (their index has changed). */
  dropSearches(lang?: string): void {
    const prefix = lang ? `/${lang}/search` : "/";
    for (const entry of [...this.#searches.entries.values()]) {
      if (entry.key.startsWith(prefix)) this.#delete(this.#searches, entry);
    }
  }

  clear(): void {
    for (const pool of [this.#pages, this.#searches]) {
      pool.entries.clear();
      pool.bytes = 0;
    }
  }

  /**
   * Forgets the page at `path` in every form (any spelling of it, other page numbers, its
   * `.data` answers) and returns the data cache keys those entries were made from.
   */
  purge(path: string): Set<string> {
    const dataKeys = new Set<string>();
    const page = purgedPathOf(path);
    const forms = [page, `${page}.data`];
    this.#forget((entry) => {
      if (!forms.includes(entry.key.split("?")[0] ?? "")) return false;
      for (const dataKey of entry.dataKeys) dataKeys.add(dataKey);
      return true;
    });
    return dataKeys;
  }

  /**
   * Forgets every page made from any of `contentKeys` (a purge by content:
   * content-keys.server.ts) and returns their keys, the paths dropped.
   */
  purgeContent(contentKeys: ReadonlySet<string>): string[] {
    const dropped: string[] = [];
    this.#forget((entry) => {
      if (!entry.dataKeys.some((dataKey) => contentKeys.has(contentKeyOf(dataKey)))) return false;
      dropped.push(entry.key);
      return true;
    });
    return dropped;
  }

  /** Forgets every page made from any of `dataKeys` (answers another process found changed). */
  purgeMadeFrom(dataKeys: ReadonlySet<string>): void {
    this.#forget((entry) => entry.dataKeys.some((dataKey) => dataKeys.has(dataKey)));
  }

  #forget(matches: (entry: CachedPage) => boolean) {
    for (const pool of [this.#pages, this.#searches]) {
      for (const entry of [...pool.entries.values()]) if (matches(entry)) this.#delete(pool, entry);
    }
  }

  #delete(pool: Pool, entry: CachedPage) {
    pool.entries.delete(entry.key);
    pool.bytes -= fixedCostOf(entry);
    for (const body of Object.values(entry.encoded)) pool.bytes -= body?.length ?? 0;
  }

  #evict(pool: Pool) {
    while (pool.bytes > pool.maxBytes) {
      const oldest = pool.entries.values().next().value;
      if (!oldest) break;
      this.#delete(pool, oldest);
    }
  }
}
