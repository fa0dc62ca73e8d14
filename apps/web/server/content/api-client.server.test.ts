import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureLog } from "../testing/log-capture.ts";
import { banners, standInApi, TIMEOUT_MS } from "../testing/stand-in-api.ts";
import { until } from "../testing/until.ts";
import { openAnswerStore } from "./answer-store.server.ts";
import { type ContentClient, createContentClient } from "./api-client.server.ts";
import { ApiError } from "./api-errors.server.ts";

const api = standInApi();
let client: ContentClient;

beforeAll(() => {
  client = createContentClient({
    baseUrl: api.base,
    timeoutMs: TIMEOUT_MS,
    cacheTtlMs: 60_000,
    cacheMaxEntries: 50,
    maxRequests: 32,
  });
});

beforeEach(() => {
  client.clearCache();
});

/** The status of the error response a loader throws (toRouteError), or the error itself. */
const routeStatus = (error: unknown) => (error instanceof Response ? error.status : error);

describe("content", () => {
  it("caches per language and path, so a second visit does not call the API", async () => {
    api.answer = () => ({ body: banners });
    await client.content("homeBanners", "en");
    await client.content("homeBanners", "en");
    await client.content("homeBanners", "ar");
    expect(api.seen.map((r) => `${r.headers.lang} ${r.url}`)).toEqual([
      "en /api/homepage-banners",
      "ar /api/homepage-banners",
    ]);
  });

  it("passes ids and pages in the path", async () => {
    api.answer = () => ({
      body: JSON.stringify({
        data: { data: [], pagination: { current_page: 2, last_page: 2, per_page: 6, total: 7 } },
      }),
    });
    await client.content("news", "en", { page: 2 });
    expect(api.seen[0]?.url).toBe("/api/news?page=2");
  });

  it("turns failures into route error responses: 404, 503, 504, 502", async () => {
    const statusOf = async () => {
      client.clearCache();
      const error = await client.content("service", "en", { id: 3 }).catch((e: unknown) => e);
      return routeStatus(error);
    };
    api.answer = () => ({ status: 404, body: "{}" });
    expect(await statusOf()).toBe(404);
    api.answer = () => ({ status: 503, body: "" });
    expect(await statusOf()).toBe(503);
    api.answer = () => ({ body: "{}", delayMs: TIMEOUT_MS + 1000 });
    expect(await statusOf()).toBe(504);
    api.answer = () => ({ body: JSON.stringify({ data: { id: 3 } }) });
    expect(await statusOf()).toBe(502);
  });

  it("names the failure in plain text, which a page's error screen reads and a feed sends", async () => {
    api.answer = () => ({ status: 503, body: "" });
    const error = await client.content("service", "en", { id: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Response);
    const response = error as Response;
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("unavailable");
  });
});

describe("the line of API requests", () => {
  it("holds at most maxRequests in flight, three times as many waiting; the rest are turned away at once as a 503, logged once", async () => {
    const { logger, lines } = captureLog();
    const lined = createContentClient({
      baseUrl: api.base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 60_000,
      cacheMaxEntries: 50,
      maxRequests: 2,
      logger,
    });
    let inFlight = 0;
    let most = 0;
    api.answer = () => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => inFlight--, 200);
      return { status: 404, body: "{}", delayMs: 200 };
    };
    // Made-up ids, each its own API request: 2 in flight, 6 waiting, 12 turned away.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        lined.content("newsItem", "en", { id: `zz${i}` }).catch(routeStatus),
      ),
    );
    expect(most).toBe(2);
    expect(api.seen).toHaveLength(8);
    expect(statuses.filter((status) => status === 404)).toHaveLength(8);
    expect(statuses.filter((status) => status === 503)).toHaveLength(12);
    const full = lines.filter((line) => line.message.startsWith("too many API requests"));
    expect(full).toHaveLength(1);
    // The line empties: a read it turned away is asked of the API at once (no back-off, as
    // there would be after the API failed), and so is any other.
    const turnedAway = statuses.indexOf(503);
    api.answer = (url) =>
      url.startsWith("/api/news/")
        ? {
            body: JSON.stringify({
              data: { id: "x", title: "T", image: "", description: "D", content: "<p>C</p>" },
            }),
          }
        : { body: banners };
    const asked = api.seen.length;
    expect((await lined.content("newsItem", "en", { id: `zz${turnedAway}` })).title).toBe("T");
    expect(api.seen).toHaveLength(asked + 1);
    expect(await lined.content("homeBanners", "en")).toHaveLength(1);
  });
});

