/**
 * Requests refused before anything reads them: an over-long target (414), broken
 * percent-encoding, a control character in the path and a Host no address can be built from
 * (400). Each error goes on to the
 * error page (error-page.server.ts) with its status.
 */
import type express from "express";

/**
 * Longest request target (path and query) the site reads: its own addresses are far shorter
 * (a page's is under 100 characters but for an id of many characters, 3,100 at most encoded,
 * a search's under 1,300), and a longer one is junk whose
 * copies would only churn memory on its way through the app.
 */
const MAX_TARGET_LENGTH = 4096;

/** A request target longer than MAX_TARGET_LENGTH is answered 414 before anything reads it. */
export const rejectLongUrls: express.RequestHandler = (req, _res, next) => {
  if (req.url.length <= MAX_TARGET_LENGTH) return next();
  next(Object.assign(new Error("request target too long"), { status: 414 }));
};

/**
 * An address with broken percent-encoding (`/en/news/%`) or a control character in its path
 * (`/%09/a.b`: no address of the site has one, and URL parsers drop tabs and line breaks, so
 * such a path would read as another) is a bad request, not a page.
 */
export const rejectMalformedUrls: express.RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return next(Object.assign(new Error("malformed percent-encoding"), { status: 400 }));
  }
  if (/\p{Cc}/u.test(path)) {
    return next(Object.assign(new Error("control character in the path"), { status: 400 }));
  }
  next();
};

/** A host name or an IP literal, with a port or not. */
const wellFormedHost =
  /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_.])?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** Whether `host` (a Host header) names a host and a port the site can build addresses from. */
export function isWellFormedHost(host: string | undefined): boolean {
  const match = host ? wellFormedHost.exec(host) : null;
  return match !== null && Number(match[1] ?? 0) <= 65_535;
}

/**
 * Every request names a host the site can build addresses from. One with no `Host` (HTTP/1.0)
 * or an empty one is read as made to SITE_URL's host; one whose `Host` (or, from a trusted
 * proxy, `X-Forwarded-Host`) is no host name (`Host: a b`) or has a port past 65535 is a bad
 * request: no page can be addressed by it. Refused before anything builds a URL from it, so it
 * is a 400, not an error in the log.
 */
export function checkHost(siteUrl: string): express.RequestHandler {
  const siteHost = new URL(siteUrl).host;
  return (req, _res, next) => {
    if (!req.headers.host) req.headers.host = siteHost;
    if (isWellFormedHost(req.host)) return next();
    next(Object.assign(new Error("malformed Host"), { status: 400 }));
  };
}
