/**
 * Page-cache hits answered by the HTTP server itself, before Express: the commonest request (a
 * page someone already had rendered) costs a key lookup and a write, not a walk through every
 * middleware (a static file's `stat`, compression's wrappers, the routers). Anything else goes
 * to the Express app as before: a miss, a method other than GET or HEAD, a Host the site must
 * check or a forwarded one, and every request while tracing is on (its spans are Express's).
 * A visitor gets the same answer either way: the security headers, the request id, the page's
 * headers and body (page-handler.ts `sendCached`), and the same access log line and metrics
 * (requests.ts); e2e/page-cache.spec.ts compares the two.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { loggerFor } from "../log.server.ts";
import { countPageCache } from "../operations/metrics.server.ts";
import { cacheAddress, MAX_KEY_LENGTH, type PageCache } from "./page-cache.server.ts";
import { sendCached } from "./page-handler.ts";
import { isWellFormedHost } from "./request-guards.ts";
import { accessLine, observeAnswer, requestIdFor } from "./requests.ts";
import { securityHeaderList } from "./security-headers.ts";

export interface CachedAnswersOptions {
  pageCache: PageCache;
  /** Express's compiled TRUST_PROXY (`app.get("trust proxy fn")`): who may say it was HTTPS. */
  trustProxy: (address: string | undefined, hop: number) => boolean;
  accessLog: boolean;
}

/** Answers `req` from the page cache and returns true, or returns false and leaves it alone. */
export type AnswerFromCache = (req: IncomingMessage, res: ServerResponse) => boolean;

export function cachedAnswers(options: CachedAnswersOptions): AnswerFromCache {
  const { pageCache, trustProxy } = options;
  const log = loggerFor("http");
  /** HTTPS, as Express's `req.secure` reads it. */
  const secure = (req: IncomingMessage) => {
    if ((req.socket as TLSSocket).encrypted) return true;
    if (!trustProxy(req.socket.remoteAddress, 0)) return false;
    const proto = req.headers["x-forwarded-proto"];
    return typeof proto === "string" && proto.split(",")[0]?.trim() === "https";
  };
  /** The kept page of another spelling of an address that is kept under its canonical key. */
  const pageOf = (url: string) => {
    const address = cacheAddress(url);
    return "key" in address && address.keepable ? pageCache.get(address.key) : undefined;
  };
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    if (url.length > MAX_KEY_LENGTH) return false;
    if (!isWellFormedHost(req.headers.host) || req.headers["x-forwarded-host"] !== undefined) {
      return false;
    }
    // Most hits ask for a page by its one address, which is its key: no parsing then.
    const page = pageCache.get(url) ?? pageOf(url);
    if (!page) return false;
    const startedAt = performance.now();
    const id = requestIdFor(req.headers["x-request-id"]);
    countPageCache("hit");
    sendCached(req, res, pageCache, page, "HIT", [
      "X-Request-Id",
      id,
      ...securityHeaderList(secure(req)),
    ]);
    // Written at once (the body is in memory): measured and logged now, no listener needed.
    observeAnswer(req, res, startedAt);
    if (options.accessLog)
      log.info(accessLine(Object.assign(req, { id }), res, startedAt, "HIT"), "request");
    return true;
  };
}
