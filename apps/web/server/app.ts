/**
 * The website's HTTP server: compression, static files (hashed assets cached for a year),
 * the `/storage` media proxy when the bundled API serves the media, and React Router.
 */
import path from "node:path";
import { Readable } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

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

  app.use(createRequestHandler({ build: options.build, mode: options.mode }));
  return app;
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
