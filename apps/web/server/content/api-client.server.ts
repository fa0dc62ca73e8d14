/**
 * The one client of the content API (SPEC.md section 7, docs/contract/API.md). Every request has a
 * time-out, `Accept: application/json` and the `lang` header; answers are unwrapped from `data`,
 * validated with the contract schemas, their root-relative media URLs resolved, and cached.
 * The site makes one client at start (site-context.server.ts); loaders reach it as
 * `pageContext(args).api` (which records what each page was made from, so the page is cached
 * no longer than its data and purged with it) and failures reach them as route error responses
 * with a fitting status.
 */
import {
  describeIssues,
  type EndpointName,
  endpointPath,
  endpoints,
  isAddressableId,
  isItemId,
  type Language,
  mapImageUrls,
  type Payload,
  readPayload,
} from "@site/contract";
import { languages } from "@site/contract/languages";
import { bodyUpTo } from "../http/bounded-body.ts";
import { Line } from "../line.ts";
import { currentRequestId, type Logger, loggerFor, reasonOf } from "../log.server.ts";
import { countApiError, countStaleAnswer, timeApiRequest } from "../operations/metrics.server.ts";
import { inSpan, tracing } from "../operations/tracing.server.ts";
import { type AnswerKeeper, ContentCache, type FailurePolicy } from "./cache.server.ts";

/** The content API's answers: failures, and the last good answers served in their place. */
const answersLog = loggerFor("answers");

export type ApiErrorKind = "not-found" | "unavailable" | "timeout" | "invalid";

/** A failed API call, classified. `not-found` is the API's 404; the rest mean the API let us down. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;

  constructor(kind: ApiErrorKind, endpoint: string, message: string, status?: number) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.endpoint = endpoint;
    this.status = status;
  }
}

/** HTTP status the site answers with when the API fails in this way. */
const statusForApiError: Record<ApiErrorKind, number> = {
  "not-found": 404,
  invalid: 502,
  unavailable: 503,
  timeout: 504,
};

export interface RequestOptions {
  lang: Language;
  baseUrl: string;
  timeoutMs: number;
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  /** The endpoint's name for metrics and traces (the contract's, or `contact`); never a URL. */
  endpoint?: string;
  /** `manual`: a redirect is the answer (a POST followed as a GET would lose its body). */
  redirect?: "follow" | "manual";
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
  /** The body was empty or JSON, as the API's own answers are (a gateway's are HTML pages). */
  fromApi: boolean;
}

/**
 * Sends one request and returns status and parsed JSON body (or `undefined`), without judging
 * the status. Network failures and time-outs become ApiErrors. Each request is timed and its
 * failures counted under `endpoint` (operations/metrics.server.ts), traced when tracing runs, and
 * carries the id of the visitor's request it serves (`X-Request-Id`).
 */
export function request(path: string, options: RequestOptions): Promise<ApiResponse> {
  const endpoint = options.endpoint ?? "other";
  const method = options.method ?? "GET";
  return inSpan(
    `content API ${method} ${endpoint}`,
    { "http.request.method": method, "url.path": path.split("?")[0] ?? path, endpoint },
    () => send(path, endpoint, options),
    "client",
  );
}

async function send(path: string, endpoint: string, options: RequestOptions): Promise<ApiResponse> {
  const { timeoutMs } = options;
  const headers: Record<string, string> = {
    Accept: "application/json",
    lang: options.lang,
    ...options.headers,
  };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const requestId = currentRequestId();
  if (requestId) headers["X-Request-Id"] = requestId;
  tracing()?.inject(headers);
  const done = timeApiRequest(endpoint);
  let response: Response;
  let text: string | undefined;
  try {
    response = await fetch(options.baseUrl + path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: options.redirect ?? "follow",
    });
    const body = await bodyUpTo(response, MAX_ANSWER_BYTES);
    // UTF-8, a BOM dropped, as `Response.text()` reads it.
    text = body && new TextDecoder().decode(body);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw counted(
      new ApiError(
        timedOut ? "timeout" : "unavailable",
        path,
        timedOut ? `no answer within ${timeoutMs} ms` : `unreachable (${causeOf(error)})`,
      ),
      endpoint,
    );
  } finally {
    done();
  }
  if (text === undefined) {
    throw counted(
      new ApiError(
        "invalid",
        path,
        `answer longer than ${MAX_ANSWER_BYTES} bytes`,
        response.status,
      ),
      endpoint,
    );
  }
  let body: unknown;
  let fromApi = !text;
  if (text) {
    try {
      body = JSON.parse(text);
      fromApi = true;
    } catch {
      if (response.ok) {
        throw counted(
          new ApiError("invalid", path, "answer is not JSON", response.status),
          endpoint,
        );
      }
    }
  }
  return { status: response.status, headers: response.headers, body, fromApi };
}

/**
 * The longest answer read, in bytes. API.md sets no bound, and an answer is held whole while it
 * is parsed: without one, a few huge answers at once would take the process's memory. The demo's
 * longest answer is a few KB; a page of news with its HTML, some hundred.
 */
export const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

/** `error`, counted in `content_api_errors_total` (an API 404 is an answer, not an error). */
function counted(error: ApiError, endpoint: string): ApiError {
  if (error.kind !== "not-found") countApiError(endpoint, error.kind);
  return error;
}

