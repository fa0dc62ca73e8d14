import { describe, expect, it } from "vitest";
import { casesByRule } from "../app/test-support/cases.ts";
import { limitClientOf, RateLimiter } from "./rate-limit.server.ts";

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
    expect(limiter.retryAfterS("203.0.113.7")).toBe(600);
  });

  it("admits a visitor's requests by address, an IPv6 /64 as one, then says how long to wait", () => {
    const { limiter, clock } = limiterAt();
    const admitted = ["2001:db8::1", "2001:db8::2", "2001:db8:0:0:ffff::3"].map(
      (address) => limiter.admit(address).admitted,
    );
    expect(admitted).toEqual([true, true, true]);
    clock.now += 599_500;
    expect(limiter.admit("2001:db8::4")).toEqual({ admitted: false, retryAfterS: 1 });
    expect(limiter.admit("2001:db9::1")).toEqual({ admitted: true });
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
    expect(limiter.retryAfterS("a")).toBe(300);
    clock.now += 299_001;
    expect(limiter.retryAfterS("a")).toBe(1);
    clock.now += 999; // m1 is now 10 minutes old
    expect(limiter.retryAfterS("a")).toBe(0);
    expect(limiter.take("a", "m4")).toBe(true);
    expect(limiter.take("a", "m5")).toBe(false);
  });

  it("counts an identical re-submission like any other send", () => {
    const { limiter } = limiterAt();
    expect([1, 2, 3, 4].map(() => limiter.take("a", "same"))).toEqual([true, true, true, false]);
    limiter.giveBack("a", "same");
    expect(limiter.retryAfterS("a")).toBe(0);
  });

  it("takes back a send that did not go through", () => {
    const { limiter } = limiterAt();
    for (const n of [1, 2, 3]) limiter.take("a", `m${n}`);
    limiter.giveBack("a", "m2");
    expect(limiter.retryAfterS("a")).toBe(0);
    expect(limiter.take("a", "m4")).toBe(true);
    expect(limiter.take("a", "m5")).toBe(false);
  });
});

/** How visitors are counted: each rule with addresses and the client they count as. */
const limitClients = casesByRule({
  "keeps IPv4 addresses as they are": { "203.0.113.7": "203.0.113.7" },
  "counts an IPv6 visitor by its /64, however the address is written": {
    "2001:db8:1:2::1": "2001:db8:1:2::/64",
    "2001:0DB8:0001:0002:ffff:1:2:3": "2001:db8:1:2::/64",
    "2001:db8:1:2:a::9%eth0": "2001:db8:1:2::/64",
    "2001:db8:1:3::1": "2001:db8:1:3::/64",
    "::1": "0:0:0:0::/64",
    "::ffff:192.0.2.1": "0:0:0:0::/64",
  },
  "keeps a malformed address as it is": {
    unknown: "unknown",
    "1:2:3": "1:2:3",
    "1::2::3": "1::2::3",
  },
});

describe("limitClientOf", () => {
  it.each(limitClients)("%s: %s → %s", (_rule, address, client) => {
    expect(limitClientOf(address)).toBe(client);
  });
});
