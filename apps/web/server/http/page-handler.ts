/**
 * React Router behind Express, with the full-page cache in front (server/http/page-cache.server.ts).
 * A cached page is sent without rendering, compressed once per encoding, with its ETag (304
 * when the browser already has it). A fresh render that every visitor may share is kept until
 * its data expires, and says so to CDNs and proxies in Cache-Control, with the keys of what it
 * was made from in `Surrogate-Key` and `xkey` (content-keys.server.ts) for a purge by content
 * there. A page not kept (a form with its own session, an error, a page from stale data) is
 * sent whole and compressed in one call too; anything else streams as React Router's Express
 * adapter would.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type express from "express";
import type { RequestHandler, RouterContextProvider } from "react-router";
import { surrogateKeys } from "../content/content-keys.server.ts";
import { countPageCache } from "../operations/metrics.server.ts";
import type { Freshness } from "../site-context.server.ts";
import { chooseEncoding, compress, SENT_ONCE } from "./encoding.ts";
import { LASTING_REDIRECT_CACHE } from "./lasting-redirect.server.ts";
import { type CachedPage, cacheAddress, isShareable, type PageCache } from "./page-cache.server.ts";

export interface PageHandlerOptions {
  /** React Router's handler of the build (app.ts). */
  render: RequestHandler;
  /** The request's React Router context and the freshness record its loaders fill in. */
  getLoadContext: (req: express.Request) => {
    context: RouterContextProvider;
    freshness: Freshness;
  };
  pageCache?: PageCache;
  /** Longest a page may be cached (the data cache's freshness). */
  ttlMs: number;
  /** How many purges the site has applied: a page rendered across one is not kept. */
  purges?: () => number;
  /** The site's public origin (SITE_URL): behind a proxy that rewrites `Host`, pages posted
   * from it are read as made to it (React Router checks that a form's origin is the page's). */
  publicOrigin?: string;
  /** The Content-Security-Policy of a page at this path; absent in development. */
  policyOf?: (pathname: string) => string;
}

/**
 * When to ask again for a page the content API's outage stopped: the data cache asks the API
 * again within seconds of a failure (NO_ANSWER_RETRY_MS), so a retry half a minute later may
 * find it back.
 */
const OUTAGE_RETRY_AFTER_S = 30;

/** How long a CDN may keep serving a page while the site is failing. */
const STALE_IF_ERROR_SECONDS = 24 * 60 * 60;

export function pageHandler(options: PageHandlerOptions): express.RequestHandler {
  const { pageCache, render } = options;

  return async (req, res, next) => {
    try {
      // A page asked for under another spelling is sent to its one address (built from the
      // page table). Any other GET is rendered from its canonical address, the same that keys
      // it in the cache: what is kept under a key is what that key's address renders.
      const address = isGet(req) ? cacheAddress(req.originalUrl) : undefined;
      if (address && "redirectTo" in address) {
        res.setHeader("Cache-Control", LASTING_REDIRECT_CACHE);
        return res.redirect(301, address.redirectTo);
      }
      const request = toFetchRequest(req, res, options.publicOrigin, address?.render);
      const key = pageCache && address?.keepable ? address.key : null;
      const hit = key ? pageCache?.get(key) : undefined;
      if (hit && pageCache) {
        countPageCache("hit");
        return sendCached(req, res, pageCache, hit, "HIT");
      }
      if (key && pageCache) countPageCache("miss");

      const { context, freshness } = options.getLoadContext(req);
      freshness.until = Date.now() + options.ttlMs;
      const purges = options.purges?.();
      const response = await render(request, context);
      const html = response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
      // HEAD answers have no body to keep: only GET fills the cache. A page whose data may
      // predate a purge that came while it was rendered is not kept either.
      const shared =
        req.method === "GET" &&
        key &&
        pageCache &&
        isShareable(response.status, response.headers) &&
        options.purges?.() === purges;
      const policy = html ? options.policyOf?.(req.path) : undefined;
      if (!shared || !key || !pageCache) {
        // Not shared: sent with the route's own caching headers as they are. Without any, what
        // this cache did not keep (a redirect, a 404, an error screen, a page rendered across
        // a purge, `.data`'s redirects) is kept by no cache in front either: it follows the
        // content (a story published after its 404, the last page of a list), and a purge by
        // content could not reach it there. Only a page the site keeps no cache for at all
        // goes as its route says.
        if (policy) res.setHeader("Content-Security-Policy", policy);
        if ((key || response.status !== 200) && !response.headers.has("Cache-Control"))
          res.setHeader("Cache-Control", "no-store");
        // The content API is down (an error screen, a feed or sitemap that cannot be built):
        // visitors' browsers and crawlers are told when to come back, unless the route said.
        if (response.status === 503 && !response.headers.has("Retry-After"))
          res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_S));
        if (html && response.body) return await sendWhole(req, res, response);
        return await sendStreamed(res, response);
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(([name]) => !unsentHeaders.has(name));
      if (policy) headers.push(["content-security-policy", policy]);
      const keys = surrogateKeys(key, freshness.dataKeys);
      headers.push(["surrogate-key", keys], ["xkey", keys]);
      const page = pageCache.set(key, {
        status: response.status,
        headers,
        body,
        expiresAt: freshness.until,
        dataKeys: [...freshness.dataKeys],
      });
      sendCached(req, res, pageCache, page, "MISS");
    } catch (error) {
      next(error);
    }
  };
}

