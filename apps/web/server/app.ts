/**
 * The website's HTTP server: compression, static files (hashed assets cached for a year),
 * the `/storage` media proxy when the bundled API serves the media, and React Router (which
 * gets the visitor's address and the request-body cap through its context).
 */
import path from "node:path";
import { Readable } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { maxBodyBytes, visitorContext } from "../app/lib/visitor.server.ts";

export interface SiteAppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (`build/client`); omitted in development (Vite serves it). */
  clientDir?: string;
  /** When set, `/storage/*` is fetched from this API (the bundled reference API). */
  mediaProxyTo?: string;
  mode?: string;
  /** Runs before React Router, e.g. Vite's dev middleware. */
  before?: express.RequestHandler[];
  trustProxy?: boolean;
}

export function createSiteApp(options: SiteAppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(compression());
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  for (const handler of options.before ?? []) app.use(handler);

  if (options.clientDir) {
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        fallthrough: false,
      }),
    );
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }
  if (options.mediaProxyTo) app.use("/storage", mediaProxy(options.mediaProxyTo));

  app.use(createRequestHandler({ build: options.build, mode: options.mode, getLoadContext }));
  return app;
}

/** The React Router context of one request: the visitor's address and the body-size watch. */
function getLoadContext(req: express.Request): RouterContextProvider {
  const context = new RouterContextProvider();
  const bodyTooLarge = capBody(req, maxBodyBytes);
  context.set(visitorContext, { address: clientAddress(req), bodyTooLarge });
  return context;
}

/**
 * The client's address. Express's `req.ip` is the socket's address, or with `trust proxy`
 * (TRUST_PROXY) the first X-Forwarded-For entry. IPv4-mapped IPv6 is shown as IPv4.
 */
function clientAddress(req: express.Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/**
 * Caps the request body at `limit` bytes: a larger Content-Length is refused before reading,
 * and a body that grows past the limit while streamed stops being passed on. Either way the
 * rest is read and discarded (so the browser still gets the answer, not a reset connection)
 * and the returned check turns true; the route's action then answers 413.
 */
function capBody(req: express.Request, limit: number): () => boolean {
  if (req.method === "GET" || req.method === "HEAD") return () => false;
  let tooLarge = false;
  let size = 0;
  const stop = () => {
    tooLarge = true;
    // NOTE: this also detaches React Router's reader, whose stream then simply ends (short).
    req.removeAllListeners("data");
    req.resume();
  };
  if (Number(req.headers["content-length"]) > limit) {
    stop();
    return () => tooLarge;
  }
  const flowing = req.readableFlowing;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) stop();
  };
  req.on("data", count);
  // Counting must not start the flow by itself: React Router's reader pulls when it reads.
  if (flowing !== true) req.pause();
  return () => tooLarge;
}

const forwardedHeaders = [
  "content-type",
  "content-length",
  "cache-control",
  "etag",
  "last-modified",
  "content-disposition",
];

/** Streams `/storage/...` from the API, keeping its caching headers. */
function mediaProxy(apiBaseUrl: string): express.RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const upstream = await fetch(`${apiBaseUrl}/storage${req.url}`, {
        method: req.method,
        headers: {
          ...(req.headers["if-none-match"]
            ? { "If-None-Match": String(req.headers["if-none-match"]) }
            : {}),
          ...(req.headers["if-modified-since"]
            ? { "If-Modified-Since": String(req.headers["if-modified-since"]) }
            : {}),
        },
        signal: AbortSignal.timeout(20_000),
      });
      res.status(upstream.status);
      for (const name of forwardedHeaders) {
        const value = upstream.headers.get(name);
        if (value) res.setHeader(name, value);
      }
      if (!upstream.body || req.method === "HEAD") {
        res.end();
        return;
      }
      Readable.fromWeb(upstream.body as import("node:stream/web").ReadableStream).pipe(res);
    } catch {
      if (!res.headersSent) res.status(502).end();
    }
  };
}
