import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Language } from "@site/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startRedis, type TestRedis } from "../../../../e2e/support/redis.ts";
import { ApiError } from "../content/api-errors.server.ts";
import { NO_ANSWER_RETRY_MS } from "../content/cache.server.ts";
import { connectRedis, type RedisLink } from "../scale-out/redis.server.ts";
import { captureLog } from "../testing/log-capture.ts";
import type { SearchDocument } from "./language-index.server.ts";
import { itemAt, type Listing } from "./search-documents.server.ts";
import { SearchPreparing, type SearchSource, SiteSearch } from "./search-index.server.ts";
import { fileSearchStore, redisSearchStore, type SearchStore } from "./search-store.server.ts";

/**
 * An API in memory: news items whose list row and page can be edited, counting every read of
 * a list and of an item's page; `failing` makes every read fail.
 */
function fakeApi() {
  const news = new Map<number, { title: string; body: string }>([
    [1, { title: "Bridge opened", body: "Traffic crosses the wadi" }],
    [2, { title: "Tower topped out", body: "Fifty floors" }],
    [3, { title: "Hospital handed over", body: "Three hundred beds" }],
  ]);
  const reads = { lists: 0, pages: [] as string[] };
  let failing = false;
  // One list failing: story 3 is on it.
  let partly = false;
  const source: SearchSource = {
    async listings(lang: Language) {
      reads.lists++;
      if (failing) throw new ApiError("unavailable", "/api/news", "down", 503);
      const failed = new ApiError("unavailable", "/api/services", "down", 503);
      return {
        ...(partly && { incomplete: { lists: 1, error: failed } }),
        items: [...news]
          .filter(([id]) => !partly || id !== 3)
          .map(
            ([id, item]): Listing => ({
              href: `/${lang}/news/${id}`,
              page: "newsItem",
              id,
              fingerprint: item.title,
              row: { id, title: item.title },
            }),
          ),
        singles: [],
      };
    },
    async document(lang: Language, { id }) {
      reads.pages.push(`${lang} ${id}`);
      if (failing) throw new ApiError("unavailable", `/api/news/${id}`, "down", 503);
      const item = news.get(Number(id));
      return item
        ? ({
            href: `/${lang}/news/${id}`,
            kind: "news",
            title: item.title,
            text: item.body,
          } as SearchDocument)
        : undefined;
    },
    itemAt,
  };
  return {
    source,
    news,
    reads,
    fail: (on: boolean) => {
      failing = on;
    },
    failOneList: (on: boolean) => {
      partly = on;
    },
  };
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-search-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A process's search over `api`, saving in `dir`, with its own clock. */
function processOf(
  api: ReturnType<typeof fakeApi>,
  dir: string,
  clock = { now: 0 },
  store: SearchStore = fileSearchStore(dir),
) {
  const log = captureLog();
  const changes: Language[] = [];
  const search = new SiteSearch({
    source: api.source,
    store,
    ttlMs: 60_000,
    now: () => clock.now,
    logger: log.logger,
    onChange: (lang) => changes.push(lang),
  });
  return { search, log, clock, changes };
}

/** The index once its build is done: the first ask answers SearchPreparing. */
async function built(search: SiteSearch, lang: Language = "en") {
  await expect(search.index(lang)).rejects.toBeInstanceOf(SearchPreparing);
  await search.refresh(lang);
  return search.index(lang);
}

/**
 * A store over `dir` that keeps each look for a newer saved index (`stamp`): the look a held
 * index makes at most once a second, whose answer decides whether a refresh starts.
 */
function watchedStore(dir: string) {
  const store = fileSearchStore(dir);
  const looks: Promise<number | undefined>[] = [];
  const stamp = (lang: Language) => {
    const look = store.stamp(lang);
    looks.push(look);
    return look;
  };
  return { store: { ...store, stamp } satisfies SearchStore, looks };
}

/** Until the latest look has been answered and acted upon (a refresh it starts is asked for then). */
async function lookedAfter(looks: Promise<unknown>[], before: number) {
  expect(looks).toHaveLength(before + 1);
  await looks.at(-1);
  await new Promise((resolve) => setImmediate(resolve));
}

const hrefs = async (search: SiteSearch, query: string) =>
  (await search.index("en")).search(query).results.map((result) => result.href);

describe("SiteSearch", () => {
  it("says when an index changed: built, and an item re-read by a purge (results kept are stale)", async () => {
    const api = fakeApi();
    const { search, changes } = processOf(api, tempDir());
    await built(search);
    expect(changes).toEqual(["en"]);
    await search.purged(["/en/news/1"]);
    expect(changes).toEqual(["en", "en"]);
  });

  it("never makes a visitor wait: 'being prepared' until the first build, then the index", async () => {
    const api = fakeApi();
    const { search } = processOf(api, tempDir());
    const first = await search.index("en").catch((error: unknown) => error);
    expect(first).toBeInstanceOf(SearchPreparing);
    expect((first as SearchPreparing).retryAfterS).toBeGreaterThan(0);
    expect(search.ready("en")).toBeUndefined();
    await vi.waitFor(async () => expect(await hrefs(search, "bridge")).toEqual(["/en/news/1"]));
    expect(search.ready("en")).toBeDefined();
  });

  it("refreshes from the lists alone when nothing changed", async () => {
    const api = fakeApi();
    const { search, clock } = processOf(api, tempDir());
    await built(search);
    expect(api.reads.pages).toHaveLength(3);
    clock.now = 61_000;
    await search.refresh("en");
    expect(api.reads.lists).toBe(2);
    expect(api.reads.pages).toHaveLength(3);
  });

  it("reads the pages of new and changed items only, and drops removed ones", async () => {
    const api = fakeApi();
    const { search } = processOf(api, tempDir());
    await built(search);
    api.reads.pages.length = 0;
    api.news.set(2, { title: "Tower crowned", body: "Fifty floors" });
    api.news.set(4, { title: "Tunnel bored", body: "Six kilometres" });
    api.news.delete(3);
    await search.refresh("en");
    expect(api.reads.pages.sort()).toEqual(["en 2", "en 4"]);
    expect(await hrefs(search, "crowned")).toEqual(["/en/news/2"]);
    expect(await hrefs(search, "topped")).toEqual([]);
    expect(await hrefs(search, "tunnel")).toEqual(["/en/news/4"]);
    expect(await hrefs(search, "hospital")).toEqual([]);
    expect((await search.index("en")).size).toBe(3);
  });

  it("keeps the last index when the API fails during a refresh, and tries again after a back-off", async () => {
    const api = fakeApi();
    const dir = tempDir();
    const { store, looks } = watchedStore(dir);
    const { search, clock, log } = processOf(api, dir, undefined, store);
    await built(search);
    api.fail(true);
    clock.now = 61_000;
    await search.index("en");
    await vi.waitFor(() => expect(log.lines).toHaveLength(1));
    expect(log.lines[0]).toMatchObject({
      level: "warn",
      lang: "en",
      message: "keeping the last good search index",
    });
    expect(await hrefs(search, "bridge")).toEqual(["/en/news/1"]);
    const lists = api.reads.lists;
    // Within the back-off (2 s): the index looks whether to refresh, and makes no new attempt.
    const refresh = vi.spyOn(search, "refresh");
    clock.now = 62_500;
    const before = looks.length;
    await search.index("en");
    await lookedAfter(looks, before);
    expect(refresh).not.toHaveBeenCalled();
    expect(api.reads.lists).toBe(lists);
    api.fail(false);
    api.news.set(1, { title: "Bridge reopened", body: "" });
    clock.now = 64_000;
    await search.index("en");
    await vi.waitFor(async () => expect(await hrefs(search, "reopened")).toEqual(["/en/news/1"]));
  });

  it("shares one index between processes: one builds, the others load what it saved", async () => {
    const api = fakeApi();
    const dir = tempDir();
    const clock = { now: 0 };
    const one = processOf(api, dir, clock);
    const two = processOf(api, dir, clock);
    // Both asked at once: one takes the lock and reads the API, the other does not.
    await Promise.all([
      one.search.index("en").catch(() => undefined),
      two.search.index("en").catch(() => undefined),
    ]);
    // As a visitor's search asks (`if-stale`; "always" is a purge's, which must read the lists
    // even when the other process has just read them: the second could then read them again,
    // as a loaded machine once scheduled it).
    await Promise.all([one.search.refresh("en", "if-stale"), two.search.refresh("en", "if-stale")]);
    expect(api.reads.lists).toBe(1);
    expect(api.reads.pages).toHaveLength(3);
    expect(await hrefs(one.search, "bridge")).toEqual(["/en/news/1"]);
    await vi.waitFor(async () => expect(await hrefs(two.search, "bridge")).toEqual(["/en/news/1"]));
    // A third process, started later (a restart), answers at once from the saved index.
    const three = processOf(api, dir, clock);
    expect(await hrefs(three.search, "tower")).toEqual(["/en/news/2"]);
    expect(api.reads.lists).toBe(1);
    // A refresh saved by one reaches the others, which read nothing themselves.
    api.news.set(3, { title: "Clinic handed over", body: "" });
    clock.now = 61_000;
    await one.search.refresh("en");
    clock.now = 62_000;
    await vi.waitFor(async () =>
      expect(await hrefs(three.search, "clinic")).toEqual(["/en/news/3"]),
    );
    expect(api.reads.pages.filter((read) => read === "en 3")).toHaveLength(2);
  });

  it("a process that waited for the lock while another built loads that index, and reads nothing", async () => {
    const api = fakeApi();
    const dir = tempDir();
    const clock = { now: 0 };
    const one = processOf(api, dir, clock);
    // The second process asks first, but gets the lock only after the first has built.
    let oneBuilt = () => {};
    const hasBuilt = new Promise<void>((resolve) => {
      oneBuilt = resolve;
    });
    const store = fileSearchStore(dir);
    const late: SearchStore = {
      ...store,
      lock: async (lang) => {
        await hasBuilt;
        return store.lock(lang);
      },
    };
    const two = processOf(api, dir, clock, late);
    await expect(two.search.index("en")).rejects.toBeInstanceOf(SearchPreparing);
    await one.search.index("en").catch(() => undefined);
    await one.search.refresh("en");
    expect(api.reads.lists).toBe(1);
    oneBuilt();
    // Waits for the background build the first ask started (without asking for a read).
    await two.search.refresh("en", "if-stale");
    expect(api.reads.lists).toBe(1);
    expect(await hrefs(two.search, "bridge")).toEqual(["/en/news/1"]);
  });

  it("a refresh that must read is not satisfied by one that may skip (a purge during a background check)", async () => {
    const api = fakeApi();
    const { search } = processOf(api, tempDir());
    await built(search);
    const lists = api.reads.lists;
    // The index is fresh: the background check skips; the purge's refresh must read anyway.
    await Promise.all([search.refresh("en", "if-stale"), search.refresh("en")]);
    expect(api.reads.lists).toBe(lists + 1);
  });

  it("a purge of one item's page reads that page only, and saves it for the others", async () => {
    const api = fakeApi();
    const dir = tempDir();
    const clock = { now: 0 };
    const { search } = processOf(api, dir, clock);
    await built(search);
    api.reads.pages.length = 0;
    const lists = api.reads.lists;
    api.news.set(2, { title: "Tower crowned", body: "Fifty floors" });
    await search.purged(["/en/news/2"]);
    expect(api.reads.pages).toEqual(["en 2"]);
    expect(api.reads.lists).toBe(lists);
    expect(await hrefs(search, "crowned")).toEqual(["/en/news/2"]);
    // Gone from the API: gone from the index.
    api.news.delete(1);
    await search.purged(["/EN/News/1/"]);
    expect(await hrefs(search, "bridge")).toEqual([]);
    expect(api.reads.pages).toEqual(["en 2", "en 1"]);
    // No item's page, even a broken escape: the language's lists are read again.
    await search.purged(["/en/news/%"]);
    expect(api.reads.lists).toBe(lists + 1);
    // Another process loads the purged index.
    const other = processOf(api, dir, clock);
    expect(await hrefs(other.search, "crowned")).toEqual(["/en/news/2"]);
    // A purge of a list refreshes from the lists.
    await search.purged(["/EN/news"]);
    expect(api.reads.lists).toBe(lists + 2);
  });

  it("with no index and one list failing, makes one of the others, completed after the back-off", async () => {
    const api = fakeApi();
    const dir = tempDir();
    const { store, looks } = watchedStore(dir);
    const { search, clock, log } = processOf(api, dir, undefined, store);
    api.failOneList(true);
    await built(search);
    expect(await hrefs(search, "bridge")).toEqual(["/en/news/1"]);
    expect(await hrefs(search, "hospital")).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: "warn",
        lists: 1,
        message: expect.stringMatching(/^search index made without/),
      }),
    );
    api.failOneList(false);
    // Within the back-off (2 s), long before the TTL: the index looks, and reads nothing yet...
    const refresh = vi.spyOn(search, "refresh");
    clock.now = 1_000;
    const before = looks.length;
    await search.index("en");
    await lookedAfter(looks, before);
    expect(refresh).not.toHaveBeenCalled();
    expect(await hrefs(search, "hospital")).toEqual([]);
    // ...then, after it, reads again.
    clock.now = 3_000;
    await search.index("en");
    await vi.waitFor(async () => expect(await hrefs(search, "hospital")).toEqual(["/en/news/3"]));
  });

  it("an index made while a list failed is read again soon by whichever process loads it", async () => {
    const api = fakeApi();
    const dir = tempDir();
    const builder = processOf(api, dir);
    api.failOneList(true);
    await built(builder.search);
    api.failOneList(false);
    const other = processOf(api, dir, { now: 0 });
    expect((await other.search.index("en")).search("hospital").results).toEqual([]);
    // Its first look for a newer one, a second later, long before the TTL: it reads the lists.
    other.clock.now = 1_500;
    await other.search.index("en");
    await vi.waitFor(async () =>
      expect(
        (await other.search.index("en")).search("hospital").results.map((result) => result.href),
      ).toEqual(["/en/news/3"]),
    );
  });

  it("keeps a whole index when a list fails during its refresh", async () => {
    const api = fakeApi();
    const { search, clock, log } = processOf(api, tempDir());
    await built(search);
    api.failOneList(true);
    clock.now = 61_000;
    await search.index("en");
    await vi.waitFor(() =>
      expect(log.lines).toContainEqual(
        expect.objectContaining({ message: "keeping the last good search index" }),
      ),
    );
    expect(await hrefs(search, "hospital")).toEqual(["/en/news/3"]);
  });

  it("with no index and the API failing, answers the API's error, and builds once it is back", async () => {
    const api = fakeApi();
    const { search, clock } = processOf(api, tempDir());
    api.fail(true);
    await expect(search.index("en")).rejects.toBeInstanceOf(SearchPreparing);
    await vi.waitFor(() => expect(search.index("en")).rejects.toBeInstanceOf(ApiError));
    api.fail(false);
    clock.now = 5_000;
    await expect(search.index("en")).rejects.toBeDefined();
    await vi.waitFor(async () => expect(await hrefs(search, "bridge")).toEqual(["/en/news/1"]));
  });

  it("with no index, tries again at most NO_ANSWER_RETRY_MS after failures, however many: a long outage does not keep search down minutes after the API is back", async () => {
    const api = fakeApi();
    const { search, clock } = processOf(api, tempDir());
    api.fail(true);
    // Ten failed builds in a row (the back-off doubles each time: 2 s, 4 s ... 1024 s).
    for (let failure = 0; failure < 10; failure++) {
      await expect(search.refresh("en")).rejects.toBeInstanceOf(ApiError);
    }
    api.fail(false);
    // A search now still answers the failure; one after NO_ANSWER_RETRY_MS starts a build.
    await expect(search.index("en")).rejects.toBeInstanceOf(ApiError);
    clock.now += NO_ANSWER_RETRY_MS;
    await search.index("en").catch(() => undefined);
    await vi.waitFor(async () => expect(await hrefs(search, "bridge")).toEqual(["/en/news/1"]));
  });

  it("keeps each language apart", async () => {
    const api = fakeApi();
    const { search } = processOf(api, tempDir());
    await built(search, "en");
    await expect(search.index("ar")).rejects.toBeInstanceOf(SearchPreparing);
  });
});

