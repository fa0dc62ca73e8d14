import { describe, expect, it } from "vitest";
import { sample } from "./details.ts";

describe("sample", () => {
  it("keeps short lists and spreads long ones, first and last included", () => {
    expect(sample([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(sample([1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([1, 3, 5, 7, 9]);
    expect(sample([1, 2, 3], 1)).toEqual([1]);
    expect(sample([1, 2, 3], 0)).toEqual([]);
  });
});
