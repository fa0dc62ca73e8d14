/**
 * One running site: its settings and what is made from them once, at start (`Site`: the content
 * API client with its cache, the page cache, the company, the contact desk, Redis, the search
 * indexes and their rate limits, the sitemap, and the purge that empties them together).
 * server/http/app.ts makes it and puts it into every request's React Router context, beside the
 * visitor and the request's freshness (their keys: request-context.server.ts); loaders start with
 * `pageContext(args)`.
 */

import { randomUUID } from "node:crypto";
import type { Params, RouterContextProvider } from "react-router";
import { i18nFor } from "../app/i18n/index.ts";
import { langParam } from "../app/shared/page-table.ts";
import { type CompanyFile, readCompanyFile } from "./company.server.ts";
import { type ContactDesk, createContactDesk } from "./contact/contact-desk.server.ts";
import { openAnswerStore } from "./content/answer-store.server.ts";
import { withRedisAnswers } from "./content/answer-store-redis.server.ts";
import { type ContentClient, createContentClient } from "./content/api-client.server.ts";
import { pageKeyOf } from "./content/content-keys.server.ts";
import { SitemapCache } from "./feeds/sitemap-xml.server.ts";
import { PageCache, purgedPathOf } from "./http/page-cache.server.ts";
import { watchPageCache } from "./operations/metrics.server.ts";
import { RateLimiter } from "./rate-limit.server.ts";
import { freshnessContext, siteContext } from "./request-context.server.ts";
import {
  clusterFanOut,
  countedFanOut,
  type FanOut,
  redisFanOut,
  type SiteMessage,
} from "./scale-out/fan-out.server.ts";
import { purgeHttpCaches } from "./scale-out/http-caches.server.ts";
import { connectRedis, type RedisLink } from "./scale-out/redis.server.ts";
import {
  documentOf,
  itemAt,
  itemPathsOfContent,
  readListings,
} from "./search/search-documents.server.ts";
import { SiteSearch } from "./search/search-index.server.ts";
import { fileSearchStore, redisSearchStore } from "./search/search-store.server.ts";
import { mediaBaseUrl, mediaOriginsOf, type Settings } from "./settings.server.ts";
import { TOO_LONG, within } from "./within.ts";

export interface Site {
  settings: Settings;
  api: ContentClient;
  /** Origins of the content's media: the image endpoint fetches from these only. */
  mediaOrigins: string[];
  /** Rendered pages; absent when PAGE_CACHE_MAX_MB is 0 (and in development). */
  pageCache?: PageCache;
  company: CompanyFile;
  contact: ContactDesk;
  /** Redis, when REDIS_URL is set: shared by every process and instance. */
  redis?: RedisLink;
  /** The site search's indexes, built from the API (search/search-index.server.ts). */
  search: SiteSearch;
  /** Suggestions asked per client (routes/search-suggest.ts): SUGGEST_LIMIT per window. */
  suggestLimit: RateLimiter;
  /** Searches rendered per client (routes/search.tsx): SEARCH_RATE_LIMIT per window. */
  searchLimit: RateLimiter;
  /** The sitemap, built once per freshness of its data (sitemap-xml.server.ts). */
  sitemap: SitemapCache;
  /**
   * Empties the data and page caches together: all of them; for some pages only (`paths`,
   * `/en/news`: the page, its other page numbers and navigation data, and the API answers they
   * were made from); or what was made from some content (`api`: content keys such as
   * `/api/news/301`, content-keys.server.ts: the API answers in both languages, every page,
   * `.data` answer, feed and sitemap made from them, and the search index), so the next
   * visitors see the API's content; in this process and in every other process of the site
   * (fan-out.server.ts), then in the shared HTTP caches (PURGE_HTTP_CACHES). Resolves to the
   * pages dropped (of a purge by content: in every process that answered within a second).
   */
  purge(request?: PurgeRequest): Promise<string[]>;
  /**
   * How many purges (and answers other processes found changed) this process has applied: a
   * page whose rendering straddles one is not kept.
   */
  purges(): number;
}

/** What a purge empties: everything (neither given), pages by path, or content by key. */
interface PurgeRequest {
  paths?: readonly string[];
  api?: readonly string[];
}

/** How long a purge by content waits for the other processes to name the pages they dropped. */
const PURGE_ANSWER_WAIT_MS = 1_000;

/**
 * How many suggestions one client may ask for: 60 per 10 seconds, far more than typing asks
 * (one per pause), far less than a script would.
 */
const SUGGEST_LIMIT = { limit: 60, windowMs: 10_000 };

/**
 * The window of SEARCH_RATE_LIMIT, the searches one client may have rendered (those the page
 * cache did not answer): 20 per 10 seconds by default, more than anyone types and pages
 * through, far less than a crawler or a script sending distinct queries would.
 */
