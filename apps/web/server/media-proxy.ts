/**
 * `/storage/*` fetched from the content API and streamed to the browser, for when the site
 * serves the API's media itself (`MEDIA_BASE_URL=/`, automatic with the bundled API).
 *
 * No request can take the process down through here: every stream error is handled by
 * `pipeline`, the time-out covers only the wait for the API's answer headers (a slow visitor's
 * long download is not cut short), and a visitor who goes away cancels the upstream request.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import type express from "express";
import { logLine } from "../app/lib/log.server.ts";

/** Answer headers passed on from the API (its `sandbox` CSP keeps SVGs inert). */
const forwardedHeaders = [
  "content-type",
  "content-length",
  "cache-control",
  "etag",
  "last-modified",
  "content-disposition",
  "content-security-policy",
  "x-content-type-options",
];

/** Request headers passed on, so conditional requests get their `304`. */
const conditionalHeaders = ["if-none-match", "if-modified-since"];

export interface MediaProxyOptions {
  /** How long to wait for the API's answer headers (API.md: 20 s). */
  headersTimeoutMs?: number;
  log?: (line: string) => void;
}

export function mediaProxy(
  apiBaseUrl: string,
  { headersTimeoutMs = 20_000, log = console.error }: MediaProxyOptions = {},
): express.RequestHandler {
  return async (req, res) => {
    const upstream = new AbortController();
    // The visitor went away before the API answered: nothing left to fetch. (Once the body
    // streams, `pipeline` cancels it instead.)
    const abortWait = () => upstream.abort();
    res.once("close", abortWait);
    const headersTimer = setTimeout(() => upstream.abort("headers-timeout"), headersTimeoutMs);

    let answer: Response;
    try {
      answer = await fetch(`${apiBaseUrl}/storage${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(
          conditionalHeaders.flatMap((name) => {
            const value = req.headers[name];
            return typeof value === "string" ? [[name, value]] : [];
          }),
        ),
        signal: upstream.signal,
      });
    } catch {
      if (res.headersSent || res.destroyed) return;
      const timedOut = upstream.signal.reason === "headers-timeout";
      log(
        logLine({
          level: "error",
          area: "media",
          message: timedOut ? "no answer in time" : "API unreachable",
          path: `/storage${req.url}`,
        }),
      );
      res.status(timedOut ? 504 : 502).end();
      return;
    } finally {
      clearTimeout(headersTimer);
      res.off("close", abortWait);
    }

    res.status(answer.status);
    for (const name of forwardedHeaders) {
      const value = answer.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    if (!answer.body || req.method === "HEAD") {
      await answer.body?.cancel();
      res.end();
      return;
    }
    const body = Readable.fromWeb(answer.body as ReadableStream<Uint8Array>);
    // NOTE: undici can report a cut connection ("terminated") after `pipeline` has settled;
    // without a listener that late error would be an uncaught exception.
    body.on("error", () => {});
    try {
      await pipeline(body, res);
    } catch {
      // The visitor disconnected or the API broke off mid-file: `pipeline` has already closed
      // both ends; the visitor's browser sees a cut download, nobody else sees anything.
    }
  };
}
