/**
 * The full-page cache: rendered answers to anonymous GET requests (HTML pages and the `.data`
 * answers of client-side navigations), kept by URL until the data they were made from expires,
 * bounded in bytes (least recently used go first), emptied with the data cache. A hit skips
 * rendering; each entry keeps its body compressed once per encoding, and an ETag for 304s.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { pages } from "../../app/shared/page-table.ts";

export type Encoding = "br" | "gzip" | "identity";

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
  maxBytes: number;
  now?: () => number;
}

/** Each page's first path segment as page-table.ts spells it, by its lower case. */
const pageSegments = new Map(
  Object.values(pages).flatMap(({ path }) => {
    const first = path.split("/")[0];
    return first ? [[first.toLowerCase(), first] as const] : [];
  }),
);

/**
 * The one spelling of a page's path that is rendered and cached: without trailing slashes,
 * its page segment spelled as page-table.ts spells it (routes match any case), the language and
 * everything else as sent (the language layout redirects `/EN/...`; ids redirect themselves).
 * `/en/NEWS/` → `/en/news`; `/en/news.data` keeps its `.data`.
 */
export function canonicalPagePath(pathname: string): string {
  const data = /\.data$/i.test(pathname) ? pathname.slice(-5) : "";
  const trimmed = (data ? pathname.slice(0, -5) : pathname).replace(/\/+$/, "") || "/";
  const segments = trimmed.split("/");
  const page = segments[2];
  if (page !== undefined) segments[2] = pageSegments.get(page.toLowerCase()) ?? page;
  return segments.join("/") + data;
}

/** Query parameters some page reads (routes/search.tsx, server/content/paged.server.ts). */
const pageParameters = ["q", "page", "kind"];

/**
 * The query a page reads: `q` and `page` (their first values), and on `.data` addresses
 * `_routes`. Any other parameter (`utm_*`, `fbclid`, a cache buster) is dropped before
 * rendering, so it neither bypasses the cache nor adds entries.
 */
function canonicalSearch(url: URL, data: boolean): string {
  const kept = new URLSearchParams();
  // The parameters pages read: a search's words, a list's page (the first of each).
  for (const name of pageParameters) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const routes = url.searchParams.get("_routes");
  if (data && routes !== null) kept.set("_routes", routes);
  const search = kept.toString();
  return search ? `?${search}` : "";
}

/** The address a GET is rendered from, and its cache key: `/en/NEWS/?page=2&utm_source=x` → `/en/news?page=2`. */
export function pageCacheKey(url: URL): string {
  const path = canonicalPagePath(url.pathname);
  return path + canonicalSearch(url, path.endsWith(".data"));
}

/**
 * Whether a rendered answer may be shared with every visitor: a plain 200, or a 404 its route
 * marks `public` (a missing sitemap part: cheap to ask for again and again otherwise).
 */
export function isShareable(status: number, headers: Headers): boolean {
  const control = headers.get("Cache-Control") ?? "";
  const ok = status === 200 || (status === 404 && /\bpublic\b/i.test(control));
  if (!ok || headers.has("Set-Cookie")) return false;
  return !/\b(no-store|private|no-cache)\b/i.test(control);
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: PageCacheOptions) {
    this.#maxBytes = options.maxBytes;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The fresh entry for `key`, if any. */
  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#delete(key, entry);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps a rendered answer until `expiresAt`; returns the entry (also when too big to keep). */
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
      etag: `"${createHash("sha1").update(page.body).digest("base64url")}"`,
      storedAt: this.#now(),
      encoded: { identity: page.body },
    };
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    if (entry.expiresAt > this.#now() && page.body.length * 2 <= this.#maxBytes) {
      this.#entries.set(key, entry);
      this.#bytes += page.body.length;
      this.#evict();
    }
    return entry;
  }

  /** The body of `entry` in `encoding`, compressed once and kept. */
  bodyIn(entry: CachedPage, encoding: Encoding): Buffer {
    let body = entry.encoded[encoding];
    if (!body) {
      body =
        encoding === "br"
          ? brotliCompressSync(entry.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzipSync(entry.body, { level: 6 });
      entry.encoded[encoding] = body;
      if (this.#entries.get(entry.key) === entry) this.#bytes += body.length;
      this.#evict();
    }
    return body;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /**
   * Forgets the page at `path` in every form (any spelling of it, other page numbers, its
   * `.data` answers) and returns the data cache keys those entries were made from.
   */
  purge(path: string): Set<string> {
    const dataKeys = new Set<string>();
    const page = canonicalPagePath(path.split("?")[0] ?? "");
    const forms = [page, `${page}.data`];
    for (const [key, entry] of [...this.#entries]) {
      const base = key.split("?")[0];
      if (!forms.includes(base ?? "")) continue;
      for (const dataKey of entry.dataKeys) dataKeys.add(dataKey);
      this.#delete(key, entry);
    }
    return dataKeys;
  }

  /** Forgets every page made from any of `dataKeys` (answers another process found changed). */
  purgeMadeFrom(dataKeys: ReadonlySet<string>): void {
    for (const [key, entry] of [...this.#entries]) {
      if (entry.dataKeys.some((dataKey) => dataKeys.has(dataKey))) this.#delete(key, entry);
    }
  }

  #delete(key: string, entry: CachedPage) {
    this.#entries.delete(key);
    for (const body of Object.values(entry.encoded)) this.#bytes -= body?.length ?? 0;
  }

  #evict() {
    while (this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.entries().next().value;
      if (!oldest) break;
      this.#delete(oldest[0], oldest[1]);
    }
  }
}

/** The best encoding `accept` (an Accept-Encoding header) allows: Brotli, then gzip. */
export function chooseEncoding(accept: string | undefined): Encoding {
  const offered = new Map<string, number>();
  for (const part of (accept ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.find((param) => param.trim().startsWith("q="));
    offered.set(name, q ? Number(q.trim().slice(2)) : 1);
  }
  const allows = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}
