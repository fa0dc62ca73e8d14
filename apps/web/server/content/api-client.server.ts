/**
 * The one client of the content API (SPEC.md section 7, docs/contract/API.md). Every request has a
 * time-out, `Accept: application/json` and the `lang` header (api-request.server.ts); answers are
 * unwrapped from `data`, validated with the contract schemas and their root-relative media URLs
 * resolved (api-payload.server.ts); here they are cached, and read in a bounded line of requests.
 * The site makes one client at start (site-context.server.ts); loaders reach it as
 * `pageContext(args).api` (which records what each page was made from, so the page is cached
 * no longer than its data and purged with it) and failures reach them as route error responses
 * with a fitting status (api-errors.server.ts).
 */
import {
  type EndpointName,
  endpointPath,
  isItemId,
  type Language,
  type Payload,
} from "@site/contract";
import { Line } from "@site/contract/concurrency";
import { languages } from "@site/contract/languages";
import { type Logger, loggerFor, reasonOf } from "../log.server.ts";
import { countApiError, countStaleAnswer } from "../operations/metrics.server.ts";
import { ApiError, loggedElsewhere, toRouteError } from "./api-errors.server.ts";
import { getPayload, resolveMediaUrl } from "./api-payload.server.ts";
import { type ApiResponse, type RequestOptions, request } from "./api-request.server.ts";
import { type AnswerKeeper, ContentCache, type FailurePolicy } from "./cache.server.ts";
import { cacheKeyOf } from "./content-keys.server.ts";

/** The content API's answers: failures, and the last good answers served in their place. */
const answersLog = loggerFor("answers");

interface ContentQuery {
  id?: string | number;
  page?: number;
}

export interface ContentClientOptions {
  /** The content API, e.g. `https://cms.example.com` (no trailing slash). */
  baseUrl: string;
  /** Where browsers load media from: the API itself (default), or "" for this site's proxy. */
  mediaBaseUrl?: string;
  timeoutMs: number;
  cacheTtlMs: number;
  /**
   * How old a stale answer may be and still be served at once while it is refreshed (default:
   * no limit); past it the visitor waits for the API, and an answer that breaks the contract is
   * no longer covered by the last good one (decision 002).
   */
  cacheStaleMaxMs?: number;
  cacheMaxEntries: number;
  /** Last good answers on disk (and in Redis), for a restart during an outage. */
  store?: AnswerKeeper;
  /** A re-fetched answer differs from the one held: other processes should drop theirs. */
  onChange?: (key: string) => void;
  /**
   * API requests in flight at once (API_MAX_REQUESTS). As many again times three
   * wait their turn, each at most `LINE_WAIT_MS`; past that a read fails as the API being
   * unavailable (the last good answer, else a 503). So made-up ids, each an API request, and
   * a slow API hold a bounded part of the process and of the API.
   */
  maxRequests: number;
  logger?: Logger;
  /** The cache's clock (default `Date.now`): tests move it instead of waiting. */
  now?: () => number;
}

/**
 * The longest a visitor waits for the refresh of an answer older than `cacheStaleMaxMs` before
 * it is served anyway (cache.server.ts `staleWaitMs`): an API that hangs held each page for
 * its whole time-out once the answers kept were an hour old.
 */
const STALE_WAIT_MS = 3_000;

/** The longest a read waits for its turn when `maxRequests` are in flight. */
const LINE_WAIT_MS = 5_000;
/** A full line is logged at most this often, with what it holds. */
const FULL_LINE_LOG_MS = 10_000;

export interface ContentClient {
  /**
   * A cached, validated read for a loader. An unknown id becomes the 404 page; an API that is
   * down, slow or off-contract becomes the error screen with 503, 504 or 502, logged once.
   */
  content<N extends EndpointName>(
    name: N,
    lang: Language,
    query?: ContentQuery,
  ): Promise<Payload<N>>;
  /**
   * The first item of a "list, first used" endpoint, or `whenEmpty` when the list is empty: API.md
   * does not say such a list has an item (an editor may not have written the page's header yet),
   * so each page says what it shows without one.
   */
  firstOf<N extends EndpointName>(
    name: N,
    lang: Language,
    whenEmpty: Payload<N> extends (infer Item)[] ? Item : never,
  ): Promise<Payload<N> extends (infer Item)[] ? Item : never>;
  /**
   * A root-relative media URL as browsers must load it, for URLs inside editor HTML (inline
   * images, linked files); absolute URLs and site paths other than media stay as they are.
   */
  mediaUrl(url: string): string;
  /**
   * A validated read past the cache, failures as ApiErrors: for the search index, whose many
   * detail reads would push out of the cache what pages need.
   */
  uncached<N extends EndpointName>(
    name: N,
    lang: Language,
    query?: ContentQuery,
  ): Promise<Payload<N>>;
  /** Sends one request to this API, uncached and unvalidated (the readiness check, `/readyz`). */
  request(
    path: string,
    options: Pick<RequestOptions, "lang" | "method" | "body" | "headers" | "endpoint"> & {
      /** Shorter than the client's own time-out (the readiness check). */
      timeoutMs?: number;
    },
  ): Promise<ApiResponse>;
  /** When the API last gave a valid answer (epoch ms; 0: not yet). */
  lastAnswerAt(): number;
  /** Empties the cache, or forgets the given cache keys (the purge webhook). */
  clearCache(keys?: Iterable<string>): void;
  /**
   * Forgets every answer made from these content keys (content-keys.server.ts), in both
   * languages and every page of a list, in memory and in the store; returns the cache keys.
   */
  purgeContent(contentKeys: ReadonlySet<string>): string[];
  /**
   * This client for one request: `seen` learns until when each answer it reads is fresh, so
   * the page made from them is cached no longer (page-cache.server.ts); `waiting`, when a read
   * waits for the API, since when the load it waits for has run (`pageContext`'s `optional`).
   */
  tracking(
    seen: (freshUntil: number, key: string) => void,
    waiting?: (since: number) => void,
  ): ContentClient;
}