/**
 * GETs `path` and returns the validated payload of a successful answer, its media URLs
 * resolved against `mediaBaseUrl` ("" keeps them root-relative, for the site's own proxy).
 */
export async function getPayload<N extends EndpointName>(
  name: N,
  path: string,
  options: RequestOptions & { mediaBaseUrl: string },
): Promise<Payload<N>> {
  const { status, body, fromApi } = await request(path, { ...options, endpoint: name });
  // API.md: "404 for an unknown id", its body, when present, JSON. A list has no id: its 404
  // is a failing server (a proxy's page, a maintenance route), covered by the last good answer
  // like any other failure; so is an item's 404 with an HTML page, a gateway's (the item's
  // kept answer is not dropped, nor its page made a 404, while the API is away).
  if (status === 404 && fromApi && endpoints[name].path.includes(":id")) {
    throw new ApiError("not-found", path, "not found", status);
  }
  if (status < 200 || status >= 300) {
    throw counted(new ApiError("unavailable", path, `answered HTTP ${status}`, status), name);
  }
  const read = readPayload(name, body);
  if (!read.success) {
    const first = describeIssues(read.error).slice(0, 3).join("; ");
    throw counted(
      new ApiError("invalid", path, `answer does not follow the contract: ${first}`, status),
      name,
    );
  }
  // The contract says which fields are images and files: resolve exactly those.
  const payload = mapImageUrls(endpoints[name].schema, read.payload, (url) =>
    resolveMediaUrl(url, options.mediaBaseUrl),
  );
  return withPagesOnly(name, payload, path);
}

/**
 * The lists whose rows each have a page of their own (`/en/news/:id`), and a project's other
 * projects: a row whose id no address can hold (`isAddressableId`: a dot, a slash) has no page,
 * and a row without a title could not name its link, so each is left out here, once for every
 * reader that would link it: the pages' lists and menus, the sitemap, the feed and the site
 * search.
 */
const listsOfPages: ReadonlySet<EndpointName> = new Set<EndpointName>([
  "news",
  "completedProjects",
  "currentProjects",
  "homeProjects",
  "latestProjects",
  "services",
  "homeServices",
  "extraPages",
]);

function withPagesOnly<N extends EndpointName>(name: N, payload: Payload<N>, path: string) {
  let left = 0;
  const addressable = <Row extends { id: string | number; title?: string | null }>(rows: Row[]) => {
    const kept = rows.filter((row) => isAddressableId(row.id) && row.title?.trim());
    left += rows.length - kept.length;
    return kept;
  };
  let result: unknown = payload;
  if (name === "project") {
    const detail = payload as Payload<"project">;
    result = { ...detail, other_projects: addressable(detail.other_projects) };
  } else if (listsOfPages.has(name)) {
    type Row = { id: string | number; title?: string | null };
    const rows = payload as Row[] | { data: Row[] };
    result = Array.isArray(rows) ? addressable(rows) : { ...rows, data: addressable(rows.data) };
  }
  if (left > 0) {
    answersLog.warn(
      { endpoint: path, left_out: left },
      "left out items with no title, or whose id no page address can hold (a dot, a slash, over 255 characters, spaces at an end, or an integer too large to read exactly)",
    );
  }
  return result as Payload<N>;
}

/**
 * A root-relative URL (`/storage/...`) resolved against `base`; absolute ones and `""` as given.
 * `base` "" (MEDIA_BASE_URL=/) keeps it on this site, which proxies the API's `/storage` only
 * (decision 003). Spaces the API left in a file name are encoded (`my%20photo.jpg`), as a
 * browser would.
 */
export function resolveMediaUrl(url: string, base: string): string {
  const encoded = url.replace(/\s/g, encodeURIComponent);
  return encoded.startsWith("/") && !encoded.startsWith("//") ? base + encoded : encoded;
}

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
   * API requests in flight at once (API_MAX_REQUESTS; default 32). As many again times three
   * wait their turn, each at most `LINE_WAIT_MS`; past that a read fails as the API being
   * unavailable (the last good answer, else a 503). So made-up ids, each an API request, and
   * a slow API hold a bounded part of the process and of the API.
   */
  maxRequests?: number;
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
  const maxRequests = options.maxRequests ?? 32;
  let fullLoggedAt = 0;
  // One error for every read the line turns away: the API was not asked, so the cache neither
  // backs off nor counts a failure (`busy`), and it is logged here, at most so often.
  const busy = new ApiError("unavailable", "line", "too many API requests at once");
  logged.add(busy);
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
        return await cache.get(`${lang} ${path}`, () => load(name, path, lang), seen, waiting);
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
          languages.flatMap((lang) => [...contentKeys].map((key) => `${lang} ${key}`)),
        );
      },
      tracking: (track, waitingFor) => client(track, waitingFor),
    };
  };
  return client();
}

const logged = new WeakSet<object>();

/**
 * Maps an API failure to a route error response, logging it once: a plain-text answer naming
 * the failure, which a page's error screen reads (`error.data`) and a feed or sitemap, having
 * no screen, sends as it is (React Router would send a thrown `data()` there as JSON).
 */
export function toRouteError(error: unknown) {
  if (error instanceof ApiError) {
    if (error.kind !== "not-found" && !logged.has(error)) {
      logged.add(error);
      answersLog.error(
        { endpoint: error.endpoint, kind: error.kind, status: error.status },
        error.message,
      );
    }
    return new Response(error.kind, {
      status: statusForApiError[error.kind],
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return error;
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
