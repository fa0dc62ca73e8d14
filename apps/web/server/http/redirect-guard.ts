/**
 * The last word on every redirect the site answers: a `Location` that a browser would resolve
 * to another origin is never sent. Redirects are built from the page table and the settings
 * (page-table.ts `pageAddress`), so this guard should never fire; it is here so that a future
 * route, a library's redirect (a folder's trailing slash) or a bug cannot turn the company's
 * domain into an open redirect. The check uses the WHATWG URL parser, the one browsers use:
 * control characters, `//host`, `/\host`, `/<TAB>/host` and their encoded forms are refused,
 * as is any absolute URL of another origin.
 */
import type express from "express";
import { type Logger, loggerFor } from "../log.server.ts";

/** Tab, line breaks and other controls, and the backslash browsers read as a slash. */
const unsafeCharacters = /[\p{Cc}\\]/u;

/**
 * Whether a browser at a page of `siteOrigin` would follow `location` to the same origin.
 *
 * @example isSameOriginLocation("/en/news", "https://site.example") // true
 * @example isSameOriginLocation("/\t/evil.example", "https://site.example") // false
 */
export function isSameOriginLocation(location: string, siteOrigin: string): boolean {
  // `//host` is another host to a browser (`/\host` too, refused above with every backslash).
  if (unsafeCharacters.test(location) || location.startsWith("//")) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(location.split(/[?#]/)[0] ?? "");
  } catch {
    return false;
  }
  // Encoded forms of the same in the path, which some later decoding step would make dangerous.
  if (unsafeCharacters.test(decoded) || decoded.startsWith("//")) return false;
  try {
    return new URL(location, `${siteOrigin}/`).origin === siteOrigin;
  } catch {
    return false;
  }
}

/**
 * Express middleware that checks the `Location` of each answer as its head is written and
 * answers 400 instead of a redirect to another origin (logged as a warning).
 */
export function refuseForeignRedirects(
  siteUrl: string,
  log: Logger = loggerFor("http"),
): express.RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function guardedWriteHead(this: express.Response, ...args: unknown[]) {
      const given = args.find((arg) => typeof arg === "object" && arg !== null);
      if (given && !Array.isArray(given)) {
        for (const [name, value] of Object.entries(given)) {
          if (name.toLowerCase() === "location") {
            res.setHeader("Location", String(value));
            delete (given as Record<string, unknown>)[name];
          }
        }
      }
      const location = res.getHeader("Location");
      if (location !== undefined && !isSameOriginLocation(String(location), siteOrigin)) {
        log.warn(
          { path: req.path, status: res.statusCode },
          "refused a redirect to another origin",
        );
        res.removeHeader("Location");
        res.statusCode = 400;
        res.statusMessage = "Bad Request";
        if (typeof args[0] === "number") args[0] = 400;
        if (typeof args[1] === "string") args[1] = "Bad Request";
      }
      return writeHead.apply(this, args as Parameters<typeof writeHead>);
    } as typeof res.writeHead;
    next();
  };
}
