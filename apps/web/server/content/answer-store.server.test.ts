/**
 * The answers kept on disk: read back after a restart, written in batches after the request
 * (never during it), bounded in age and rows, forgotten on purge and on an API 404, and a store
 * that cannot be opened or holds a broken row is skipped, never fatal.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it, vi } from "vitest";
import { captureLog } from "../testing/log-capture.ts";
import { type AnswerStoreOptions, openAnswerStore } from "./answer-store.server.ts";
import { ApiError } from "./api-errors.server.ts";
import { ContentCache } from "./cache.server.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "answer-store-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let count = 0;
const DAY = 24 * 60 * 60 * 1000;

function storeAt(options: AnswerStoreOptions = {}) {
  const file = path.join(dir, `answers-${++count}.sqlite`);
  const clock = { now: 100 * DAY };
  const open = () => openAnswerStore(file, { now: () => clock.now, flushMs: 5, ...options });
  /** Rows on disk, read through a connection of its own. */
  const rows = () => {
    const db = new DatabaseSync(file);
    const keys = (
      db.prepare("SELECT key FROM answers ORDER BY key").all() as { key: string }[]
    ).map((row) => row.key);
    db.close();
    return keys;
  };
  return { file, clock, open, rows };
}

describe("openAnswerStore", () => {
  it("keeps answers across a restart", () => {
    const { open } = storeAt();
    const store = open();
    store.set("en /api/news", { data: [1] }, 100 * DAY);
    store.close();
    expect(open().get("en /api/news")).toEqual({ value: { data: [1] }, storedAt: 100 * DAY });
  });

  it("writes in batches after the request, not during it", async () => {
    const { open, rows } = storeAt({ flushMs: 20 });
    const store = open();
    for (let i = 0; i < 50; i++) store.set(`k${i}`, i, 100 * DAY);
    // Nothing on disk yet, but the answers are already served.
    expect(rows()).toEqual([]);
    expect(store.get("k7")?.value).toBe(7);
    await vi.waitFor(() => expect(rows()).toHaveLength(50));
    store.close();
  });

  it("neither serves nor keeps answers older than the maximum age", () => {
    const { open, clock, rows } = storeAt({ maxAgeMs: 30 * DAY });
    const store = open();
    store.set("old", "o", clock.now - 31 * DAY);
    store.set("new", "n", clock.now - DAY);
    store.flush();
    expect(store.get("old")).toBeUndefined();
    expect(store.get("new")?.value).toBe("n");
    // The flush deleted it from disk too.
    expect(rows()).toEqual(["new"]);
    store.close();
    // A restart a month later deletes what aged meanwhile.
    clock.now += 30 * DAY;
    open().close();
    expect(rows()).toEqual([]);
  });

  it("keeps at most its number of rows, the newest", () => {
    const { open, rows } = storeAt({ maxRows: 3 });
    const store = open();
    for (let i = 1; i <= 5; i++) store.set(`k${i}`, i, 100 * DAY - (10 - i));
    store.flush();
    expect(rows()).toEqual(["k3", "k4", "k5"]);
    store.close();
  });

  it("forgets deleted keys and, on clear, everything", () => {
    const { open, rows } = storeAt();
    const store = open();
    for (const key of ["a", "b", "c"]) store.set(key, key, 100 * DAY);
    store.flush();
    store.delete(["a"]);
    expect(store.get("a")).toBeUndefined();
    store.flush();
    expect(rows()).toEqual(["b", "c"]);
    store.clear();
    expect(rows()).toEqual([]);
    expect(store.get("b")).toBeUndefined();
    store.close();
  });

  it("forgets a list with every page of it, queued or written, and nothing else", () => {
    const { open, rows } = storeAt();
    const store = open();
    const written = ["ar /api/news", "en /api/news", "en /api/news/3", "en /api/news?page=2"];
    for (const key of written) store.set(key, key, 100 * DAY);
    store.flush();
    const queued = ["en /api/news?page=9", "en /api/newsletters", "en /api/news@"];
    for (const key of queued) store.set(key, key, 100 * DAY);
    store.deleteWithPages(["en /api/news"]);
    expect(store.get("en /api/news?page=2")).toBeUndefined();
    expect(store.get("en /api/news?page=9")).toBeUndefined();
    store.flush();
    expect(rows()).toEqual([
      "ar /api/news",
      "en /api/news/3",
      "en /api/news@",
      "en /api/newsletters",
    ]);
    store.close();
  });

  it("skips a store it cannot open, logging once, and works without it", () => {
    const notAFolder = path.join(dir, "a-file");
    fs.writeFileSync(notAFolder, "");
    const { logger, lines } = captureLog();
    const store = openAnswerStore(path.join(notAFolder, "answers.sqlite"), { logger });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", message: "no answers on disk" });
    store.set("k", 1, Date.now());
    store.flush();
    expect(store.get("k")).toBeUndefined();
    store.close();
  });

  it("takes a row that does not parse for no answer, and reads the others", () => {
    const { file, open } = storeAt();
    const store = open();
    store.set("good", { a: 1 }, 100 * DAY);
    store.flush();
    const db = new DatabaseSync(file);
    db.prepare("INSERT INTO answers (key, value, stored_at) VALUES (?, ?, ?)").run(
      "broken",
      "{not json",
      100 * DAY,
    );
    db.close();
    expect(store.get("broken")).toBeUndefined();
    expect(store.get("good")?.value).toEqual({ a: 1 });
    store.close();
  });
});

describe("ContentCache with the store", () => {
  const gone = () => Promise.reject(new ApiError("not-found", "/api/news/3", "not found", 404));
  const down = () => Promise.reject(new ApiError("unavailable", "/api/news/3", "down", 503));

  function cacheWith() {
    const { open } = storeAt();
    const store = open();
    const clock = { now: 100 * DAY };
    const cache = new ContentCache({
      ttlMs: 1_000,
      maxEntries: 10,
      now: () => clock.now,
      store,
      whenLoadFails: (error) =>
        error instanceof ApiError && error.kind === "not-found" ? "gone" : "serve-stale",
    });
    return { cache, store, clock };
  }

  it("serves the stored answer when the API is down and memory is empty", async () => {
    const { cache, store } = cacheWith();
    await cache.get("k", () => Promise.resolve("kept"));
    const restarted = new ContentCache({ ttlMs: 1_000, maxEntries: 10, store });
    expect(await restarted.get("k", down)).toBe("kept");
    store.close();
  });

  it("forgets on disk what a purge removed", async () => {
    const { cache, store } = cacheWith();
    await cache.get("a", () => Promise.resolve("A"));
    await cache.get("b", () => Promise.resolve("B"));
    expect(store.get("a")?.value).toBe("A");
    cache.delete(["a"]);
    expect(store.get("a")).toBeUndefined();
    expect(store.get("b")?.value).toBe("B");
    cache.clear();
    expect(store.get("b")).toBeUndefined();
    store.close();
  });

  it("forgets on disk what the API says is gone (404)", async () => {
    const { cache, store, clock } = cacheWith();
    await cache.get("k", () => Promise.resolve("was there"));
    expect(store.get("k")?.value).toBe("was there");
    clock.now += 2_000; // stale: the next read refreshes in the background
    await cache.get("k", gone);
    await vi.waitFor(() => expect(store.get("k")).toBeUndefined());
    // And a load that fails with 404 with nothing in memory does not fall back to disk.
    store.set("j", "old", clock.now);
    await expect(cache.get("j", gone)).rejects.toThrow("not found");
    expect(store.get("j")).toBeUndefined();
    store.close();
  });
});
