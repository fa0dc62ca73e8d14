/**
 * The last Express error handler: an error that escapes everything else (a malformed URL, a
 * missing `/assets/` file, a bug) gets the site's error screen with a fitting status, in the
 * visitor's language, never a stack trace, a file path or an internal address. One log line.
 */
import type express from "express";
import ar from "../../app/i18n/ar.json" with { type: "json" };
import en from "../../app/i18n/en.json" with { type: "json" };
import { type Logger, loggerFor } from "../log.server.ts";

const strings = { en, ar } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The status an error asks for (4xx/5xx from `http-errors` style errors), 500 otherwise. */
function statusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

/** A self-contained page: it must render even when the build's assets are what failed. */
export function errorPageHtml(status: number, pathname: string): string {
  const lang = /^\/ar(\/|$)/i.test(pathname) ? "ar" : "en";
  const t = strings[lang];
  const notFound = status === 404;
  const title = notFound ? t["error.404.title"] : t["error.title"];
  const message = notFound ? t["error.404.message"] : t["error.message"];
  return `<!doctype html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;text-align:center}main{max-width:36rem;padding:2rem}a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;border-radius:.5rem;background:#0f2a44;color:#fff;text-decoration:none}</style>
</head>
<body><main data-testid="error-screen"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<a href="/${lang}">${escapeHtml(t["error.goHome"])}</a></main></body>
</html>`;
}

export function errorPage(log: Logger = loggerFor("http")): express.ErrorRequestHandler {
  return (error, req, res, next) => {
    const status = statusOf(error);
    if (status >= 500) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log.error({ method: req.method, path: req.path, status }, reason.split("\n")[0] ?? "");
    }
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("html")
      .setHeader("Cache-Control", "no-store")
      .send(errorPageHtml(status, req.path));
  };
}

/**
 * Longest request target (path and query) the site reads: its own addresses are far shorter
 * (a page's is under 100 characters, a search's under 1,300), and a longer one is junk whose
 * copies would only churn memory on its way through the app.
 */
export const MAX_TARGET_LENGTH = 4096;

/** A request target longer than MAX_TARGET_LENGTH is answered 414 before anything reads it. */
export const rejectLongUrls: express.RequestHandler = (req, _res, next) => {
  if (req.url.length <= MAX_TARGET_LENGTH) return next();
  next(Object.assign(new Error("request target too long"), { status: 414 }));
};

/** An address with broken percent-encoding (`/en/news/%`) is a bad request, not a page. */
export const rejectMalformedUrls: express.RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(Object.assign(new Error("malformed percent-encoding"), { status: 400 }));
  }
  next();
};

/** A host name or an IP literal, with a port or not. */
const wellFormedHost =
  /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_.])?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/**
 * Every request names a host the site can build addresses from. One with no `Host` (HTTP/1.0)
 * or an empty one is read as made to SITE_URL's host; one whose `Host` (or, from a trusted
 * proxy, `X-Forwarded-Host`) is no host name (`Host: a b`) or has a port past 65535 is a bad
 * request: no page can be addressed by it. Refused before anything builds a URL from it, so it
 * is a 400, not an error in the log.
 */
/** Whether `host` (a Host header) names a host and a port the site can build addresses from. */
export function isWellFormedHost(host: string | undefined): boolean {
  const match = host ? wellFormedHost.exec(host) : null;
  return match !== null && Number(match[1] ?? 0) <= 65_535;
}

export function checkHost(siteUrl: string): express.RequestHandler {
  const siteHost = new URL(siteUrl).host;
  return (req, _res, next) => {
    if (!req.headers.host) req.headers.host = siteHost;
    if (isWellFormedHost(req.host)) return next();
    next(Object.assign(new Error("malformed Host"), { status: 400 }));
  };
}
