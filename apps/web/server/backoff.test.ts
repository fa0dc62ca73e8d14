import { describe, expect, it } from "vitest";
import { backoffMs } from "./backoff.ts";

describe("backoffMs", () => {
  const backoff = { baseMs: 1_000, maxMs: 30_000 };

  it("waits `baseMs` after the first failure, doubling after each up to `maxMs`", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((failures) => backoffMs(failures, backoff))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("counts no failure as the first", () => {
    expect(backoffMs(0, backoff)).toBe(1_000);
  });

  it("stays a number however long the failures go on", () => {
    expect(backoffMs(100_000, { baseMs: 0, maxMs: 1_000 })).toBe(0);
    expect(backoffMs(100_000, { baseMs: 1, maxMs: Number.MAX_VALUE })).toBe(2 ** 40);
  });
});
