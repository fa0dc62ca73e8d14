import fs from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureLog } from "../testing/log-capture.ts";
import { until } from "../testing/until.ts";
import { openAnswerStore } from "./answer-store.server.ts";
import {
  ApiError,
  type ContentClient,
  createContentClient,
  getPayload,
  MAX_ANSWER_BYTES,
  request,
  resolveMediaUrl,
} from "./api-client.server.ts";

/** Long enough for a busy machine; the time-out tests wait past it on purpose. */
const TIMEOUT_MS = 2_000;

/** A tiny stand-in content server whose answers each test sets. */
let server: Server;
let base: string;
let seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let client: ContentClient;
let answer: (url: string) => {
  status?: number;
  body?: string;
  delayMs?: number;
  /** Sent as these chunks, without a length (chunked), after `body`. */
  chunks?: string[];
} = () => ({});

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    const { status = 200, body = "", delayMs = 0, chunks } = answer(req.url ?? "");
    setTimeout(() => {
      res.writeHead(status, { "Content-Type": "application/json" });
      if (!chunks) return void res.end(body);
      res.write(body);
      for (const chunk of chunks) res.write(chunk);
      res.end();
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createContentClient({
    baseUrl: base,
    timeoutMs: TIMEOUT_MS,
    cacheTtlMs: 60_000,
    cacheMaxEntries: 50,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  client.clearCache();
});

/** The status of the error response a loader throws (toRouteError), or the error itself. */
const routeStatus = (error: unknown) => (error instanceof Response ? error.status : error);

const banners = JSON.stringify({
  data: [{ id: 1, image: "/storage/banners/a.jpg", title: "Towers", subtitle: null }],
  extra: "ignored",
});

/** Options for `getPayload`: this server, media resolved against it. */
const media = () => ({
  lang: "en" as const,
  baseUrl: base,
  timeoutMs: TIMEOUT_MS,
  mediaBaseUrl: base,
});

describe("request", () => {
  it("sends Accept: application/json and the lang header", async () => {
    answer = () => ({ body: banners });
    await request("/api/homepage-banners", { lang: "ar", baseUrl: base, timeoutMs: TIMEOUT_MS });
    expect(seen[0]?.headers.accept).toBe("application/json");
    expect(seen[0]?.headers.lang).toBe("ar");
  });

  it("gives up after the time-out with a timeout ApiError", async () => {
    answer = () => ({ body: banners, delayMs: 1000 });
    const error = await request("/api/homepage-banners", {
      lang: "en",
      baseUrl: base,
      timeoutMs: 100,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe("timeout");
  });

  it("reports an unreachable server as unavailable", async () => {
    const error = await request("/api/x", {
      lang: "en",
      baseUrl: "http://127.0.0.1:9",
      timeoutMs: TIMEOUT_MS,
    }).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe("unavailable");
  });
});

describe("getPayload", () => {
  it("unwraps data, validates it and resolves root-relative media URLs", async () => {
    answer = () => ({ body: banners });
    const payload = await getPayload("homeBanners", "/api/homepage-banners", media());
    expect(payload).toEqual([
      { id: 1, image: `${base}/storage/banners/a.jpg`, title: "Towers", subtitle: null },
    ]);
  });

  it("leaves out of the lists that link them the items whose id no page address can hold", async () => {
    const story = (id: string | number) => ({
      id,
      title: `Story ${id}`,
      image: null,
      description: "",
    });
    answer = () => ({
      body: JSON.stringify({
        data: {
          data: [
            story(7),
            story("v2.0"),
            story("a/b"),
            story("riyadh-metro"),
            // Ids the contract allows, with or without a page: one of them fails no list.
            story(-5),
            story("Phase 2"),
            story("x".repeat(255)),
            story("x".repeat(256)),
            story(" 9"),
            story(""),
            story(1.5),
          ],
          pagination: { current_page: 1, last_page: 1, per_page: 20, total: 11 },
        },
      }),
    });
    const news = await getPayload("news", "/api/news", media());
    expect(news.data.map((row) => row.id)).toEqual([
      7,
      "riyadh-metro",
      -5,
      "Phase 2",
      "x".repeat(255),
    ]);
    // An integer past JavaScript's exact ones was rounded when its JSON was read: no page.
    answer = () => ({
      body: `{"data":{"data":[{"id":12345678901234567890,"title":"Big","image":null,"description":""},{"id":8,"title":"Eight","image":null,"description":""}],"pagination":{"current_page":1,"last_page":1,"per_page":10,"total":2}}}`,
    });
    const rounded = await getPayload("news", "/api/news", media());
    expect(rounded.data.map((row) => row.id)).toEqual([8]);
    // A row without a title could not name its link (menus, cards, the table, the footer).
    answer = () => ({
      body: JSON.stringify({
        data: [
          { id: 1, title: "Roads" },
          { id: 2, title: "" },
          { id: 3, title: " \n " },
        ],
      }),
    });
    const pages = await getPayload("extraPages", "/api/extra-pages", media());
    expect(pages.map((row) => row.id)).toEqual([1]);
    // A project's other projects too.
    answer = () => ({
      body: JSON.stringify({
        data: {
          projects: {
            id: 1,
            title: "P",
            image: null,
            image_content: "",
            client: "",
            location: "",
            date: "2024-01-01",
            project_images: [],
          },
          other_projects: [
            { id: "x.y", title: "Dotted", homeimage: null },
            { id: 3, title: "Three", homeimage: null },
          ],
        },
      }),
    });
    const project = await getPayload("project", "/api/projects/1", media());
    expect(project.other_projects.map((other) => other.id)).toEqual([3]);
    // Banners link nowhere: a dotted id is kept.
    answer = () => ({
      body: JSON.stringify({ data: [{ id: "b.1", image: null, title: "Towers", subtitle: null }] }),
    });
    expect(await getPayload("homeBanners", "/api/homepage-banners", media())).toHaveLength(1);
  });

  it("rejects an answer that breaks the contract, naming the field", async () => {
    answer = () => ({ body: JSON.stringify({ data: [{ id: 1, image: null, title: 42 }] }) });
    const error = (await getPayload("homeBanners", "/api/homepage-banners", media()).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.kind).toBe("invalid");
    expect(error.message).toContain("data[0].title");
  });

  it("rejects an answer without the data envelope and one that is not JSON", async () => {
    answer = () => ({ body: JSON.stringify([{ id: 1 }]) });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      {
        kind: "invalid",
      },
    );
    answer = () => ({ body: "<html>oops</html>" });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      {
        kind: "invalid",
      },
    );
  });

  it("reads a page of a paged list in both forms of the contract alike", async () => {
    const rows = [{ id: 4, title: "Quay", image: "/storage/news/4.jpg", description: "d" }];
    const pagination = { current_page: 1, last_page: 3, per_page: 9, total: 19 };
    const pages = [];
    for (const body of [{ data: { data: rows, pagination } }, { data: rows, pagination }]) {
      answer = () => ({ body: JSON.stringify(body) });
      pages.push(await getPayload("news", "/api/news?page=1", media()));
    }
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[1]?.pagination.last_page).toBe(3);
    expect(pages[1]?.data[0]?.image).toBe(`${base}/storage/news/4.jpg`);
  });

  it("classifies 404 as not-found and 5xx as unavailable", async () => {
    answer = () => ({ status: 404, body: JSON.stringify({ message: "No such service" }) });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "not-found",
    });
    answer = () => ({ status: 404, body: "" });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "not-found",
    });
    answer = () => ({ status: 500, body: "" });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "unavailable",
    });
    // A gateway's 404 page in front of an API that is away: not the API's "unknown id".
    answer = () => ({ status: 404, body: "<html><body><h1>404 Not Found</h1>nginx</body></html>" });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "unavailable",
      status: 404,
    });
  });

  it("reads no answer past MAX_ANSWER_BYTES, with or without a length: a broken answer", async () => {
    const padding = " ".repeat(MAX_ANSWER_BYTES);
    answer = () => ({ body: `{"data":[]${padding}}` });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      { kind: "invalid", message: expect.stringContaining("longer than") },
    );
    const megabyte = " ".repeat(1024 * 1024);
    answer = () => ({ body: '{"data":[]', chunks: [...Array(11).fill(megabyte), "}"] });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      { kind: "invalid" },
    );
    // Just under the bound, in chunks, with a BOM: read as Response.text() would.
    answer = () => ({
      body: "\uFEFF",
      chunks: ['{"data":[]', " ".repeat(MAX_ANSWER_BYTES - 20), "}"],
    });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).resolves.toEqual([]);
  });

  it("reads a list's 404 as a failing server, not as no content (API.md: 404 is for an id)", async () => {
    answer = () => ({ status: 404, body: JSON.stringify({ message: "Not Found" }) });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      { kind: "unavailable", status: 404 },
    );
    await expect(getPayload("news", "/api/news?page=2", media())).rejects.toMatchObject({
      kind: "unavailable",
    });
  });
});

