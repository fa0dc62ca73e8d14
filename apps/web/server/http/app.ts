/**
 * The website's HTTP server: compression, the methods each address takes, static files (hashed
 * assets cached for a year), the `/storage` media proxy when MEDIA_BASE_URL is `/`,
 * resized images (`/img`, image-endpoint.ts), social cards drawn for pages without an image
 * (`/og/…png`, social-card.ts),
 * React Router behind the page cache (page-handler.ts), and an error page of our own for
 * anything that escapes them.
 *
 * This module is the server build's entry (vite.config.ts), so it and the route modules share
 * one copy of every module: the site made here from the settings (site-context.server.ts) and the
 * visitor reach loaders and actions through React Router's context.
 */
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import {
  createRequestHandler,
  type RequestHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { imageEndpoint } from "../images/image-endpoint.ts";
import { ogTitleOf, socialCardEndpoint } from "../images/social-card.ts";
import { tracing } from "../operations/tracing.server.ts";
import {
  freshnessContext,
  maxBodyBytes,
  siteContext,
  type Visitor,
  visitorContext,
} from "../request-context.server.ts";
import { mediaProxyTarget, type Settings } from "../settings.server.ts";
import { createSite } from "../site-context.server.ts";
import { cachedAnswers } from "./cached-answers.ts";
import { errorPage } from "./error-page.server.ts";
import { mediaProxy } from "./media-proxy.ts";
import { allowedMethods } from "./methods.ts";
import { operations } from "./operations.ts";
import { pageHandler, SENT_WHOLE } from "./page-handler.ts";
import { refuseForeignRedirects } from "./redirect-guard.ts";
import { checkHost, rejectLongUrls, rejectMalformedUrls } from "./request-guards.ts";
import { requestHandling } from "./requests.ts";
import { pagePolicies, securityHeaders } from "./security-headers.ts";

export interface SiteAppOptions {
  settings: Settings;
  /** Folder of the client build (`build/client`); omitted in development (Vite serves it). */
  clientDir?: string;
  /** Runs before React Router, e.g. Vite's dev middleware. */
  before?: express.RequestHandler[];
}

// Read on each request, so that in development Vite serves the routes as they are edited.
const build = () =>
  (import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>).then(traced);

/**
 * React Router's request handler. Given a function, React Router makes its route tables anew
 * on every request, as Vite's edits need; a built site never changes, so there it gets the
 * build itself, once (the tables were 8 % of a page's CPU, issue 33).
 */
function routerHandler(mode: string, fromVite: boolean): RequestHandler {
  if (fromVite) return createRequestHandler(build, mode);
  let handler: Promise<RequestHandler> | undefined;
  return async (request, context) => {
    if (!handler) {
      handler = build().then((serverBuild) => createRequestHandler(serverBuild, mode));
      // A build that failed to load is asked for again by the next request.
      handler.catch(() => {
        handler = undefined;
      });
    }
    return (await handler)(request, context);
  };
}

const tracedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The build, with spans for its loaders and actions when tracing runs (tracing.server.ts). */
function traced(serverBuild: ServerBuild): ServerBuild {
  const routes = tracing()?.routes;
  if (!routes) return serverBuild;
  let made = tracedBuilds.get(serverBuild);
  if (!made) {
    const { entry } = serverBuild;
    const instrumentations = [...(entry.module.instrumentations ?? []), routes];
    made = { ...serverBuild, entry: { ...entry, module: { ...entry.module, instrumentations } } };
    tracedBuilds.set(serverBuild, made);
  }
  return made;
}

/**
 * The client build's own files beside `assets/` (icons, logo), listed once: a built site never
 * changes. Only their addresses reach the file server, so a page costs no look-up on disk
 * (a stat of a missing file on every page, cached or not: 0.2 ms of a search's CPU, issue 33).
 */
function publicFiles(clientDir: string): express.RequestHandler {
  const names = new Set(
    fs
      .readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const serve = express.static(clientDir, { maxAge: "1h", index: false });
  return (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next());
}

/** Whether the page handler sent this answer encoded already (page-handler.ts). */
const sentWhole = (res: ServerResponse) => (res as express.Response).locals?.[SENT_WHOLE] === true;

/** How long after the start site search loads or builds its indexes. */
const WARM_SEARCH_AFTER_MS = 1_000;

/** Throws a CompanyFileError when the company file is missing or wrong (site-context.server.ts). */
export function createSiteApp(options: SiteAppOptions): express.Express {
  const { settings } = options;
  const site = createSite(settings);
  // Site search's indexes: the saved ones loaded, or built, before the first search asks (a
  // moment after the start, once Redis is connected and the first pages are served).
  setTimeout(() => site.search.warm(), WARM_SEARCH_AFTER_MS).unref();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.TRUST_PROXY);
  const traceRequests = tracing()?.requests;
  if (traceRequests) app.use(traceRequests);
  app.use(requestHandling({ accessLog: settings.ACCESS_LOG }));
  // First, so that every answer has them, refusals too.
  app.use(securityHeaders());
  app.use(rejectLongUrls);
  app.use(refuseForeignRedirects(settings.SITE_URL));
  // Pages sent whole are compressed by the page handler already.
  app.use(compression({ filter: (req, res) => !sentWhole(res) && compression.filter(req, res) }));
  app.use(rejectMalformedUrls);
  app.use(checkHost(settings.SITE_URL));
  app.use(operations(site));
  app.use(allowedMethods(build));
  app.use(sameOriginPosts(settings.SITE_URL));
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
    app.use(publicFiles(options.clientDir));
  }
  // `/storage/*` fetched from the API, when browsers load media through this site.
  const mediaProxyTo = mediaProxyTarget(settings);
  if (mediaProxyTo) {
    const headersTimeoutMs = settings.API_TIMEOUT_MS;
    app.use("/storage", mediaProxy(mediaProxyTo, { headersTimeoutMs }));
  }
  // The public files as served: the client build's copy, or the sources in development.
  const publicDir = options.clientDir ?? path.resolve(import.meta.dirname, "../../public");
  app.use(
    "/img",
    imageEndpoint({
      publicDir,
      apiBaseUrl: settings.API_BASE_URL,
      origins: site.mediaOrigins,
      cacheDir: settings.IMAGE_CACHE_DIR,
      maxCacheBytes: settings.IMAGE_CACHE_MAX_MB * 1024 * 1024,
      libvipsMemoryMb: settings.IMAGE_MEMORY_MB,
      timeoutMs: settings.API_TIMEOUT_MS,
    }),
  );

  /** The React Router context of one request: the site, who sent it, its data's freshness. */
  const contextFor = (visitor: Visitor) => {
    const context = new RouterContextProvider();
    const freshness = { until: 0, dataKeys: new Set<string>() };
    context.set(siteContext, site);
    context.set(freshnessContext, freshness);
    context.set(visitorContext, visitor);
    return { context, freshness };
  };
  const getLoadContext = (req: express.Request) =>
    contextFor({ address: clientAddress(req), bodyTooLarge: capBody(req, maxBodyBytes) });

  // Without a client build folder, Vite serves the site from its sources (dev.ts).
  const render = routerHandler(settings.NODE_ENV, options.clientDir === undefined);
  /** A page's og:title as visitors get it: from the page cache, else rendered now. */
  const pageTitle = async (pathname: string): Promise<string | null> => {
    const cached = site.pageCache?.get(pathname);
    if (cached) return ogTitleOf(cached.body.toString("utf8"));
    const request = new Request(new URL(pathname, settings.SITE_URL), {
      headers: { Accept: "text/html" },
    });
    const { context } = contextFor({ address: "social-card", bodyTooLarge: () => false });
    const response = await render(request, context);
    if (response.status !== 200) {
      await response.body?.cancel();
      return null;
    }
    return ogTitleOf(await response.text());
  };
  app.get(
    /^\/og\//,
    socialCardEndpoint({
      cacheDir: settings.IMAGE_CACHE_DIR,
      company: site.company,
      siteUrl: settings.SITE_URL,
      publicDir,
      timeoutMs: settings.API_TIMEOUT_MS,
      libvipsMemoryMb: settings.IMAGE_MEMORY_MB,
      pageTitle,
    }),
  );
  app.use(
    pageHandler({
      render,
      getLoadContext,
      pageCache: site.pageCache,
      ttlMs: settings.CACHE_TTL_MS,
      purges: site.purges,
      publicOrigin: new URL(settings.SITE_URL).origin,
      // Vite's development scripts are not the build's: the policy is for production.
      policyOf: settings.NODE_ENV === "production" ? pagePolicies(site.mediaOrigins) : undefined,
    }),
  );
  app.use(errorPage());
  // Hits of the page cache, answered by the HTTP server before the app (serve.ts).
  if (site.pageCache && !traceRequests) {
    app.locals.answerFromCache = cachedAnswers({
      pageCache: site.pageCache,
      trustProxy: app.get("trust proxy fn"),
      accessLog: settings.ACCESS_LOG,
    });
  }
  return app;
}

/**
 * Form posts must come from the site's own pages (cross-site request forgery): a POST whose
 * `Origin` (or, without one, `Sec-Fetch-Site`) names another site gets 403. The site's own
 * origin is SITE_URL's or the one the request was made to (as the trusted proxy says), so it
 * works behind an HTTPS proxy that rewrites `Host`. The purge webhook is called by servers.
 */
function sameOriginPosts(siteUrl: string): express.RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (req.method !== "POST" || req.path === "/purge") return next();
    const origin = req.get("origin");
    const own = `${req.protocol}://${req.host}`;
    const crossSite = origin
      ? origin !== siteOrigin && origin !== own
      : req.get("sec-fetch-site") === "cross-site";
    if (!crossSite) return next();
    res.status(403).type("text/plain").send("Forms are accepted from this site's own pages only.");
  };
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
