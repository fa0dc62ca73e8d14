/**
 * One running site: its settings and what is made from them once, at start: the content API
 * client with its cache, the page cache, the company, the contact desk (rate limit, outbox).
 * server/http/app.ts makes it and puts it into every request's React Router context, beside the
 * visitor (visitor.server.ts) and the request's freshness; loaders start with
 * `pageContext(args)`.
 */
import { createContext, type Params, type RouterContextProvider, redirect } from "react-router";
import { i18nFor } from "../app/i18n/index.ts";
import { langParam } from "../app/shared/page-table.ts";
import { type CompanyFile, readCompanyFile } from "./company.server.ts";
import { setFillTokenSecret } from "./contact/fill-token.server.ts";
import { RateLimiter } from "./contact/rate-limit.server.ts";
import { type ContactDesk, createContactDesk } from "./contact/submit-contact.server.ts";
import { openAnswerStore } from "./content/answer-store.server.ts";
import { withRedisAnswers } from "./content/answer-store-redis.server.ts";
import { type ContentClient, createContentClient } from "./content/api-client.server.ts";
import { PageCache } from "./pages/page-cache.server.ts";
import { documentOf, itemAt, readListings } from "./pages/search-documents.server.ts";
import { SiteSearch } from "./pages/search-index.server.ts";
import { fileSearchStore, redisSearchStore } from "./pages/search-store.server.ts";
import { SitemapCache } from "./pages/sitemap-xml.server.ts";
import {
  clusterFanOut,
  type FanOut,
  redisFanOut,
  type SiteMessage,
} from "./scale-out/fan-out.server.ts";
import { connectRedis, type RedisLink } from "./scale-out/redis.server.ts";
import type { Settings } from "./settings.server.ts";

export interface Site {
  settings: Settings;
  api: ContentClient;
  /** Origins of the content's media: the image endpoint fetches from these only. */
  mediaOrigins: string[];
  /** Rendered pages; absent when PAGE_CACHE_MAX_MB is 0 (and in development). */
  pages?: PageCache;
  company: CompanyFile;
  contact: ContactDesk;
  /** Redis, when REDIS_URL is set: shared by every process and instance. */
  redis?: RedisLink;
  /** The site search's indexes, built from the API (pages/search-index.server.ts). */
  search: SiteSearch;
  /** Suggestions asked per client (routes/search-suggest.ts): SUGGEST_LIMIT per window. */
  suggestLimit: RateLimiter;
  /** The sitemap, built once per freshness of its data (sitemap-xml.server.ts). */
  sitemap: SitemapCache;
  /**
   * Empties the data and page caches together, or for some pages only (`/en/news`: the page,
   * its other page numbers and navigation data, and the API answers they were made from), so
   * the next visitors see the API's content; in this process and in every other process of
   * the site (fan-out.server.ts).
   */
  purge(paths?: readonly string[]): void;
}

export const siteContext = createContext<Site>();

/**
 * How many suggestions one client may ask for: 60 per 10 seconds, far more than typing asks
 * (one per pause), far less than a script would.
 */
export const SUGGEST_LIMIT = { limit: 60, windowMs: 10_000 };

/** What one request's page was made from: until when it all stays fresh, and its cache keys. */
export interface Freshness {
  until: number;
  dataKeys: Set<string>;
}

export const freshnessContext = createContext<Freshness>({ until: 0, dataKeys: new Set() });

