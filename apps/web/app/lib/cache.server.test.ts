import { describe, expect, it, vi } from "vitest";
import { ContentCache } from "./cache.server.ts";

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("ContentCache", () => {
  it("answers from the cache while fresh and reloads after the time-to-live", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 300_000, maxEntries: 10, now: time.now });
    const load = vi.fn().mockResolvedValueOnce("first").mockResolvedValueOnce("second");

    expect(await cache.get("en /api/x", load)).toBe("first");
    time.advance(299_999);
    expect(await cache.get("en /api/x", load)).toBe("first");
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(1);
    expect(await cache.get("en /api/x", load)).toBe("second");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps keys apart (language, path and query are part of the key)", async () => {
    const cache = new ContentCache({ ttlMs: 1000, maxEntries: 10 });
    expect(await cache.get("en /api/news?page=1", async () => "en1")).toBe("en1");
    expect(await cache.get("ar /api/news?page=1", async () => "ar1")).toBe("ar1");
    expect(await cache.get("en /api/news?page=2", async () => "en2")).toBe("en2");
    expect(await cache.get("en /api/news?page=1", async () => "other")).toBe("en1");
  });

  it("shares one load between concurrent misses of the same key", async () => {
    const cache = new ContentCache({ ttlMs: 1000, maxEntries: 10 });
    let resolve!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const answers = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    resolve("shared");
    expect(await answers).toEqual(["shared", "shared", "shared"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale answer when the reload fails, and reports it", async () => {
    const time = clock();
    const onStale = vi.fn();
    const cache = new ContentCache({ ttlMs: 100, maxEntries: 10, now: time.now, onStale });
    await cache.get("k", async () => "old");
    time.advance(101);
    const failure = new Error("API down");
    expect(await cache.get("k", () => Promise.reject(failure))).toBe("old");
    expect(onStale).toHaveBeenCalledWith("k", failure);
  });

  it("rethrows when there is nothing stale, or when the error may not be served stale", async () => {
    const time = clock();
    const cache = new ContentCache({
      ttlMs: 100,
      maxEntries: 10,
      now: time.now,
      canServeStale: (error) => (error as Error).message !== "gone",
    });
    await expect(cache.get("new", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await cache.get("k", async () => "old");
    time.advance(101);
    await expect(cache.get("k", () => Promise.reject(new Error("gone")))).rejects.toThrow("gone");
  });

  it("does not cache failures", async () => {
    const cache = new ContentCache({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get("k", () => Promise.reject(new Error("once")))).rejects.toThrow();
    expect(await cache.get("k", async () => "ok")).toBe("ok");
  });

  it("is bounded: the least recently used entry goes first", async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 2 });
    await cache.get("a", async () => "A");
    await cache.get("b", async () => "B");
    await cache.get("a", async () => "not loaded"); // touch a: b is now the oldest
    await cache.get("c", async () => "C");
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => "reloaded")).toBe("A");
    expect(await cache.get("b", async () => "reloaded")).toBe("reloaded");
  });
});