const SEARCH_LIMIT_WINDOW_MS = 10_000;

/** What one request's page was made from: until when it all stays fresh, and its cache keys. */
export interface Freshness {
  until: number;
  dataKeys: Set<string>;
}

/** Makes the site; throws a CompanyFileError when the company file is missing or wrong. */
export function createSite(settings: Settings): Site {
  const redis = settings.REDIS_URL
    ? connectRedis(settings.REDIS_URL, settings.REDIS_KEY_PREFIX)
    : undefined;
  const fanOut: FanOut = countedFanOut(
    redis ? redisFanOut(redis, clusterFanOut(settings.WORKERS)) : clusterFanOut(settings.WORKERS),
  );
  const answerMaxAgeMs = settings.ANSWER_STORE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
  const disk = openAnswerStore(settings.ANSWER_STORE_PATH, { maxAgeMs: answerMaxAgeMs });
  const api = createContentClient({
    baseUrl: settings.API_BASE_URL,
    mediaBaseUrl: mediaBaseUrl(settings),
    timeoutMs: settings.API_TIMEOUT_MS,
    maxRequests: settings.API_MAX_REQUESTS,
    cacheTtlMs: settings.CACHE_TTL_MS,
    cacheStaleMaxMs: settings.CACHE_STALE_MAX_MS,
    cacheMaxEntries: settings.CACHE_MAX_ENTRIES,
    store: redis ? withRedisAnswers(disk, redis, answerMaxAgeMs) : disk,
    onChange: (key) => fanOut.publish({ kind: "expire", keys: [key] }),
  });
  const pageCache =
    settings.PAGE_CACHE_MAX_MB > 0 && settings.NODE_ENV === "production"
      ? new PageCache({ maxBytes: settings.PAGE_CACHE_MAX_MB * 1024 * 1024 })
      : undefined;
  if (pageCache) watchPageCache(() => pageCache.poolBytes);
  const search = new SiteSearch({
    source: {
      listings: (lang) => {
        const { t } = i18nFor(lang);
        return readListings(
          api,
          lang,
          { overview: t("overview.title"), hse: t("hse.title") },
          { maxDocuments: settings.SEARCH_MAX_DOCUMENTS },
        );
      },
      document: (lang, item) => documentOf(api, lang, item),
      itemAt,
    },
    store: redis
      ? redisSearchStore(redis, fileSearchStore(settings.SEARCH_INDEX_DIR))
      : fileSearchStore(settings.SEARCH_INDEX_DIR),
    ttlMs: settings.CACHE_TTL_MS,
    // Results kept in the page cache were read from the old index.
    onChange: (lang) => pageCache?.dropSearches(lang),
  });
  const mediaOrigins = mediaOriginsOf(settings);
  const sitemap = new SitemapCache(settings.SITE_URL);
  let purges = 0;
  /**
   * Empties this process's caches: everything, what the pages at `paths` were made from, or
   * what was made from the content keys `api`; returns the pages dropped by content. The
   * search index re-reads a purged item's page, or its lists (search-index.server.ts).
   */
  const purgeLocally = ({ paths, api: contentKeys }: PurgeRequest): string[] => {
    purges++;
    // Search results follow the index, not the data keys pages are dropped by.
    pageCache?.dropSearches();
    search.purged(paths ?? (contentKeys && itemPathsOfContent(contentKeys))).catch(() => undefined);
    if (contentKeys) {
      const keys = new Set(contentKeys);
      api.purgeContent(keys);
      sitemap.purgeContent(keys);
      return pageCache?.purgeContent(keys) ?? [];
    }
    if (!paths || paths.some((path) => path.toLowerCase().startsWith("/sitemap"))) {
      sitemap.clear();
    }
    if (!paths || !pageCache) {
      api.clearCache();
      pageCache?.clear();
      return [];
    }
    for (const path of paths) api.clearCache(pageCache.purge(path));
    return [];
  };
  /** Purges waiting for the other processes' answers: the pages each dropped. */
  const answers = new Map<string, (paths: readonly string[]) => void>();
  /**
   * Tells every other process, and waits (a second at most) until each has applied it and
   * named the pages it dropped: only then may a cache in front fetch the pages again.
   */
  const purgeEverywhere = async (request: PurgeRequest): Promise<string[]> => {
    const id = randomUUID();
    const dropped = new Set<string>();
    let answered = 0;
    let expected = Number.POSITIVE_INFINITY;
    let settle = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    answers.set(id, (paths) => {
      for (const path of paths) dropped.add(path);
      answered++;
      if (answered >= expected) settle();
    });
    const message = { kind: "purge" as const, paths: request.paths && [...request.paths] };
    expected = await fanOut.publish({ ...message, api: request.api && [...request.api], id });
    if (answered < expected) {
      const timer = setTimeout(settle, PURGE_ANSWER_WAIT_MS);
      await done;
      clearTimeout(timer);
    }
    answers.delete(id);
    return [...dropped];
  };
  /** Forgets answers another process found changed, and the pages made from them. */
  const expireLocally = (keys: readonly string[]) => {
    purges++; // a page being rendered from the old answer is not kept either
    api.clearCache(keys);
    pageCache?.purgeMadeFrom(new Set(keys));
  };
  fanOut.subscribe((message: SiteMessage) => {
    if (message.kind === "expire") return expireLocally(message.keys);
    if (message.kind === "purged") return answers.get(message.id)?.(message.paths);
    const dropped = purgeLocally(message);
    if (message.id) void fanOut.publish({ kind: "purged", id: message.id, paths: dropped });
  });
  return {
    settings,
    api,
    sitemap,
    mediaOrigins: [...new Set(mediaOrigins)],
    pageCache,
    company: readCompanyFile(settings.COMPANY_FILE),
    contact: createContactDesk(settings, redis),
    redis,
    search,
    suggestLimit: new RateLimiter(SUGGEST_LIMIT),
    searchLimit: new RateLimiter({
      limit: settings.SEARCH_RATE_LIMIT,
      windowMs: SEARCH_LIMIT_WINDOW_MS,
    }),
    async purge(request = {}) {
      const dropped = new Set(purgeLocally(request));
      const caches = settings.PURGE_HTTP_CACHES;
      // A purge by path or of everything names no pages back: only what a cache in front
      // needs waits for the others.
      if (request.api || caches.length > 0) {
        for (const path of await purgeEverywhere(request)) dropped.add(path);
      } else {
        void fanOut.publish({ kind: "purge", paths: request.paths && [...request.paths] });
      }
      if (caches.length > 0) {
        const keys = request.api ?? request.paths?.map((path) => pageKeyOf(purgedPathOf(path)));
        await purgeHttpCaches(caches, keys && [...keys]);
      }
      return [...dropped].sort();
    },
    purges: () => purges,
  };
}

