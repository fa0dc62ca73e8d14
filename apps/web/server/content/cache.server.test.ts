import { describe, expect, it, vi } from "vitest";
import { ContentCache, NO_ANSWER_RETRY_MS, reloadWaitMs } from "./cache.server.ts";

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("ContentCache", () => {
  it("answers from the cache while fresh; after the time-to-live, stale at once while one refresh runs", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 300_000, maxEntries: 10, now: time.now });
    let finish: (value: string) => void = () => {};
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce("first")
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));

    expect(await cache.get("en /api/x", load)).toBe("first");
    time.advance(299_999);
    expect(await cache.get("en /api/x", load)).toBe("first");
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(1);
    // The API is slow: visitors do not wait for it, and only one refresh is sent.
    expect(await cache.get("en /api/x", load)).toBe("first");
    expect(await cache.get("en /api/x", load)).toBe("first");
    expect(load).toHaveBeenCalledTimes(2);
    finish("second");
    await vi.waitFor(async () => expect(await cache.get("en /api/x", load)).toBe("second"));
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

  it("keeps serving the stale answer when refreshes fail, reports it and backs off", async () => {
    const time = clock();
    const onStale = vi.fn();
    const cache = new ContentCache({ ttlMs: 100_000, maxEntries: 10, now: time.now, onStale });
    await cache.get("k", async () => "old");
    time.advance(100_001);
    const failure = new Error("API down");
    const failing = vi.fn(() => Promise.reject(failure));
    expect(await cache.get("k", failing)).toBe("old");
    await vi.waitFor(() => expect(onStale).toHaveBeenCalledWith("k", failure));
    // Right after a failure, visitors get the stale answer without another attempt...
    expect(await cache.get("k", failing)).toBe("old");
    expect(failing).toHaveBeenCalledTimes(1);
    // ...and once the back-off has passed, one more refresh is tried.
    time.advance(2_001);
    expect(await cache.get("k", failing)).toBe("old");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("tells until when a stale answer stays as it is: now, or the next try while backing off", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 100_000, maxEntries: 10, now: time.now });
    const seen = vi.fn();
    await cache.get("k", async () => "old", seen);
    expect(seen).toHaveBeenLastCalledWith(100_000, "k");
    time.advance(100_000);
    let fail!: (error: Error) => void;
    const failing = () => new Promise<string>((_, reject) => (fail = reject));
    // Stale while the refresh runs: it may change at any moment.
    expect(await cache.get("k", failing, seen)).toBe("old");
    expect(seen).toHaveBeenLastCalledWith(100_000, "k");
    fail(new Error("API down"));
    // Backing off (2 s after the first failure): nothing changes before the next try.
    await vi.waitFor(async () => {
      await cache.get("k", failing, seen);
      expect(seen).toHaveBeenLastCalledWith(102_000, "k");
    });
    time.advance(2_000);
    await cache.get("k", failing, seen);
    expect(seen).toHaveBeenLastCalledWith(102_000, "k");
  });

  it("rethrows when there is nothing stale, or when the error may not be served stale", async () => {
    const time = clock();
    const cache = new ContentCache({
      ttlMs: 100,
      maxEntries: 10,
      now: time.now,
      whenLoadFails: (error) => ((error as Error).message === "gone" ? "gone" : "serve-stale"),
    });
    await expect(cache.get("new", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await cache.get("k", async () => "old");
    time.advance(101);
    // The refresh learns the content is gone: the stale entry is dropped, not served again.
    const gone = () => Promise.reject(new Error("gone"));
    expect(await cache.get("k", gone)).toBe("old");
    await vi.waitFor(() => expect(cache.size).toBe(0));
    await expect(cache.get("k", gone)).rejects.toThrow("gone");
  });

  it("serves a stale answer at once only up to staleMaxMs; past it the visitor waits for the API", async () => {
    const time = clock();
    const cache = new ContentCache({
      ttlMs: 1_000,
      staleMaxMs: 10_000,
      maxEntries: 10,
      now: time.now,
    });
    await cache.get("k", async () => "old");
    time.advance(10_000);
    let finish!: (value: string) => void;
    const slow = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    // 10 s old: still served at once while the refresh runs.
    expect(await cache.get("k", slow)).toBe("old");
    finish("middle");
    await vi.waitFor(async () => expect(await cache.get("k", slow)).toBe("middle"));
    time.advance(10_001);
    // Past the bound: the visitor gets what the API answers now, not the old answer.
    const answer = cache.get("k", slow);
    let settled = false;
    void answer.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    finish("new");
    expect(await answer).toBe("new");
  });

  it("past staleMaxMs, serves the old answer after staleWaitMs when the refresh hangs, which goes on and fills the cache", async () => {
    // Fake timers move the cache's clock and its wait together: what is served before and
    // after the wait is checked, not how fast the machine is.
    vi.useFakeTimers({ now: 0 });
    try {
      const cache = new ContentCache({
        ttlMs: 1_000,
        staleMaxMs: 10_000,
        staleWaitMs: 50,
        maxEntries: 10,
        now: () => Date.now(),
      });
      await cache.get("k", async () => "old");
      vi.setSystemTime(60_000);
      let finish!: (value: string) => void;
      const hanging = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
      const seen = vi.fn();
      let served = false;
      const first = cache.get("k", hanging, seen).finally(() => (served = true));
      await vi.advanceTimersByTimeAsync(49);
      expect(served).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(served).toBe(true);
      expect(await first).toBe("old");
      // Not to be kept: the page made from it is rendered again next time.
      expect(seen).toHaveBeenLastCalledWith(60_050, "k");
      // A second visitor joins the same refresh (one API request), already as long as the wait
      // (from its start): served without any more time passing.
      served = false;
      const second = cache.get("k", hanging).finally(() => (served = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(served).toBe(true);
      expect(await second).toBe("old");
      expect(hanging).toHaveBeenCalledTimes(1);
      finish("new");
      await vi.waitFor(async () => expect(await cache.get("k", hanging)).toBe("new"));
      expect(hanging).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("past staleMaxMs, falls back to the old answer only when the API fails, then backs off", async () => {
    const time = clock();
    const onStale = vi.fn();
    const cache = new ContentCache({
      ttlMs: 5_000,
      staleMaxMs: 10_000,
      maxEntries: 10,
      now: time.now,
      onStale,
    });
    const seen = vi.fn();
    await cache.get("k", async () => "old");
    time.advance(60_000);
    const failing = vi.fn(() => Promise.reject(new Error("API down")));
    expect(await cache.get("k", failing, seen)).toBe("old");
    expect(onStale).toHaveBeenCalledTimes(1);
    // Until the next try (2 s), served at once without asking again, and cacheable till then.
    expect(seen).toHaveBeenLastCalledWith(62_000, "k");
    expect(await cache.get("k", failing, seen)).toBe("old");
    expect(failing).toHaveBeenCalledTimes(1);
    time.advance(2_000);
    expect(await cache.get("k", failing, seen)).toBe("old");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("a failure the policy refuses to cover: the error, also while backing off, and the answer is kept", async () => {
    const time = clock();
    const cache = new ContentCache({
      ttlMs: 1_000,
      staleMaxMs: 5_000,
      maxEntries: 10,
      now: time.now,
      whenLoadFails: (_error, ageMs) => (ageMs <= 5_000 ? "serve-stale" : "fail"),
    });
    await cache.get("k", async () => "good");
    time.advance(2_000);
    const broken = vi.fn(() => Promise.reject(new Error("off contract")));
    expect(await cache.get("k", broken)).toBe("good"); // young: served, refreshed behind
    await vi.waitFor(() => expect(broken).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 5)); // the failure is recorded
    time.advance(4_000); // 6 s old, and the back-off over
    await expect(cache.get("k", broken)).rejects.toThrow("off contract");
    await expect(cache.get("k", broken)).rejects.toThrow("off contract");
    expect(broken).toHaveBeenCalledTimes(2);
    time.advance(10_000);
    expect(await cache.get("k", async () => "fixed")).toBe("fixed");
  });

  it("fails at once, with the same error, a key with nothing to serve until its back-off ends", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 60_000, maxEntries: 10, now: time.now });
    const hanging = vi.fn(() => Promise.reject(new Error("timed out after 20 s")));
    await expect(cache.get("k", hanging)).rejects.toThrow("timed out");
    // The next visitors are not each made to wait for the API's time-out again.
    time.advance(1_999);
    const next = vi.fn(async () => "ok");
    await expect(cache.get("k", next)).rejects.toThrow("timed out");
    expect(next).not.toHaveBeenCalled();
    // After the first back-off (2 s) the API is asked again; a second failure waits 4 s.
    time.advance(1);
    await expect(cache.get("k", hanging)).rejects.toThrow("timed out");
    expect(hanging).toHaveBeenCalledTimes(2);
    time.advance(3_999);
    await expect(cache.get("k", next)).rejects.toThrow("timed out");
    time.advance(1);
    expect(await cache.get("k", next)).toBe("ok");
    expect(next).toHaveBeenCalledTimes(1);
    // A success forgets the failures: the value is served, fresh.
    expect(await cache.get("k", async () => "not asked")).toBe("ok");
  });

  it("asks again within NO_ANSWER_RETRY_MS however long the outage, for a key with nothing to serve", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 300_000, maxEntries: 10, now: time.now });
    const down = () => Promise.reject(new Error("down"));
    for (let failure = 0; failure < 12; failure++) {
      await expect(cache.get("k", down)).rejects.toThrow("down");
      time.advance(NO_ANSWER_RETRY_MS);
    }
    expect(await cache.get("k", async () => "back")).toBe("back");
  });

  it("serves a stored answer whose entry memory let go, though its last refresh failed", async () => {
    const time = clock();
    const stored = new Map<string, { value: unknown; storedAt: number }>();
    const store = {
      get: (key: string) => stored.get(key),
      set: (key: string, value: unknown, storedAt: number) =>
        void stored.set(key, { value, storedAt }),
      delete: () => {},
      deleteWithPages: () => {},
      clear: () => {},
    };
    const cache = new ContentCache({ ttlMs: 1_000, maxEntries: 1, now: time.now, store });
    expect(await cache.get("a", async () => "A1")).toBe("A1");
    time.advance(2_000);
    // The refresh fails: the stale answer is served and a back-off noted.
    const down = () => Promise.reject(new Error("down"));
    expect(await cache.get("a", down)).toBe("A1");
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Another key takes memory's one place.
    expect(await cache.get("b", async () => "B")).toBe("B");
    // Still within the back-off, the API still down: the store's answer, not the error.
    expect(await cache.get("a", down)).toBe("A1");
  });

  it("forgets a failure with the key's purge, memory holding an answer or not", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 60_000, maxEntries: 10, now: time.now });
    await expect(
      cache.get("en /api/news?page=2", () => Promise.reject(new Error("down"))),
    ).rejects.toThrow();
    cache.deleteWithPages(["en /api/news"]);
    expect(await cache.get("en /api/news?page=2", async () => "back")).toBe("back");
  });

  it("does not keep a content that is gone as a failure: the next visitor asks again", async () => {
    const gone = new Error("404");
    const cache = new ContentCache({
      ttlMs: 60_000,
      maxEntries: 10,
      whenLoadFails: (error) => (error === gone ? "gone" : "serve-stale"),
    });
    await expect(cache.get("k", () => Promise.reject(gone))).rejects.toBe(gone);
    expect(await cache.get("k", async () => "back")).toBe("back");
  });

  it("remembers as many failed keys as entries at most, the oldest failure forgotten first", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 60_000, maxEntries: 2, now: time.now });
    for (const key of ["a", "b", "c"]) {
      await expect(cache.get(key, () => Promise.reject(new Error(key)))).rejects.toThrow();
    }
    // "a" was forgotten: asked again at once; "b" and "c" still fail without asking.
    expect(await cache.get("a", async () => "A")).toBe("A");
    const asked = vi.fn(async () => "x");
    await expect(cache.get("b", asked)).rejects.toThrow("b");
    await expect(cache.get("c", asked)).rejects.toThrow("c");
    expect(asked).not.toHaveBeenCalled();
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

  it("tells when a refresh brought a different answer (other processes drop theirs), not when it is the same", async () => {
    const time = clock();
    const changed: string[] = [];
    const cache = new ContentCache({
      ttlMs: 1_000,
      maxEntries: 10,
      now: time.now,
      onChange: (key) => changed.push(key),
    });
    const answers = [{ title: "a" }, { title: "a" }, { title: "b" }];
    const load = async () => answers.shift();
    await cache.get("en /api/x", load);
    time.advance(1_000);
    const seen = vi.fn();
    await cache.get("en /api/x", load, seen);
    expect(seen).toHaveBeenLastCalledWith(1_000, "en /api/x"); // stale: the refresh runs
    // The refresh is stored (fresh again, until 2 s), so onChange had its say: the same answer.
    await vi.waitFor(async () => {
      await cache.get("en /api/x", load, seen);
      expect(seen).toHaveBeenLastCalledWith(2_000, "en /api/x");
    });
    expect(answers).toHaveLength(1);
    expect(changed).toEqual([]);
    time.advance(1_000);
    await cache.get("en /api/x", load);
    await vi.waitFor(() => expect(changed).toEqual(["en /api/x"]));
  });

  it("falls back to a store that answers later (Redis), when a load fails with nothing in memory", async () => {
    const cache = new ContentCache({
      ttlMs: 1_000,
      maxEntries: 10,
      store: {
        get: async () => ({ value: "kept", storedAt: 0 }),
        set: () => {},
        delete: () => {},
        deleteWithPages: () => {},
        clear: () => {},
      },
    });
    expect(await cache.get("en /api/x", () => Promise.reject(new Error("down")))).toBe("kept");
  });
});

describe("reloadWaitMs", () => {
  it("waits 2 s after a failure, doubling up to the longest", () => {
    const waits = [1, 2, 3, 4, 5, 9, 10].map((failures) => reloadWaitMs(failures, 600_000));
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 512_000, 600_000]);
  });
});