const isGet = (req: express.Request) => req.method === "GET" || req.method === "HEAD";

/** Headers the cache sets itself for each answer. */
const unsentHeaders = new Set(["content-length", "content-encoding", "etag", "cache-control"]);

/**
 * Sends a kept answer: its headers, ETag (a 304 when the browser has it), caching headers and
 * its body in the best encoding the browser takes. Plain Node request and response, so the
 * HTTP server's own path for hits (cached-answers.ts) and this handler send alike.
 */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  pageCache: PageCache,
  page: CachedPage,
  state: "HIT" | "MISS",
  /** Headers to send first, names and values in turn (when nothing has set any yet). */
  first: readonly string[] = [],
) {
  const fresh = Math.max(0, Math.floor((page.expiresAt - Date.now()) / 1000));
  // One flat list to `writeHead`: cheaper than a `setHeader` each on the commonest answer; it
  // replaces a header set before under the same name, as `setHeader` did.
  const headers = [...first];
  for (const [name, value] of page.headers) headers.push(name, value);
  headers.push(
    "ETag",
    page.etag,
    "Vary",
    "Accept-Encoding",
    "X-Cache",
    state,
    // Browsers check back every time (a 304 when unchanged); shared caches keep the page as
    // long as its data is fresh, then serve it while they fetch the next copy or while we fail.
    "Cache-Control",
    `public, max-age=0, must-revalidate, s-maxage=${fresh}, stale-while-revalidate=${fresh}, stale-if-error=${STALE_IF_ERROR_SECONDS}`,
  );
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = pageCache.bodyIn(page, encoding);
  if (encoding !== "identity") headers.push("Content-Encoding", encoding);
  headers.push("Content-Length", String(body.length));
  res.writeHead(page.status, headers);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** If-None-Match compares tags weakly (RFC 9110 13.1.2): `W/` is left out on both sides. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const own = opaque(etag);
  return header === "*" || header.split(",").some((tag) => opaque(tag) === own);
}

function toFetchRequest(
  req: express.Request,
  res: express.Response,
  publicOrigin?: string,
  target: string = req.originalUrl,
): Request {
  // The host as Express reads it (X-Forwarded-Host with TRUST_PROXY), cut at anything odd.
  const host = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const port = req.get("host")?.match(/:(\d+)$/)?.[1];
  const origin =
    publicOrigin && req.get("origin") === publicOrigin
      ? publicOrigin
      : `${req.protocol}://${host}${port ? `:${port}` : ""}`;
  const url = new URL(origin + target);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (!isGet(req)) {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * A page not kept (a form with its own session, an error): rendered whole (entry.server.tsx),
 * so compressed in one call, like a kept page. Through the compression middleware each such
 * answer held a compression stream of its own, a few hundred KB of native memory, and many sent
 * at once added up (issue 33). Marked so that the middleware leaves it alone.
 */
async function sendWhole(req: express.Request, res: express.Response, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  if (res.destroyed || res.writableEnded) return;
  copyHead(res, response);
  res.append("Vary", "Accept-Encoding");
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const sent = compress(body, encoding, SENT_ONCE);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.locals[SENT_WHOLE] = true;
  res.end(sent);
}

/** Set on an answer `sendWhole` has encoded: the compression middleware skips it (app.ts). */
export const SENT_WHOLE = "sentWhole";

/** The status and headers of React Router's answer, on Express's. */
function copyHead(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
}

async function sendStreamed(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  copyHead(res, response);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
