/**
 * What a failed content API call becomes: an ApiError of one of four kinds, counted when the
 * API let us down, and for a loader a route error response with a fitting status, logged once.
 * A module of its own because the request, the payload's reading and the client fail in these
 * terms, and the site search, the search page and the contact desk read them.
 */
import { loggerFor } from "../log.server.ts";
import { countApiError } from "../operations/metrics.server.ts";

/** The content API's answers (the client's log): their failures. */
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

/** `error`, counted in `content_api_errors_total` (an API 404 is an answer, not an error). */
export function counted(error: ApiError, endpoint: string): ApiError {
  if (error.kind !== "not-found") countApiError(endpoint, error.kind);
  return error;
}

/** The failures logged already: each is logged once, however many reads it fails. */
const logged = new WeakSet<object>();

/**
 * `error`, which toRouteError will not log: whoever made it logs it in its own way (the client's
 * line of requests, at most so often, for every read it turns away).
 */
export function loggedElsewhere(error: ApiError): ApiError {
  logged.add(error);
  return error;
}

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