export function createContentClient(options: ContentClientOptions): ContentClient {
  const { baseUrl, timeoutMs } = options;
  const mediaBaseUrl = options.mediaBaseUrl ?? baseUrl;
  const log = options.logger ?? answersLog;
  const staleMaxMs = options.cacheStaleMaxMs ?? Number.POSITIVE_INFINITY;
  const { maxRequests } = options;
  let fullLoggedAt = 0;
  // One error for every read the line turns away: the API was not asked, so the cache neither
  // backs off nor counts a failure (`busy`), and it is logged here, at most so often.
  const busy = loggedElsewhere(
    new ApiError("unavailable", "line", "too many API requests at once"),
  );
  const line: Line = new Line(maxRequests, maxRequests * 3, LINE_WAIT_MS, () => {
    countApiError("line", "unavailable");
    if (Date.now() - fullLoggedAt >= FULL_LINE_LOG_MS) {
      fullLoggedAt = Date.now();
      log.warn(
        { inFlight: line.active, waiting: line.queued },
        "too many API requests at once: reads turned away",
      );
    }
    return busy;
  });

  /**
   * Decision 002: an outage (unreachable, 5xx, time-out) is covered by the last good answer
   * however old (the store bounds it: ANSWER_STORE_MAX_AGE_DAYS); an answer that breaks the
   * contract only while the last good one is younger than the stale bound, then it is a 502;
   * a 404 drops the answer.
   */
  const whenLoadFails: FailurePolicy = (error, ageMs) => {
    if (error === busy) return "busy";
    if (!(error instanceof ApiError)) return "fail";
    if (error.kind === "not-found") return "gone";
    if (error.kind === "invalid" && ageMs > staleMaxMs) return "fail";
    return "serve-stale";
  };
  const cache = new ContentCache({
    ttlMs: options.cacheTtlMs,
    staleMaxMs,
    staleWaitMs: STALE_WAIT_MS,
    maxEntries: options.cacheMaxEntries,
    now: options.now ?? Date.now,
    whenLoadFails,
    onStale: (key, error) => {
      countStaleAnswer();
      log.warn({ key, reason: reasonOf(error) }, "serving the last good answer");
    },
    store: options.store,
    onChange: options.onChange,
  });

  let lastAnswerAt = 0;
  const load = async <N extends EndpointName>(name: N, path: string, lang: Language) => {
    const payload = await line.run(() =>
      getPayload(name, path, { lang, baseUrl, timeoutMs, mediaBaseUrl }),
    );
    lastAnswerAt = Date.now();
    return payload;
  };

  const client = (
    seen?: (freshUntil: number, key: string) => void,
    waiting?: (since: number) => void,
  ): ContentClient => {
    const pathOf = (name: EndpointName, query: ContentQuery) => {
      // An id no page can have (a slash, a dot, too long) costs no API call: it could
      // name another path of the API (`/api/news/..`).
      if (query.id !== undefined && !isItemId(String(query.id))) {
        throw new ApiError("not-found", name, "not an id", 404);
      }
      const path = endpointPath(name, { id: query.id });
      return query.page === undefined ? path : `${path}?page=${query.page}`;
    };
    const read = async <N extends EndpointName>(name: N, lang: Language, query: ContentQuery) => {
      try {
        const path = pathOf(name, query);
        return await cache.get(cacheKeyOf(lang, path), () => load(name, path, lang), seen, waiting);
      } catch (error) {
        throw toRouteError(error);
      }
    };
    return {
      content: (name, lang, query = {}) => read(name, lang, query),
      async firstOf(name, lang, whenEmpty) {
        const list = (await read(name, lang, {})) as unknown[];
        return (list.length ? list[0] : whenEmpty) as never;
      },
      uncached: async (name, lang, query = {}) => load(name, pathOf(name, query), lang),
      mediaUrl: (url) => resolveMediaUrl(url, mediaBaseUrl),
      request: (path, requestOptions) => request(path, { baseUrl, timeoutMs, ...requestOptions }),
      lastAnswerAt: () => lastAnswerAt,
      clearCache: (keys) => (keys ? cache.delete(keys) : cache.clear()),
      purgeContent(contentKeys) {
        // Every page of each list, in both languages, in memory and in the store.
        return cache.deleteWithPages(
          languages.flatMap((lang) => [...contentKeys].map((key) => cacheKeyOf(lang, key))),
        );
      },
      tracking: (track, waitingFor) => client(track, waitingFor),
    };
  };
  return client();
}
