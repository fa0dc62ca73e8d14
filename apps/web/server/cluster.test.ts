import { describe, expect, it } from "vitest";
import { RestartBackoff } from "./cluster.ts";

describe("RestartBackoff", () => {
  it("replaces a worker at once, then waits longer each time workers keep dying young", () => {
    const backoff = new RestartBackoff(1_000, 30_000);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => backoff.next(500))).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it("starts again from nothing after a worker lived long", () => {
    const backoff = new RestartBackoff(1_000, 30_000);
    backoff.next(500);
    backoff.next(500);
    expect(backoff.next(60_000)).toBe(0);
    expect(backoff.next(500)).toBe(1_000);
  });
});
