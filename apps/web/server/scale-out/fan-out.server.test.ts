import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../../../e2e/support/redis.ts";
import { isKeyOrPageOf, type StoredAnswer } from "../content/answer-store.server.ts";
import { withRedisAnswers } from "../content/answer-store-redis.server.ts";
import { captureLog } from "../testing/log-capture.ts";
import { until } from "../testing/until.ts";
import { type FanOut, redisFanOut, type SiteMessage } from "./fan-out.server.ts";
import { connectRedis, type RedisLink } from "./redis.server.ts";

// Each link stands for a site process of its own: they share nothing but Redis.
let redis: TestRedis;
const links: RedisLink[] = [];
const noLocal: FanOut = { publish: async () => 0, subscribe: () => {} };
let log = captureLog();

async function link(prefix: string) {
  const made = connectRedis(redis.url, prefix, log.logger);
  links.push(made);
  await until(() => made.problem() === undefined);
  return made;
}

/** A process's fan-out and the messages it received from the others. */
async function processOn(prefix: string, local = noLocal) {
  const shared = await link(prefix);
  const fanOut = redisFanOut(shared, local);
  const received: SiteMessage[] = [];
  fanOut.subscribe((message) => received.push(message));
  return { link: shared, fanOut, received };
}

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  for (const made of links.splice(0)) await made.close();
  log = captureLog();
});
afterAll(async () => {
  await redis?.stop();
});

describe("messages through Redis", () => {
  it("reach every other process at once, not the sender", async () => {
    const [a, b, c] = [await processOn("f1:"), await processOn("f1:"), await processOn("f1:")];
    // Subscriptions are made in the background: wait until Redis counts them.
    await until(async () => (await countSubscribers(a.link, "f1:messages")) === 3);
    // Redis counts who got it: the two others.
    expect(await a.fanOut.publish({ kind: "purge", paths: ["/en/news"] })).toBe(2);
    a.fanOut.publish({ kind: "expire", keys: ["en /api/news?page=1"] });
    await until(() => b.received.length === 2 && c.received.length === 2);
    expect(b.received).toEqual([
      { kind: "purge", paths: ["/en/news"] },
      { kind: "expire", keys: ["en /api/news?page=1"] },
    ]);
    expect(a.received).toEqual([]);
  });

  it("keep to their site's prefix", async () => {
    const a = await processOn("f2:");
    const other = await processOn("other-site:");
    const b = await processOn("f2:");
    await until(async () => (await countSubscribers(a.link, "f2:messages")) === 2);
    a.fanOut.publish({ kind: "purge" });
    await until(() => b.received.length === 1);
    expect(other.received).toEqual([]);
  });

  it("go through the primary while Redis is down; logged once; caches emptied when it is back", async () => {
    const relayed: SiteMessage[] = [];
    const local: FanOut = {
      publish: async (message) => {
        relayed.push(message);
        return 1;
      },
      subscribe: () => {},
    };
    const a = await processOn("f3:", local);
    await redis.stop();
    try {
      await until(() => a.link.problem() !== undefined);
      a.fanOut.publish({ kind: "purge", paths: ["/en"] });
      await until(() => relayed.length === 1);
      a.fanOut.publish({ kind: "purge", paths: ["/ar"] });
      await until(() => relayed.length === 2);
      const redisErrors = log.lines.filter((line) => line.level === "error");
      expect(redisErrors).toHaveLength(1);
      expect(redisErrors[0]?.message).toMatch(/^Redis (unreachable|connection lost)/);
      // What /readyz shows strangers names no address: the log has it.
      expect(a.link.problem()).toMatch(/^Redis (unreachable|connection lost)$/);
    } finally {
      await redis.start();
    }
    // It may have missed purges meanwhile: it empties its own caches.
    await until(() => a.received.some((message) => message.kind === "purge"), 10_000);
    expect(a.link.problem()).toBeUndefined();
  });
});

describe("how Redis is, as /readyz asks", () => {
  it("a frozen Redis is seen by a process with no traffic, its answering again too; killed, it is a lost connection", async () => {
    const quiet = await link("h1:");
    redis.pause();
    try {
      // This process ran no command since: the check asks Redis itself.
      expect(await quiet.check()).toBe("Redis slow");
      expect(await quiet.check()).toBe("Redis slow");
    } finally {
      redis.resume();
    }
    expect(await quiet.check()).toBeUndefined();
    const lines = log.lines.map((line) => line.message);
    expect(lines.filter((line) => line.startsWith("Redis slow"))).toHaveLength(1);
    expect(lines).toContain("Redis answers again");

    // Slow first, then gone: the second, graver problem replaces the first.
    redis.pause();
    expect(await quiet.check()).toBe("Redis slow");
    await redis.stop();
    try {
      await until(() => quiet.problem() !== "Redis slow");
      expect(quiet.problem()).toMatch(/^Redis (unreachable|connection lost)$/);
    } finally {
      await redis.start();
    }
    await until(async () => (await quiet.check()) === undefined, 10_000);
  });
});

