/**
 * What the people running the site call, never cached:
 * - `GET /healthz`: the process is alive (200).
 * - `GET /readyz`: 200 while the process serves, which it does through an outage of the
 *   content API (the last good answers kept in memory or on disk, the contact form's outbox)
 *   or of Redis (its own caches): the text says "degraded" and why. A down API alone is no
 *   503: the API is every instance's, so a load balancer would take them all out of service
 *   and answer with its own error page, the contact form's posts with it. 503 when the API is
 *   not answering and the process has not even the home page's answer to serve (a new
 *   instance with a wrong API_BASE_URL, or an empty disk). The API counts as answering when it
 *   gave a valid answer lately (within a minute, or the data's freshness if shorter) or
 *   answers a cheap request within a second.
 * - `POST /purge` with `Authorization: Bearer <PURGE_SECRET>`: empties the data and page
 *   caches, all of them (no body, or `{}`); with a JSON body `{"paths": ["/en/news"]}` those pages only; with
 *   `{"api": ["/api/news/301", "/api/news"]}` everything made from that content (API paths as
 *   API.md writes them; a list's path stands for all its pages), so editors see a change at
 *   once, in every process of every instance and the shared caches in front
 *   (site-context.server.ts). The answer names what was purged, for a CDN in front to purge the
 *   same. A wrong or missing secret gets 401 and purges nothing, nor does a body that is not
 *   JSON (415) or not one of these (400).
 */

import { createHash, timingSafeEqual } from "node:crypto";
import { endpointPath } from "@site/contract";
import express from "express";
import { contentKeyOfApiPath, MAX_ENCODED_ID } from "../content/content-keys.server.ts";
import type { Site } from "../site-context.server.ts";
import { within } from "../within.ts";

/** How long readiness waits for the API (under a load balancer's probe time-out). */
const PROBE_TIMEOUT_MS = 1_000;

export function operations(site: Site): express.Router {
  const router = express.Router();
  router.use(["/healthz", "/readyz", "/purge"], (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });

  router.get("/readyz", async (_req, res) => {
    const recent = Math.min(60_000, site.settings.CACHE_TTL_MS);
    // Redis is asked beside the API, not after it: a frozen one costs its 500 ms time-out once.
    const redisNow = site.redis?.check();
    const answering = Date.now() - site.api.lastAnswerAt() < recent || (await apiAnswers(site));
    if (!answering && !(await servesKept(site))) {
      res
        .status(503)
        .type("text/plain")
        .send("content API not answering, and nothing kept to serve");
      return;
    }
    const redis = await redisNow;
    const problems = [
      ...(redis ? [`${redis}; serving from this process's own caches`] : []),
      ...(answering
        ? []
        : ["content API not answering; serving the last good answers, contact messages wait"]),
    ];
    res
      .type("text/plain")
      .send(problems.length ? `ready, degraded: ${problems.join("; ")}` : "ready");
  });

  // The secret is checked first: nobody without it gets the body read or parsed.
  const authorised: express.RequestHandler = (req, res, next) => {
    const secret = site.settings.PURGE_SECRET;
    if (!secret) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const given = req.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    if (!sameSecret(given, secret)) {
      res
        .status(401)
        .setHeader("WWW-Authenticate", "Bearer")
        .type("text/plain")
        .send("Unauthorized");
      return;
    }
    next();
  };

  router.post("/purge", authorised, express.json({ limit: "16kb" }), async (req, res) => {
    // Only no body, or `{}`, purges everything: a body this did not read (not JSON) or did not
    // expect (a misspelt key) is refused, never taken for "all".
    const hasBody =
      req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;
    if (hasBody && !req.is("application/json")) {
      res.status(415).type("text/plain").send("Send a JSON body (Content-Type: application/json)");
      return;
    }
    const body: unknown = req.body;
    if (
      hasBody &&
      (typeof body !== "object" ||
        body === null ||
        Array.isArray(body) ||
        Object.keys(body).some((key) => key !== "paths" && key !== "api"))
    ) {
      res.status(400).type("text/plain").send('The body is {"paths": [...]} or {"api": [...]}');
      return;
    }
    const paths: unknown = req.body?.paths;
    const apiPaths: unknown = req.body?.api;
    if (paths !== undefined && !(Array.isArray(paths) && paths.every(isSitePath))) {
      res
        .status(400)
        .type("text/plain")
        .send('paths must be a list of site paths such as "/en/news"');
      return;
    }
    if (apiPaths !== undefined) {
      const keys = Array.isArray(apiPaths) ? apiPaths.map(contentKeyOfListed) : [undefined];
      const wrong = keys.indexOf(undefined);
      if (paths !== undefined || wrong >= 0 || keys.length > MAX_API_PATHS) {
        const given = Array.isArray(apiPaths) && wrong >= 0 ? apiPaths[wrong] : undefined;
        res
          .status(400)
          .type("text/plain")
          .send(
            `api must be a list of at most ${MAX_API_PATHS} content API paths as API.md writes them, such as "/api/news/301" or "/api/news", without paths beside it${given === undefined ? "" : ` (not ${JSON.stringify(given)})`}`,
          );
        return;
      }
      const contentKeys = [...new Set(keys as string[])].sort();
      const dropped = await site.purge({ api: contentKeys });
      res.json({ purged: dropped, keys: contentKeys });
      return;
    }
    await site.purge(paths === undefined ? {} : { paths: paths as string[] });
    res.json({ purged: paths ?? "all" });
  });

  for (const path of ["/healthz", "/readyz", "/purge"]) {
    router.all(path, (_req, res) => {
      const allow = path === "/purge" ? "POST" : "GET, HEAD";
      res.status(405).setHeader("Allow", allow).type("text/plain").send("Method Not Allowed");
    });
  }
  return router;
}

/** Compares in constant time (digests have equal lengths whatever was sent). */
function sameSecret(given: string, secret: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** Content API paths one purge may name. */
const MAX_API_PATHS = 200;

/** The longest content API path a purge may name: an id as long as any, each byte encoded. */
const MAX_API_PATH_LENGTH = MAX_ENCODED_ID + 100;

const contentKeyOfListed = (value: unknown) =>
  typeof value === "string" && value.length <= MAX_API_PATH_LENGTH
    ? contentKeyOfApiPath(value)
    : undefined;

const isSitePath = (value: unknown): value is string =>
  typeof value === "string" && /^\/[^\s?#]*$/.test(value) && value.length <= MAX_API_PATH_LENGTH;

async function apiAnswers(site: Site): Promise<boolean> {
  try {
    const answer = await site.api.request(endpointPath("homeBanners"), {
      lang: "en",
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    return answer.status >= 200 && answer.status < 300;
  } catch {
    return false;
  }
}

/** Whether the home page's banners can be served from what the process kept (memory, disk). */
async function servesKept(site: Site): Promise<boolean> {
  const read = site.api.content("homeBanners", "en").then(
    () => true,
    () => false,
  );
  return (await within(read, PROBE_TIMEOUT_MS)) === true;
}