describe("content", () => {
  it("caches per language and path, so a second visit does not call the API", async () => {
    answer = () => ({ body: banners });
    await client.content("homeBanners", "en");
    await client.content("homeBanners", "en");
    await client.content("homeBanners", "ar");
    expect(seen.map((r) => `${r.headers.lang} ${r.url}`)).toEqual([
      "en /api/homepage-banners",
      "ar /api/homepage-banners",
    ]);
  });

  it("passes ids and pages in the path", async () => {
    answer = () => ({
      body: JSON.stringify({
        data: { data: [], pagination: { current_page: 2, last_page: 2, per_page: 6, total: 7 } },
      }),
    });
    await client.content("news", "en", { page: 2 });
    expect(seen[0]?.url).toBe("/api/news?page=2");
  });

  it("turns failures into route error responses: 404, 503, 504, 502", async () => {
    const statusOf = async () => {
      client.clearCache();
      const error = await client.content("service", "en", { id: 3 }).catch((e: unknown) => e);
      return routeStatus(error);
    };
    answer = () => ({ status: 404, body: "{}" });
    expect(await statusOf()).toBe(404);
    answer = () => ({ status: 503, body: "" });
    expect(await statusOf()).toBe(503);
    answer = () => ({ body: "{}", delayMs: TIMEOUT_MS + 1000 });
    expect(await statusOf()).toBe(504);
    answer = () => ({ body: JSON.stringify({ data: { id: 3 } }) });
    expect(await statusOf()).toBe(502);
  });

  it("names the failure in plain text, which a page's error screen reads and a feed sends", async () => {
    answer = () => ({ status: 503, body: "" });
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
      baseUrl: base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 60_000,
      cacheMaxEntries: 50,
      maxRequests: 2,
      logger,
    });
    let inFlight = 0;
    let most = 0;
    answer = () => {
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
    expect(seen).toHaveLength(8);
    expect(statuses.filter((status) => status === 404)).toHaveLength(8);
    expect(statuses.filter((status) => status === 503)).toHaveLength(12);
    const full = lines.filter((line) => line.message.startsWith("too many API requests"));
    expect(full).toHaveLength(1);
    // The line empties: a read it turned away is asked of the API at once (no back-off, as
    // there would be after the API failed), and so is any other.
    const turnedAway = statuses.indexOf(503);
    answer = (url) =>
      url.startsWith("/api/news/")
        ? {
            body: JSON.stringify({
              data: { id: "x", title: "T", image: "", description: "D", content: "<p>C</p>" },
            }),
          }
        : { body: banners };
    const asked = seen.length;
    expect((await lined.content("newsItem", "en", { id: `zz${turnedAway}` })).title).toBe("T");
    expect(seen).toHaveLength(asked + 1);
    expect(await lined.content("homeBanners", "en")).toHaveLength(1);
  });
});

