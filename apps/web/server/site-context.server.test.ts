/**
 * The site as createSite makes it from the settings: the answer store's age limit
 * (ANSWER_STORE_MAX_AGE_DAYS) honoured on disk and in Redis, and a purge on one instance
 * reaching another through Redis. Against Debian's redis-server and the reference API. And a
 * page's optional blocks: an API that hangs for one of them holds no page for its time-out.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type ContentApi, startContentApi } from "@site/content-api";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startRedis, type TestRedis } from "../../../e2e/support/redis.ts";
import { openAnswerStore } from "./content/answer-store.server.ts";
import { repoRoot } from "./repo-root.ts";
import { freshnessContext, siteContext } from "./request-context.server.ts";
import { parseSettings } from "./settings.server.ts";
import { createSite, pageContext, type Site } from "./site-context.server.ts";
import { until } from "./testing/until.ts";

const DAY = 24 * 60 * 60 * 1000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-context-test-"));
let redis: TestRedis;
let closedApi = "";
const sites: Site[] = [];

beforeAll(async () => {
  redis = await startRedis();
  // Nothing listens there: every API call fails at once.
  closedApi = `http://127.0.0.1:${await freePort()}`;
});
afterAll(async () => {
  for (const site of sites) await site.redis?.close();
  await redis?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

let count = 0;
function siteWith(env: Record<string, string>): Site {
  const site = createSite(
    parseSettings({
      NODE_ENV: "test",
      API_BASE_URL: closedApi,
      COMPANY_FILE: path.join(repoRoot, "apps/web/company.json"),
      ANSWER_STORE_PATH: path.join(dir, `answers-${++count}.sqlite`),
      OUTBOX_DATABASE_PATH: path.join(dir, `outbox-${count}.sqlite`),
      ...env,
    }),
  );
  sites.push(site);
  return site;
}

const isoList = (title: string) => [{ id: 1, title, banner_img: null, images: [] }];

describe("ANSWER_STORE_MAX_AGE_DAYS", () => {
  it("limits the answers served from disk during an outage (not the built-in 30 days)", async () => {
    const file = path.join(dir, "kept.sqlite");
    const store = openAnswerStore(file, { maxAgeMs: 365 * DAY });
    store.set("en /api/isos", isoList("three days old"), Date.now() - 3 * DAY);
    store.set("ar /api/isos", isoList("one day old"), Date.now() - DAY);
    store.close();
    const site = siteWith({ ANSWER_STORE_PATH: file, ANSWER_STORE_MAX_AGE_DAYS: "2" });
    expect(await site.api.content("isos", "ar")).toEqual(isoList("one day old"));
    await expect(site.api.content("isos", "en")).rejects.toMatchObject({
      status: 503,
    });
  });

  it("limits the answers kept in Redis too, whatever Redis still holds", async () => {
    const prefix = "age-test:";
    const keep = (key: string, title: string, age: number) =>
      keepInRedis(prefix, key, { value: isoList(title), storedAt: Date.now() - age });
    await keep("en /api/isos", "three days old", 3 * DAY);
    await keep("ar /api/isos", "one day old", DAY);
    const site = siteWith({
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: prefix,
      ANSWER_STORE_MAX_AGE_DAYS: "2",
    });
    await until(() => site.redis?.problem() === undefined);
    expect(await site.api.content("isos", "ar")).toEqual(isoList("one day old"));
    await expect(site.api.content("isos", "en")).rejects.toMatchObject({
      status: 503,
    });
  });
});

describe("a purge", () => {
  let api: ContentApi;
  beforeAll(async () => {
    api = await startContentApi({
      host: "127.0.0.1",
      databasePath: path.join(dir, "content.sqlite"),
      storageDir: path.join(dir, "storage"),
    });
  });
  afterAll(async () => api?.close());

  it("on one instance is published to the others through Redis", async () => {
    const env = { API_BASE_URL: api.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: "purge-test:" };
    const [a, b] = [siteWith(env), siteWith(env)];
    await until(() => a.redis?.problem() === undefined && b.redis?.problem() === undefined);
    const title = async () =>
      (await b.api.firstOf("isos", "en", { title: "", banner_img: null, iso_images: [] })).title;
    const before = await title();
    // An editor changes the title: B keeps its cached copy (fresh for CACHE_TTL_MS)...
    const db = new DatabaseSync(path.join(dir, "content.sqlite"));
    db.prepare("UPDATE isos SET title_en = ?").run(`${before} (edited)`);
    db.close();
    expect(await title()).toBe(before);
    // ...until a purge on A reaches it.
    await a.purge({ paths: ["/en/iso"] });
    await until(async () => (await title()) === `${before} (edited)`);
  });
});

/** Keeps `answer` under the site's answer key in Redis, as another instance would have. */
async function keepInRedis(prefix: string, key: string, answer: unknown) {
  const { Redis } = await import("ioredis");
  const client = new Redis(redis.url);
  await client.set(`${prefix}answer:${key}`, JSON.stringify(answer));
  client.disconnect();
}

describe("a block the page can do without", () => {
  it("is left out after OPTIONAL_CONTENT_WAIT_MS when the API hangs for it, and the page is not cached", async () => {
    // An API that takes every request and never answers.
    const hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const { port } = hanging.address() as { port: number };
    try {
      const site = siteWith({
        API_BASE_URL: `http://127.0.0.1:${port}`,
        API_TIMEOUT_MS: "5000",
        OPTIONAL_CONTENT_WAIT_MS: "600",
      });
      const render = async () => {
        const context = new RouterContextProvider();
        context.set(siteContext, site);
        const freshness = { until: Number.POSITIVE_INFINITY, dataKeys: new Set<string>() };
        context.set(freshnessContext, freshness);
        const { optional } = pageContext({ params: { lang: "en" }, context });
        const started = performance.now();
        const footers = await optional((api) => api.content("footers", "en"), []);
        return { footers, ms: performance.now() - started, cachedUntil: freshness.until };
      };
      // The first page waits 600 ms, not the 5 s of the one request to the API...
      const first = await render();
      expect(first.footers).toEqual([]);
      expect(first.ms).toBeGreaterThanOrEqual(590);
      expect(first.ms).toBeLessThan(2_000);
      expect(first.cachedUntil).toBe(0);
      // ...and the pages after it, while that request still hangs, not at all: the wait counts
      // from the load's start.
      for (const page of [await render(), await render()]) {
        expect(page.footers).toEqual([]);
        expect(page.ms).toBeLessThan(300);
        expect(page.cachedUntil).toBe(0);
      }
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