describe("last good answers in Redis", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = () => 10_000;
  const disk = () => {
    const rows = new Map<string, StoredAnswer>();
    return {
      rows,
      get: (key: string) => rows.get(key),
      set: (key: string, value: unknown, storedAt: number) => {
        rows.set(key, { value, storedAt });
      },
      delete: (keys: Iterable<string>) => {
        for (const key of keys) rows.delete(key);
      },
      deleteWithPages: (keys: Iterable<string>) => {
        for (const named of keys) {
          for (const key of rows.keys()) {
            if (isKeyOrPageOf(key, named)) rows.delete(key);
          }
        }
      },
      clear: () => rows.clear(),
      flush: () => {},
      close: () => {},
    };
  };

  it("reach an instance whose disk never had them, and the newer copy wins", async () => {
    const first = withRedisAnswers(disk(), await link("a1:"), DAY, now);
    const ownDisk = disk();
    const fresh = withRedisAnswers(ownDisk, await link("a1:"), DAY, now);
    first.set("en /api/news?page=1", { items: [1] }, 1_000);
    await until(async () => (await fresh.get("en /api/news?page=1")) !== undefined);
    expect(await fresh.get("en /api/news?page=1")).toEqual({
      value: { items: [1] },
      storedAt: 1_000,
    });
    ownDisk.set("en /api/news?page=1", { items: [0] }, 500);
    expect((await fresh.get("en /api/news?page=1"))?.value).toEqual({ items: [1] });
    ownDisk.set("en /api/news?page=1", { items: [2] }, 2_000);
    expect((await fresh.get("en /api/news?page=1"))?.value).toEqual({ items: [2] });
  });

  it("are kept and served for ANSWER_STORE_MAX_AGE_DAYS only, as on disk", async () => {
    const shared = await link("a3:");
    let clock = 10 * DAY;
    const writer = withRedisAnswers(disk(), shared, 2 * DAY, () => clock);
    const reader = withRedisAnswers(disk(), shared, 2 * DAY, () => clock);
    writer.set("en /api/isos", ["iso"], clock);
    await until(async () => (await reader.get("en /api/isos")) !== undefined);
    // Redis forgets it after the setting's age, not a fixed 30 days.
    const ttl = await shared.run((redis) => redis.pttl("a3:answer:en /api/isos"));
    expect(ttl).toBeGreaterThan(2 * DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(2 * DAY);
    // And one older than the setting is not served, even while Redis still holds it.
    clock += 2 * DAY + 1;
    expect(await reader.get("en /api/isos")).toBeUndefined();
    clock -= 2;
    expect((await reader.get("en /api/isos"))?.value).toEqual(["iso"]);
  });

  it("of a list are forgotten with every page of it, in Redis too (a purge by content)", async () => {
    const shared = await link("a4:");
    const store = withRedisAnswers(disk(), shared, DAY, now);
    const keys = ["en /api/news", "en /api/news?page=7", "en /api/news/3", "en /api/newsletters"];
    for (const key of keys) store.set(key, key, 1_000);
    const inRedis = () => shared.run((redis) => redis.keys("a4:answer:*"));
    await until(async () => (await inRedis()).length === keys.length);
    store.deleteWithPages(["en /api/news"]);
    await until(async () => (await inRedis()).length === 2);
    expect((await inRedis()).sort()).toEqual([
      "a4:answer:en /api/news/3",
      "a4:answer:en /api/newsletters",
    ]);
  });

  it("come from the disk while Redis is down", async () => {
    const ownDisk = disk();
    const store = withRedisAnswers(ownDisk, await link("a2:"), DAY, now);
    store.set("k", "v", 1);
    await redis.stop();
    try {
      const started = performance.now();
      expect(await store.get("k")).toEqual({ value: "v", storedAt: 1 });
      store.set("k", "w", 2);
      expect(ownDisk.rows.get("k")).toEqual({ value: "w", storedAt: 2 });
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      await redis.start();
    }
  });
});

async function countSubscribers(shared: RedisLink, channel: string): Promise<number> {
  const counts = (await shared.run((r) => r.pubsub("NUMSUB", channel))) as [string, number];
  return Number(counts[1]);
}
