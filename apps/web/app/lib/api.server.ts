/**
 * The one client of the content API (SPEC.md section 7, ../shared/API.md). Every request has a
 * time-out, `Accept: application/json` and the `lang` header; answers are unwrapped from `data`,
 * validated with the contract schemas, their root-relative media URLs resolved, and cached.
 * Loaders call `content()`; failures reach them as route error responses with a fitting status.
 */
import {
  describeIssues,
  type EndpointName,
  endpointPath,
  endpoints,
  type Language,
  mapImageUrls,
  type Payload,
  readPayload,
} from "@site/contract";
import { data } from "react-router";
import { ContentCache } from "./cache.server.ts";
import { settings } from "./config.server.ts";

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
export const statusForApiError: Record<ApiErrorKind, number> = {
  "not-found": 404,
  invalid: 502,
  unavailable: 503,
  timeout: 504,
};

export interface RequestOptions {
  lang: Language;
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  baseUrl?: string;
  timeoutMs?: number;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

/**
 * Sends one request and returns status and parsed JSON body (or `undefined`), without judging
 * the status. Network failures and time-outs become ApiErrors.
 */
export async function request(path: string, options: RequestOptions): Promise<ApiResponse> {
  const base = options.baseUrl ?? apiBaseUrl();
  const timeoutMs = options.timeoutMs ?? settings().API_TIMEOUT_MS;
  const headers: Record<string, string> = {
    Accept: "application/json",
    lang: options.lang,
    ...options.headers,
  };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  let text: string;
  try {
    response = await fetch(base + path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new ApiError(
      timedOut ? "timeout" : "unavailable",
      path,
      timedOut ? `no answer within ${timeoutMs} ms` : `unreachable (${causeOf(error)})`,
    );
  }
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError("invalid", path, "answer is not JSON", response.status);
    }
  }
  return { status: response.status, body };
}

/** GETs `path` and returns the validated payload of a successful answer. */
export async function getPayload<N extends EndpointName>(
  name: N,
  path: string,
  options: RequestOptions,
): Promise<Payload<N>> {
  const { status, body } = await request(path, options);
  if (status === 404) throw new ApiError("not-found", path, "not found", status);
  if (status < 200 || status >= 300) {
    throw new ApiError("unavailable", path, `answered HTTP ${status}`, status);
  }
  const read = readPayload(name, body);
  if (!read.success) {
    const first = describeIssues(read.error).slice(0, 3).join("; ");
    throw new ApiError("invalid", path, `answer does not follow the contract: ${first}`, status);
  }
  // The contract says which fields are images and files: resolve exactly those.
  const base = options.baseUrl ?? mediaBaseUrl();
  return mapImageUrls(endpoints[name].schema, read.payload, (url) => resolveMediaUrl(url, base));
}

/** A root-relative URL (`/storage/...`) resolved against `base`; absolute ones and `""` as given. */
export function resolveMediaUrl(url: string, base: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? base + url : url;
}

export interface ContentQuery {
  id?: string | number;
  page?: number;
}

let cache: ContentCache | undefined;

function contentCache(): ContentCache {
  const { CACHE_TTL_MS, CACHE_MAX_ENTRIES } = settings();
  cache ??= new ContentCache({
    ttlMs: CACHE_TTL_MS,
    maxEntries: CACHE_MAX_ENTRIES,
    canServeStale: (error) => error instanceof ApiError && error.kind !== "not-found",
    onStale: (key, error) =>
      console.warn(
        `[api] serving cached ${key}: ${error instanceof Error ? error.message : error}`,
      ),
  });
  return cache;
}

/** Empties the content cache (tests, and a future "publish" hook). */
export function clearContentCache() {
  cache?.clear();
}

/**
 * A cached, validated read for a loader. An unknown id becomes the 404 page; an API that is
 * down, slow or off-contract becomes the error screen with 503, 504 or 502, logged once.
 */
export async function content<N extends EndpointName>(
  name: N,
  lang: Language,
  query: ContentQuery = {},
): Promise<Payload<N>> {
  let path = endpointPath(name, { id: query.id });
  if (query.page !== undefined) path += `?page=${query.page}`;
  try {
    return await contentCache().get(`${lang} ${path}`, () => getPayload(name, path, { lang }));
  } catch (error) {
    throw toRouteError(error);
  }
}

/** The first item of a "list, first used" endpoint, or the 404 page when the list is empty. */
export async function firstOf<N extends EndpointName>(name: N, lang: Language) {
  const list = (await content(name, lang)) as unknown[];
  if (list.length === 0) throw data("No content", { status: 404 });
  return list[0] as Payload<N> extends (infer Item)[] ? Item : never;
}

const logged = new WeakSet<object>();

/** Maps an API failure to a route error response, logging it once. */
export function toRouteError(error: unknown) {
  if (error instanceof ApiError) {
    if (error.kind !== "not-found" && !logged.has(error)) {
      logged.add(error);
      console.error(`[api] ${error.endpoint}: ${error.message}`);
    }
    return data(error.kind, { status: statusForApiError[error.kind] });
  }
  return error;
}

function apiBaseUrl(): string {
  const base = settings().API_BASE_URL;
  if (!base) throw new Error("API_BASE_URL is not set; server/start.ts sets it before serving");
  return base;
}

/** Where browsers fetch media from: the API itself, or this site when it proxies `/storage`. */
function mediaBaseUrl(): string {
  const media = settings().MEDIA_BASE_URL;
  if (media === "/") return "";
  return media ?? apiBaseUrl();
}

/**
 * A root-relative media URL as browsers must load it, for URLs inside editor HTML (inline
 * images, linked files); absolute URLs and site paths other than media stay as they are.
 */
export function mediaUrl(url: string): string {
  const { MEDIA_BASE_URL, API_BASE_URL } = settings();
  if (MEDIA_BASE_URL === "/" || !(MEDIA_BASE_URL ?? API_BASE_URL)) return url;
  return resolveMediaUrl(url, mediaBaseUrl());
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