describe("purge by content", () => {
  it("forgets the answers made from the content in both languages and every page of a list", async () => {
    const page = JSON.stringify({
      data: { data: [], pagination: { current_page: 1, last_page: 2, per_page: 6, total: 7 } },
    });
    answer = (url) => ({ body: url.startsWith("/api/news") ? page : banners });
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
    seen = [];
    await client.content("news", "ar", { page: 2 });
    await client.content("homeBanners", "ar");
    expect(seen.map((r) => r.url)).toEqual(["/api/news?page=2"]);
  });

  it("forgets a list's pages that only the store still holds (a restarted process)", async () => {
    const page = JSON.stringify({
      data: { data: [], pagination: { current_page: 1, last_page: 9, per_page: 6, total: 50 } },
    });
    answer = () => ({ body: page });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "purge-store-"));
    const store = openAnswerStore(path.join(dir, "answers.sqlite"), { flushMs: 1 });
    const withStore = () =>
      createContentClient({
        baseUrl: base,
        timeoutMs: TIMEOUT_MS,
        cacheTtlMs: 60_000,
        cacheMaxEntries: 10,
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
      baseUrl: base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 1_000,
      cacheStaleMaxMs: 60_000,
      cacheMaxEntries: 50,
      logger: log.logger,
      now: () => clock.now,
    });
    answer = () => ({ body: banners });
    expect((await bounded.content("homeBanners", "en"))[0]?.title).toBe("Towers");
    answer = () => ({ body: JSON.stringify({ data: [{ id: 1 }] }) });
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
    answer = () => ({ body: banners });
    clock.now = 62_001;
    expect((await bounded.content("homeBanners", "en"))[0]?.title).toBe("Towers");
  });

  it("an outage is still covered past the stale bound: the visitor waits, then gets the last good answer", async () => {
    const clock = { now: 0 };
    const bounded = createContentClient({
      baseUrl: base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 1_000,
      cacheStaleMaxMs: 10_000,
      cacheMaxEntries: 50,
      logger: captureLog().logger,
      now: () => clock.now,
    });
    answer = () => ({ body: banners });
    await bounded.content("homeBanners", "ar");
    clock.now = 60_000;
    answer = () => ({ status: 503, body: "" });
    seen = [];
    expect((await bounded.content("homeBanners", "ar"))[0]?.title).toBe("Towers");
    expect(seen).toHaveLength(1); // asked first, served the old answer only when that failed
  });
});