/** Makes the site; throws a CompanyFileError when the company file is missing or wrong. */
export function createSite(settings: Settings): Site {
  if (settings.FORM_SECRET) setFillTokenSecret(settings.FORM_SECRET);
  const redis = settings.REDIS_URL
    ? connectRedis(settings.REDIS_URL, settings.REDIS_KEY_PREFIX)
    : undefined;
  const fanOut: FanOut = redis ? redisFanOut(redis, clusterFanOut()) : clusterFanOut();
  const disk = openAnswerStore(settings.ANSWER_STORE_PATH, {
    maxAgeMs: settings.ANSWER_STORE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
  });
  const api = createContentClient({
    baseUrl: settings.API_BASE_URL,
    // "/" means this site proxies `/storage`: media URLs stay root-relative.
    mediaBaseUrl: settings.MEDIA_BASE_URL === "/" ? "" : settings.MEDIA_BASE_URL,
    timeoutMs: settings.API_TIMEOUT_MS,
    cacheTtlMs: settings.CACHE_TTL_MS,
    cacheMaxEntries: settings.CACHE_MAX_ENTRIES,
    store: redis ? withRedisAnswers(disk, redis) : disk,
    onChange: (key) => fanOut.publish({ kind: "expire", keys: [key] }),
  });
  const pages =
    settings.PAGE_CACHE_MAX_MB > 0 && settings.NODE_ENV === "production"
      ? new PageCache({ maxBytes: settings.PAGE_CACHE_MAX_MB * 1024 * 1024 })
      : undefined;
  const searchDir = settings.SEARCH_INDEX_DIR ?? "data/search";
  const search = new SiteSearch({
    source: {
      listings: (lang) => {
        const { t } = i18nFor(lang);
        return readListings(api, lang, { overview: t("overview.title"), hse: t("hse.title") });
      },
      document: (lang, item) => documentOf(api, lang, item),
      itemAt,
    },
    store: redis ? redisSearchStore(redis, fileSearchStore(searchDir)) : fileSearchStore(searchDir),
    ttlMs: settings.CACHE_TTL_MS,
  });
  const media = settings.MEDIA_BASE_URL;
  const mediaOrigins = [settings.API_BASE_URL, ...(media && media !== "/" ? [media] : [])].map(
    (url) => new URL(url).origin,
  );
  const sitemap = new SitemapCache(settings.SITE_URL);
  /**
   * Empties this process's caches: everything, or what the pages at `paths` were made from.
   * The search index re-reads a purged item's page, or the lists (search-index.server.ts).
   */
  const purgeLocally = (paths?: readonly string[]) => {
    search.purged(paths).catch(() => undefined);
    if (!paths || paths.some((path) => path.toLowerCase().startsWith("/sitemap"))) {
      sitemap.clear();
    }
    if (!paths || !pages) {
      api.clearCache();
      pages?.clear();
      return;
    }
    for (const path of paths) api.clearCache(pages.purge(path));
  };
  /** Forgets answers another process found changed, and the pages made from them. */
  const expireLocally = (keys: readonly string[]) => {
    api.clearCache(keys);
    pages?.purgeMadeFrom(new Set(keys));
  };
  fanOut.subscribe((message: SiteMessage) =>
    message.kind === "purge" ? purgeLocally(message.paths) : expireLocally(message.keys),
  );
  return {
    settings,
    api,
    sitemap,
    mediaOrigins: [...new Set(mediaOrigins)],
    pages,
    company: readCompanyFile(settings.COMPANY_FILE),
    contact: createContactDesk(settings, redis),
    redis,
    search,
    suggestLimit: new RateLimiter(SUGGEST_LIMIT),
    purge(paths) {
      purgeLocally(paths);
      fanOut.publish({ kind: "purge", paths: paths ? [...paths] : undefined });
    },
  };
}

export function siteOf(context: Readonly<RouterContextProvider>): Site {
  return context.get(siteContext);
}

/**
 * What a loader starts from: the site, with an API client that records how long the data it
 * reads stays fresh (the page is cached no longer), and the page's language from its address.
 * (An id that is not a whole number is a 404 before any API call: api-client.server.ts.) A zero-padded
 * id (`/en/news/007`, `/en/news/007/`) is redirected to its plain form without a trailing slash,
 * so one item is fetched and cached once, not under endless spellings, and the redirect's
 * target never redirects again.
 */
export function pageContext(args: {
  params: Params;
  context: Readonly<RouterContextProvider>;
  url?: URL;
}): Site & {
  lang: ReturnType<typeof langParam>;
  /**
   * The data of a block the page can do without (a footer feed, a home strip), or `fallback`
   * when the API fails for it: that block degrades, not the page. The failure is logged once
   * (api-client.server.ts) and the page, being incomplete, is not cached.
   */
  optional<T>(load: Promise<T>, fallback: T): Promise<T>;
} {
  const { id } = args.params;
  if (args.url && id && /^0\d/.test(id)) {
    const plain = id.replace(/^0+(?=\d)/, "");
    const path = args.url.pathname.replace(/\/+$/, "");
    throw redirect(path.slice(0, path.length - id.length) + plain + args.url.search, 301);
  }
  const site = siteOf(args.context);
  const freshness = args.context.get(freshnessContext);
  const api = site.api.tracking((until, key) => {
    freshness.until = Math.min(freshness.until, until);
    freshness.dataKeys.add(key);
  });
  const optional = <T>(load: Promise<T>, fallback: T) =>
    load.catch(() => {
      freshness.until = 0;
      return fallback;
    });
  return { ...site, api, lang: langParam(args.params), optional };
}
