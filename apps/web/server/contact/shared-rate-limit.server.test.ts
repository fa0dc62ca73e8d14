import type { Worker } from "node:cluster";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../../../e2e/support/redis.ts";
import { RateLimiter } from "../rate-limit.server.ts";
import { type ClusterEnvelope, clusterChannel } from "../scale-out/fan-out.server.ts";
import { connectRedis, type RedisLink } from "../scale-out/redis.server.ts";
import { captureLog } from "../testing/log-capture.ts";
import { until } from "../testing/until.ts";
import {
  contactLimitOptions,
  memoryLimiter,
  primaryCounts,
  redisLimiter,
  sharedContactLimiter,
} from "./shared-rate-limit.server.ts";

// Each link stands for a site process of its own: they share nothing but Redis.
let redis: TestRedis;
const links: RedisLink[] = [];
const quiet = captureLog().logger;
/** A connected link (commands fail fast before the connection is up). */
const link = async (prefix: string) => {
  const made = connectRedis(redis.url, prefix, quiet);
  links.push(made);
  await until(() => made.problem() === undefined);
  return made;
};
const options = { limit: 3, windowMs: 600_000 };

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  for (const made of links.splice(0)) await made.close();
});
afterAll(async () => {
  await redis?.stop();
});

describe("the contact limit in Redis", () => {
  it("is one count across processes", async () => {
    const [a, b] = [
      sharedContactLimiter(options, await link("t1:")),
      sharedContactLimiter(options, await link("t1:")),
    ];
    expect(await a.take("203.0.113.7", "m1")).toBe(true);
    expect(await b.take("203.0.113.7", "m2")).toBe(true);
    expect(await a.take("203.0.113.7", "m3")).toBe(true);
    expect(await b.take("203.0.113.7", "m4")).toBe(false);
    expect(await a.take("198.51.100.2", "m1")).toBe(true);
  });

  it("counts identical re-submissions, and takes back a send that failed", async () => {
    const a = sharedContactLimiter(options, await link("t2:"));
    const b = sharedContactLimiter(options, await link("t2:"));
    expect(await a.take("203.0.113.7", "same")).toBe(true);
    expect(await b.take("203.0.113.7", "same")).toBe(true);
    expect(await a.take("203.0.113.7", "same")).toBe(true);
    expect(await b.take("203.0.113.7", "same")).toBe(false);
    await b.giveBack("203.0.113.7", "same");
    expect(await a.take("203.0.113.7", "other")).toBe(true);
    expect(await a.take("203.0.113.7", "other")).toBe(false);
  });

  it("counts IPv6 visitors per /64", async () => {
    const a = sharedContactLimiter(options, await link("t3:"));
    const b = sharedContactLimiter(options, await link("t3:"));
    for (const host of ["::1", "::2", "::3"]) {
      expect(await a.take(`2001:db8:7:7${host}`, host)).toBe(true);
    }
    expect(await b.take("2001:db8:7:7:abcd::1", "x")).toBe(false);
    expect(await b.take("2001:db8:7:8::1", "x")).toBe(true);
  });

  it("keeps limiting with this process's own counts while Redis is down", async () => {
    const shared = await link("t4:");
    const own = memoryLimiter(new RateLimiter(options));
    const limiter = redisLimiter(shared, options, own);
    expect(await limiter.take("a", "m1")).toBe(true);
    await redis.stop();
    try {
      const started = performance.now();
      expect(await limiter.take("a", "m2")).toBe(true);
      expect(await limiter.take("a", "m3")).toBe(true);
      expect(await limiter.take("a", "m4")).toBe(true);
      expect(await limiter.take("a", "m5")).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(shared.problem()).toMatch(/Redis/);
    } finally {
      await redis.start();
    }
  });
});

describe("a slow Redis", () => {
  it("keeps no visitor waiting: past the time-out this process's own counts decide", async () => {
    const shared = await link("t5:");
    const limiter = redisLimiter(shared, options, memoryLimiter(new RateLimiter(options)));
    const pauser = await link("t5:");
    // Redis holds every client's commands for 2 s.
    await pauser.run((redis) => redis.call("CLIENT", "PAUSE", "2000", "ALL"));
    const started = performance.now();
    expect(await limiter.take("a", "m1")).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(shared.problem()).toMatch(/Redis slow/);
  });
});

describe("the contact limit in the primary (several workers)", () => {
  it("counts every worker's sends, answers each take, and takes back a give-back", () => {
    const counts = primaryCounts(options);
    const answers: unknown[] = [];
    // The primary's handle on a worker: what the primary sends it.
    const worker = { isConnected: () => true, send: (m: unknown) => answers.push(m) > 0 };
    const envelope = (kind: string, fields: Record<string, unknown>): ClusterEnvelope => ({
      channel: clusterChannel,
      kind,
      ...fields,
    });
    const count = (message: ClusterEnvelope) => counts(worker as unknown as Worker, message);
    for (const id of [1, 2, 3, 4]) {
      count(envelope("rate-take", { id, client: "203.0.113.7", key: `m${id}` }));
    }
    expect(answers).toEqual(
      [true, true, true, false].map((allowed, i) => envelope("rate-taken", { id: i + 1, allowed })),
    );
    count(envelope("rate-give-back", { client: "203.0.113.7", key: "m2" }));
    count(envelope("rate-take", { id: 5, client: "203.0.113.7", key: "m5" }));
    expect(answers.at(-1)).toEqual(envelope("rate-taken", { id: 5, allowed: true }));
    // Other messages are not the limit's.
    count(envelope("broadcast", { message: {} }));
    expect(answers).toHaveLength(5);
  });

  it("is the limit the settings ask for: CONTACT_RATE_LIMIT per 10 minutes", () => {
    expect(contactLimitOptions({ CONTACT_RATE_LIMIT: 5 })).toEqual({ limit: 5, windowMs: 600_000 });
  });
});