export function siteOf(context: Readonly<RouterContextProvider>): Site {
  return context.get(siteContext);
}

/**
 * Records that the answer being made comes from data fresh `until` then, under `dataKeys`: it
 * is cached no longer, and purged with that data. What the API client of `pageContext` does
 * for each read; a route that reads through another cache (the sitemap's) says it itself.
 */
export function madeFrom(
  context: Readonly<RouterContextProvider>,
  until: number,
  dataKeys: Iterable<string>,
) {
  const freshness = context.get(freshnessContext);
  freshness.until = Math.min(freshness.until, until);
  for (const key of dataKeys) freshness.dataKeys.add(key);
}

/**
 * What a loader starts from: the site, with an API client that records how long the data it
 * reads stays fresh (the page is cached no longer), and the page's language from its address.
 * (A segment no id can be, `isItemId`, is a 404 before any API call: api-client.server.ts. Other
 * spellings of a page's address (escapes, case, slashes) never reach a loader: the page
 * handler redirects them to the page table's address, http/page-handler.ts.)
 */
export function pageContext(args: {
  params: Params;
  context: Readonly<RouterContextProvider>;
}): Site & {
  lang: ReturnType<typeof langParam>;
  /**
   * The data of a block the page can do without (a footer feed, a home strip), read by `read`
   * through the client it is given, or `fallback` when the API fails for it or its answer has
   * not come within OPTIONAL_CONTENT_WAIT_MS of the load's start: that block degrades, not the
   * page, and one slow answer does not hold every page for the API's time-out. The wait counts
   * from when the load began, which may be another visitor's: a load that has hung past it
   * holds no later page. The failure is logged once (api-errors.server.ts) and the page, being
   * incomplete, is not cached; a late answer still fills the content cache for the next page.
   */
  optional<T>(read: (api: ContentClient) => Promise<T>, fallback: T): Promise<T>;
} {
  const site = siteOf(args.context);
  const track = (until: number, key: string) => madeFrom(args.context, until, [key]);
  const api = site.api.tracking(track);
  const optional = <T>(read: (api: ContentClient) => Promise<T>, fallback: T) => {
    const without = () => {
      // Incomplete: not cached.
      madeFrom(args.context, 0, []);
      return fallback;
    };
    const now = Date.now();
    let since = now;
    // The client tells, as the read starts, since when the load it waits for has run.
    const load = read(site.api.tracking(track, (started) => (since = Math.min(since, started))));
    const wait = since + site.settings.OPTIONAL_CONTENT_WAIT_MS - now;
    return within(load.catch(without), wait).then((value) =>
      value === TOO_LONG ? without() : value,
    );
  };
  return { ...site, api, lang: langParam(args.params), optional };
}