describe("SiteSearch across instances, with Redis", () => {
  let redis: TestRedis;
  const links: RedisLink[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const made of links.splice(0)) await made.close();
    await redis?.stop();
  });

  /** A process of an instance of its own: its own folder, only Redis shared. */
  const instance = async (api: ReturnType<typeof fakeApi>, clock: { now: number }) => {
    const link = connectRedis(redis.url, "search-test:", captureLog().logger);
    links.push(link);
    await vi.waitFor(() => expect(link.problem()).toBeUndefined());
    return new SiteSearch({
      source: api.source,
      store: redisSearchStore(link, fileSearchStore(tempDir())),
      ttlMs: 60_000,
      now: () => clock.now,
      logger: captureLog().logger,
    });
  };

  it("one instance builds at a time; the others load the index it shared", async () => {
    const api = fakeApi();
    const clock = { now: 0 };
    const [a, b] = [await instance(api, clock), await instance(api, clock)];
    await Promise.all([a.index("en").catch(() => undefined), b.index("en").catch(() => undefined)]);
    await Promise.all([a.refresh("en"), b.refresh("en")]);
    expect(api.reads.lists).toBe(1);
    expect(api.reads.pages).toHaveLength(3);
    for (const each of [a, b]) {
      await vi.waitFor(async () => expect(await hrefs(each, "tower")).toEqual(["/en/news/2"]));
    }
    // A third instance, started later, reads nothing from the API.
    const c = await instance(api, clock);
    await vi.waitFor(async () => expect(await hrefs(c, "bridge")).toEqual(["/en/news/1"]));
    expect(api.reads.lists).toBe(1);
  });
});
