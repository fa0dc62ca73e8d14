import { describe, expect, it } from "vitest";
import { staggerDelay, staggerDelayCss } from "./stagger.ts";

describe("staggerDelay", () => {
  it("starts at 0.5 s and adds 0.2 s per item", () => {
    expect([0, 1, 2, 3, 4, 5].map(staggerDelay)).toEqual([0.5, 0.7, 0.9, 1.1, 1.3, 1.5]);
  });
  it("has no floating-point noise in CSS", () => {
    expect(staggerDelayCss(2)).toBe("0.9s");
    expect(staggerDelayCss(7)).toBe("1.9s");
  });
});