describe("uncached", () => {
  it("reads and validates past the cache, and leaves the cache alone", async () => {
    answer = () => ({ body: banners });
    const first = await client.uncached("homeBanners", "ar");
    expect(first[0]?.image).toBe(`${base}/storage/banners/a.jpg`);
    await client.uncached("homeBanners", "ar");
    await client.content("homeBanners", "ar");
    // Three calls: the uncached reads did not fill the cache the loader reads.
    expect(seen.map((r) => `${r.headers.lang} ${r.url}`)).toEqual([
      "ar /api/homepage-banners",
      "ar /api/homepage-banners",
      "ar /api/homepage-banners",
    ]);
  });

  it("fails with the API's error as an ApiError, not a route error", async () => {
    answer = () => ({ status: 404, body: "{}" });
    const gone = await client.uncached("service", "en", { id: 9 }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ApiError);
    expect((gone as ApiError).kind).toBe("not-found");
    answer = () => ({ body: JSON.stringify({ data: { id: 3 } }) });
    const invalid = await client.uncached("service", "en", { id: 3 }).catch((e: unknown) => e);
    expect((invalid as ApiError).kind).toBe("invalid");
  });
});

describe("ids", () => {
  it("answers 404 for what no id can be, without calling the API", async () => {
    answer = () => ({ body: JSON.stringify({ data: { id: 3 } }) });
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
    expect(seen).toEqual([]);
  });

  it("asks the API for a string id, encoded into its one segment (API.md)", async () => {
    answer = () => ({
      body: JSON.stringify({
        data: { id: "n-1", title: "T", image: "", description: "D", content: "<p>C</p>" },
      }),
    });
    for (const id of ["n-1", "A_7", "خبر", "a?b#c", "9".repeat(19)]) {
      await client.content("newsItem", "en", { id });
    }
    expect(seen.map(({ url }) => url)).toEqual([
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
    answer = () => ({ body: isos([]) });
    expect(await client.firstOf("isos", "en", none)).toBe(none);

    // An editor writes the record, then removes it: the page follows (answers expire at once).
    const expiring = createContentClient({
      baseUrl: base,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 0,
      cacheMaxEntries: 50,
      logger: captureLog().logger,
    });
    answer = () => ({ body: isos([iso, { ...iso, title: "Second" }]) });
    expect((await expiring.firstOf("isos", "en", none)).title).toBe("ISO 9001");
    answer = () => ({ body: isos([]) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await until(async () => (await expiring.firstOf("isos", "en", none)) === none);

    // A list answered 404 is a failing server: the last good answer stays (only an item's 404
    // drops it).
    answer = () => ({ body: isos([iso]) });
    await until(async () => (await expiring.firstOf("isos", "en", none)).title === "ISO 9001");
    answer = () => ({ status: 404, body: "{}" });
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
    });
    const error = await reset.firstOf("isos", "en", none).catch((e: unknown) => e);
    await new Promise((resolve) => resetting.close(resolve));
    expect(statusOf(error)).toBe(503);
  });
});

describe("resolveMediaUrl", () => {
  it("resolves root-relative URLs only", () => {
    const base = "https://api.example";
    expect(resolveMediaUrl("/storage/a.webp", base)).toBe("https://api.example/storage/a.webp");
    expect(resolveMediaUrl("https://cdn.example/b.jpg", base)).toBe("https://cdn.example/b.jpg");
    expect(resolveMediaUrl("", base)).toBe("");
    expect(resolveMediaUrl("//evil.example/x.png", base)).toBe("//evil.example/x.png");
  });

  it("encodes spaces left in file names", () => {
    const base = "https://api.example";
    expect(resolveMediaUrl("/storage/my photo.jpg", base)).toBe(
      "https://api.example/storage/my%20photo.jpg",
    );
    expect(resolveMediaUrl("https://cdn.example/banner 1.jpg", base)).toBe(
      "https://cdn.example/banner%201.jpg",
    );
    expect(resolveMediaUrl("/storage/a%20b.jpg", base)).toBe(
      "https://api.example/storage/a%20b.jpg",
    );
  });
});

describe("getPayload and media", () => {
  it("resolves the fields the contract declares as images, not look-alike text", async () => {
    const detail = {
      projects: {
        id: 7,
        title: "/storage/looks-like-a-path",
        image: "/storage/p/7.webp",
        image_content: "<p>x</p>",
        client: "c",
        location: "l",
        date: "2023-04-30",
        project_images: [{ name: "/storage/p/7/1.webp" }],
      },
      other_projects: [{ id: 3, title: "t", homeimage: "https://cdn.example/3.jpg" }],
    };
    answer = () => ({ body: JSON.stringify({ data: detail }) });
    const payload = await getPayload("project", "/api/projects/7", media());
    expect(payload.projects.image).toBe(`${base}/storage/p/7.webp`);
    expect(payload.projects.project_images[0]?.name).toBe(`${base}/storage/p/7/1.webp`);
    expect(payload.projects.title).toBe("/storage/looks-like-a-path");
    expect(payload.other_projects[0]?.homeimage).toBe("https://cdn.example/3.jpg");
  });
});