describe("purge by content", () => {
  it("forgets the answers made from the content in both languages and every page of a list", async () => {
    const page = JSON.stringify({
      data: { data: [], pagination: { current_page: 1, last_page: 2, per_page: 6, total: 7 } },
    });
    api.answer = (url) => ({ body: url.startsWith("/api/news") ? page : banners });
    for (const lang of ["en", "ar"] as const) {
      await client.content("news", lang, { page: 1 });
      await client.content("news", lang, { page: 2 });
      await client.content("homeBanners", lang);
    }
    const dropped = client.purgeContent(new Set(["/api/news"]));
    expect(dropped.sort()).toEqual([
      "ar /api/news?page=1",
      "ar /api/news?page=2",
      "en /api/news?page=1",
      "en /api/news?page=2",
    ]);
    api.seen = [];
    await client.content("news", "ar", { page: 2 });
    await client.content("homeBanners", "ar");
    expect(api.seen.map((r) => r.url)).toEqual(["/api/news?page=2"]);
  });

  it("forgets a list's pages that only the store still holds (a restarted process)", async () => {
    const page = JSON.stringify({
      data: { data: [], pagination: { current_page: 1, last_page: 9, per_page: 6, total: 50 } },
    });
    api.answer = () => ({ body: page });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "purge-store-"));
    const store = openAnswerStore(path.join(dir, "answers.sqlite"), { flushMs: 1 });
    const withStore = () =>
      createContentClient({
        baseUrl: api.base,
        timeoutMs: TIMEOUT_MS,
        cacheTtlMs: 60_000,
        cacheMaxEntries: 10,
        maxRequests: 32,
        store,
      });
    try {
      for (const number of [1, 8]) await withStore().content("news", "en", { page: number });
      store.flush();
      expect(store.get("en /api/news?page=8")).toBeDefined();
      // A new client: memory holds nothing, the store both pages.
      expect(withStore().purgeContent(new Set(["/api/news"]))).toEqual([]);
      expect(store.get("en /api/news?page=1")).toBeUndefined();
      expect(store.get("en /api/news?page=8")).toBeUndefined();
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("an answer that breaks the contract after a good one (decision 002)", () => {
  // The cache's clock is moved, not waited for: an answer's age is what the test says, however
  // slow the machine.
  it("serves the last good one, counted and logged, while it is younger than the stale bound; then 502", async () => {
    const log = captureLog();
    const clock = { now: 0 };
    const bounded = createContentClient({
      baseUrl: api.base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 1_000,
      cacheStaleMaxMs: 60_000,
      cacheMaxEntries: 50,
      maxRequests: 32,
      logger: log.logger,
      now: () => clock.now,
    });
    api.answer = () => ({ body: banners });
    expect((await bounded.content("homeBanners", "en"))[0]?.title).toBe("Towers");
    api.answer = () => ({ body: JSON.stringify({ data: [{ id: 1 }] }) });
    clock.now = 1_000;
    // Stale and young: served at once; the refresh behind it finds the broken answer.
    expect((await bounded.content("homeBanners", "en"))[0]?.title).toBe("Towers");
    await expect
      .poll(() => log.lines)
      .toContainEqual(
        expect.objectContaining({
          message: "serving the last good answer",
          reason: expect.stringContaining("does not follow the contract"),
        }),
      );
    clock.now = 60_001;
    // Older than the bound: the visitor waits for the API, and the broken answer is a 502.
    const error = await bounded.content("homeBanners", "en").catch((e: unknown) => e);
    expect(routeStatus(error)).toBe(502);
    // Fixed at the API: served again once the back-off (at most the TTL) has passed.
    api.answer = () => ({ body: banners });
    clock.now = 62_001;
    expect((await bounded.content("homeBanners", "en"))[0]?.title).toBe("Towers");
  });

  it("an outage is still covered past the stale bound: the visitor waits, then gets the last good answer", async () => {
    const clock = { now: 0 };
    const bounded = createContentClient({
      baseUrl: api.base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 1_000,
      cacheStaleMaxMs: 10_000,
      cacheMaxEntries: 50,
      maxRequests: 32,
      logger: captureLog().logger,
      now: () => clock.now,
    });
    api.answer = () => ({ body: banners });
    await bounded.content("homeBanners", "ar");
    clock.now = 60_000;
    api.answer = () => ({ status: 503, body: "" });
    api.seen = [];
    expect((await bounded.content("homeBanners", "ar"))[0]?.title).toBe("Towers");
    expect(api.seen).toHaveLength(1); // asked first, served the old answer only when that failed
  });
});

describe("uncached", () => {
  it("reads and validates past the cache, and leaves the cache alone", async () => {
    api.answer = () => ({ body: banners });
    const first = await client.uncached("homeBanners", "ar");
    expect(first[0]?.image).toBe(`${api.base}/storage/banners/a.jpg`);
    await client.uncached("homeBanners", "ar");
    await client.content("homeBanners", "ar");
    // Three calls: the uncached reads did not fill the cache the loader reads.
    expect(api.seen.map((r) => `${r.headers.lang} ${r.url}`)).toEqual([
      "ar /api/homepage-banners",
      "ar /api/homepage-banners",
      "ar /api/homepage-banners",
    ]);
  });

  it("fails with the API's error as an ApiError, not a route error", async () => {
    api.answer = () => ({ status: 404, body: "{}" });
    const gone = await client.uncached("service", "en", { id: 9 }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ApiError);
    expect((gone as ApiError).kind).toBe("not-found");
    api.answer = () => ({ body: JSON.stringify({ data: { id: 3 } }) });
    const invalid = await client.uncached("service", "en", { id: 3 }).catch((e: unknown) => e);
    expect((invalid as ApiError).kind).toBe("invalid");
  });
});

describe("ids", () => {
  it("answers 404 for what no id can be, without calling the API", async () => {
    api.answer = () => ({ body: JSON.stringify({ data: { id: 3 } }) });
    for (const id of [
      "",
      " 1",
      "1 ",
      "a/b",
      "a\\b",
      ".",
      "..",
      "1.5",
      "a\u0000b",
      "x".repeat(256),
    ]) {
      const error = await client.content("newsItem", "en", { id }).catch((e: unknown) => e);
      expect(routeStatus(error), id).toBe(404);
    }
    expect(api.seen).toEqual([]);
  });

  it("asks the API for a string id, encoded into its one segment (API.md)", async () => {
    api.answer = () => ({
      body: JSON.stringify({
        data: { id: "n-1", title: "T", image: "", description: "D", content: "<p>C</p>" },
      }),
    });
    for (const id of ["n-1", "A_7", "خبر", "a?b#c", "9".repeat(19)]) {
      await client.content("newsItem", "en", { id });
    }
    expect(api.seen.map(({ url }) => url)).toEqual([
      "/api/news/n-1",
      "/api/news/A_7",
      "/api/news/%D8%AE%D8%A8%D8%B1",
      "/api/news/a%3Fb%23c",
      `/api/news/${"9".repeat(19)}`,
    ]);
  });
});

describe("firstOf", () => {
  const isos = (items: unknown[]) => JSON.stringify({ data: items });
  const iso = { title: "ISO 9001", banner_img: "/iso.jpg", iso_images: [] };
  const statusOf = routeStatus;

  const none = { title: "", banner_img: null, iso_images: [] };

  it("gives the page's own stand-in for an empty list, the API's answer of the moment", async () => {
    api.answer = () => ({ body: isos([]) });
    expect(await client.firstOf("isos", "en", none)).toBe(none);

    // An editor writes the record, then removes it: the page follows (answers expire at once).
    const expiring = createContentClient({
      baseUrl: api.base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 0,
      cacheMaxEntries: 50,
      maxRequests: 32,
      logger: captureLog().logger,
    });
    api.answer = () => ({ body: isos([iso, { ...iso, title: "Second" }]) });
    expect((await expiring.firstOf("isos", "en", none)).title).toBe("ISO 9001");
    api.answer = () => ({ body: isos([]) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await until(async () => (await expiring.firstOf("isos", "en", none)) === none);

    // A list answered 404 is a failing server: the last good answer stays (only an item's 404
    // drops it).
    api.answer = () => ({ body: isos([iso]) });
    await until(async () => (await expiring.firstOf("isos", "en", none)).title === "ISO 9001");
    api.answer = () => ({ status: 404, body: "{}" });
    for (let visit = 0; visit < 2; visit++) {
      expect((await expiring.firstOf("isos", "en", none)).title).toBe("ISO 9001");
    }
  });

  it("reports an API that resets the connection as unavailable (503)", async () => {
    const resetting = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => resetting.listen(0, "127.0.0.1", resolve));
    const port = (resetting.address() as AddressInfo).port;
    const reset = createContentClient({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 60_000,
      cacheMaxEntries: 50,
      maxRequests: 32,
    });
    const error = await reset.firstOf("isos", "en", none).catch((e: unknown) => e);
    await new Promise((resolve) => resetting.close(resolve));
    expect(statusOf(error)).toBe(503);
  });
});
