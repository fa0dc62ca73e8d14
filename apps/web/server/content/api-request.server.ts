/**
 * One request to the content API, as every caller sends it: a time-out, `Accept:
 * application/json`, the `lang` header and the id of the visitor's request; the answer read up
 * to a bound and parsed, its status not judged. The client's reads (api-payload.server.ts), its
 * readiness check and the contact desk all send through here, so each is timed, traced and
 * bounded alike.
 */
import type { Language } from "@site/contract";
import { bodyUpTo } from "../http/bounded-body.ts";
import { currentRequestId } from "../log.server.ts";
import { timeApiRequest } from "../operations/metrics.server.ts";
import { inSpan, tracing } from "../operations/tracing.server.ts";
import { ApiError, counted } from "./api-errors.server.ts";

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

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
