/**
 * What every request goes through first: its id, its line in the access log, its metrics.
 * - The id: an incoming `X-Request-Id` of sane form (a proxy's or a load balancer's) is kept,
 *   else one is made; it is echoed in the answer, on every log line written while the request
 *   is served (log.server.ts), and sent to the content API (api-request.server.ts).
 * - The access log (ACCESS_LOG), through pino-http: one line per answered request with its
 *   method, path (no query: it may carry personal data), status, milliseconds and whether the
 *   page cache answered (`cache`). Nothing else of the request: no header, no cookie.
 * - The metrics: `http_requests_total` and `http_request_duration_seconds` by page kind and
 *   status class (operations/metrics.server.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { pinoHttp } from "pino-http";
import { inRequestScope, loggerFor } from "../log.server.ts";
import { observeRequest } from "../operations/metrics.server.ts";

/** Ids we pass on: what proxies and tracing tools write (UUIDs, hex, `Root=1-…`), at most 128. */
const saneId = /^[A-Za-z0-9][\w.:=+/-]{0,127}$/;

/** The id of a request: the one it came with, if sane, else a new one. */
export function requestIdFor(given: string | string[] | undefined): string {
  return typeof given === "string" && saneId.test(given) ? given : randomUUID();
}

const started = Symbol("started");
type Timed = ServerResponse & { [started]?: number };

/** Path without the query, at most 300 characters. */
const pathOf = (url: string | undefined) => (url ?? "/").split("?")[0]?.slice(0, 300) ?? "/";

/**
 * The access log line of an answered request that began at `startedAt` (performance.now()).
 * `cache` is the answer's X-Cache, read from the response unless given: headers written in one
 * `writeHead` list when none was set before (the page cache's hits before Express) cannot be
 * read back.
 */
export function accessLine(
  req: IncomingMessage & { id?: unknown; originalUrl?: string },
  res: ServerResponse,
  startedAt = (res as Timed)[started] ?? performance.now(),
  cache = res.getHeader("X-Cache"),
) {
  return {
    requestId: req.id === undefined ? undefined : String(req.id),
    method: req.method,
    path: pathOf(req.originalUrl ?? req.url),
    status: res.statusCode,
    ms: Math.round((performance.now() - startedAt) * 10) / 10,
    ...(cache ? { cache: String(cache) } : {}),
  };
}

/** The metrics of an answered request that began at `startedAt`. */
export const observeAnswer = (
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  startedAt: number,
) =>
  observeRequest(
    pathOf(req.originalUrl ?? req.url),
    res.statusCode,
    (performance.now() - startedAt) / 1000,
  );

export function requestHandling(options: { accessLog: boolean }): express.RequestHandler[] {
  const accessLog = pinoHttp({
    logger: loggerFor("http"),
    autoLogging: options.accessLog,
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers["x-request-id"]);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // The request logger pino-http keeps on `req` (`req.log`) names the method only: never a
    // header, a cookie or the query.
    serializers: { req: (req: { method?: string }) => ({ method: req.method }) },
    quietResLogger: true,
    customSuccessObject: (req, res) => accessLine(req, res),
    customErrorObject: (req, res) => accessLine(req, res),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
  });

  const begin: express.RequestHandler = (req, res, next) => {
    const startedAt = performance.now();
    (res as Timed)[started] = startedAt;
    res.once("finish", () => observeAnswer(req, res, startedAt));
    next();
  };
  const scoped: express.RequestHandler = (req, _res, next) =>
    inRequestScope({ requestId: String(req.id) }, next);
  return [begin, accessLog, scoped];
}
