/**
 * `/storage/*` fetched from the content API and streamed to the browser, for when the site
 * serves the API's media itself (`MEDIA_BASE_URL=/`, what the root `npm start` sets for the reference API).
 *
 * No request can take the process down through here: every stream error is handled by
 * `pipeline`, the time-out covers the wait for the API's answer headers, then each wait for
 * its next bytes (a slow visitor's long download is not cut short, a stalled API's is), and a
 * visitor who goes away cancels the upstream request.
 *
 * Nor can a request reach anything of the API but its media: dot segments (and their
 * encodings) are refused before a request leaves, and redirects are followed only within the
 * API's `/storage`. What it sends runs nothing on the site's origin: every answer has a
 * sandboxing Content-Security-Policy and `nosniff`, and whatever is not an image, PDF, audio
 * or video is a download (`attachment`, `application/octet-stream`), so an HTML upload served
 * inline by the API is not a page of the site, nor a script or style sheet it may load.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import type express from "express";
import { type Logger, loggerFor } from "../log.server.ts";
import {
  AS_STORED,
  conditionalHeaders,
  cutWhenStalled,
  storedLength,
  VALIDATORS,
} from "./stored-files.server.ts";

/** Answer headers passed on from the API (and its length: `storedLength`; its type if shown). */
const forwardedHeaders = ["cache-control", ...VALIDATORS];

/** The policy of every proxied answer: an SVG or a document shown here runs nothing. */
export const MEDIA_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** Types shown in the browser; anything else is downloaded. */
const inlineTypes = /^(image\/[\w.+-]+|application\/pdf|audio\/[\w.+-]+|video\/[\w.+-]+)\s*(;|$)/i;

/** Redirects followed within the API's `/storage`. */
const MAX_REDIRECTS = 3;

/**
 * Whether a path (as sent, before Express decodes anything) has a `.` or `..` segment, plain
 * or percent-encoded, an encoded separator or a backslash: such a path could leave `/storage`.
 */
function leavesFolder(rawPath: string): boolean {
  if (/\\|%2f|%5c/i.test(rawPath)) return true;
  return rawPath.split("/").some((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    return decoded === "." || decoded === "..";
  });
}

export interface MediaProxyOptions {
  /** How long to wait for the API's answer headers, and each stall after (API_TIMEOUT_MS). */
  headersTimeoutMs: number;
  logger?: Logger;
}

export function mediaProxy(
  apiBaseUrl: string,
  { headersTimeoutMs, logger: log = loggerFor("http") }: MediaProxyOptions,
): express.RequestHandler {
  const storage = `${new URL(apiBaseUrl).pathname.replace(/\/$/, "")}/storage/`;
  const inStorage = (url: URL) =>
    url.origin === new URL(apiBaseUrl).origin && url.pathname.startsWith(storage);
  return async (req, res) => {
    const rawPath = req.originalUrl.split("?")[0] ?? "";
    const target = new URL(`${apiBaseUrl}/storage${req.url}`);
    if (leavesFolder(rawPath) || !inStorage(target)) {
      res.status(400).type("text/plain").send("Not a media address");
      return;
    }
    const upstream = new AbortController();
    // The visitor went away before the API answered: nothing left to fetch. (Once the body
    // streams, `pipeline` cancels it instead.)
    const abortWait = () => upstream.abort();
    res.once("close", abortWait);
    const headersTimer = setTimeout(() => upstream.abort("headers-timeout"), headersTimeoutMs);

    let answer: Response;
    try {
      let url = target;
      for (let hop = 0; ; hop++) {
        answer = await fetch(url, {
          method: req.method,
          headers: { ...AS_STORED, ...conditionalHeaders((name) => req.headers[name]) },
          signal: upstream.signal,
          redirect: "manual",
        });
        const location = answer.headers.get("location");
        if (answer.status < 300 || answer.status > 399 || answer.status === 304) break;
        await answer.body?.cancel();
        const next = location ? new URL(location, url) : undefined;
        // Only within the API's media: never to another host or another of its paths.
        if (!next || !inStorage(next) || hop >= MAX_REDIRECTS) {
          log.warn({ path: rawPath }, "media redirect refused");
          res.status(502).end();
          return;
        }
        url = next;
      }
    } catch {
      if (res.headersSent || res.destroyed) return;
      const timedOut = upstream.signal.reason === "headers-timeout";
      log.error(
        { path: `/storage${req.url}` },
        timedOut ? "media: no answer in time" : "media: API unreachable",
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
    const length = storedLength(answer);
    if (length) res.setHeader("content-length", length);
    res.setHeader("Content-Security-Policy", MEDIA_POLICY);
    res.setHeader("X-Content-Type-Options", "nosniff");
    const type = answer.headers.get("content-type");
    if (type && inlineTypes.test(type)) res.setHeader("Content-Type", type);
    // A 304 has no type of its own: headers on it would replace the cached answer's.
    else if (answer.status !== 304) {
      // A download, of no type the site's pages could load as their own script or styles.
      res.setHeader("Content-Type", "application/octet-stream");
      res.setHeader("Content-Disposition", "attachment");
    }
    if (!answer.body || req.method === "HEAD") {
      await answer.body?.cancel();
      res.end();
      return;
    }
    const body = Readable.fromWeb(
      cutWhenStalled(
        answer.body,
        () => upstream.abort(),
        headersTimeoutMs,
      ) as ReadableStream<Uint8Array>,
    );
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
