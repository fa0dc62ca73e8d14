import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server.ts";

function limiterAt(start = 1_000_000) {
  const clock = { now: start };
  const limiter = new RateLimiter({ limit: 3, windowMs: 600_000, now: () => clock.now });
  return { limiter, clock };
}

describe("RateLimiter", () => {
  it("lets a client send up to the limit, then refuses", () => {
    const { limiter } = limiterAt();
    expect([1, 2, 3, 4].map((n) => limiter.take("203.0.113.7", `m${n}`))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(limiter.remaining("203.0.113.7")).toBe(0);
  });

  it("counts each client on its own", () => {
    const { limiter } = limiterAt();
    for (const n of [1, 2, 3]) limiter.take("203.0.113.7", `m${n}`);
    expect(limiter.take("203.0.113.7", "m4")).toBe(false);
    expect(limiter.take("198.51.100.2", "m1")).toBe(true);
  });

  it("frees a send once it is older than the window", () => {
    const { limiter, clock } = limiterAt();
    limiter.take("a", "m1");
    clock.now += 300_000;
    limiter.take("a", "m2");
    limiter.take("a", "m3");
    expect(limiter.take("a", "m4")).toBe(false);
    clock.now += 300_000; // m1 is now 10 minutes old
    expect(limiter.take("a", "m4")).toBe(true);
    expect(limiter.take("a", "m5")).toBe(false);
  });

  it("does not count a repeat of the same submission twice", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 5; i++) expect(limiter.take("a", "same")).toBe(true);
    expect(limiter.remaining("a")).toBe(2);
  });

  it("takes back a send that did not go through", () => {
    const { limiter } = limiterAt();
    for (const n of [1, 2, 3]) limiter.take("a", `m${n}`);
    limiter.giveBack("a", "m2");
    expect(limiter.remaining("a")).toBe(1);
    expect(limiter.take("a", "m4")).toBe(true);
    expect(limiter.take("a", "m5")).toBe(false);
  });
});
