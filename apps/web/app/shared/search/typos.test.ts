import { describe, expect, it } from "vitest";
import { mistakes, typosAllowed } from "./typos.ts";

describe("typosAllowed", () => {
  it("forgives none under five letters, one from five, two from nine", () => {
    expect([1, 4, 5, 8, 9, 20].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe("mistakes", () => {
  it("counts a wrong, missing, extra or swapped letter as one", () => {
    expect(mistakes("bridge", "bridge", 2)).toBe(0);
    expect(mistakes("bridge", "bridje", 2)).toBe(1);
    expect(mistakes("bridge", "brdge", 2)).toBe(1);
    expect(mistakes("bridge", "briddge", 2)).toBe(1);
    expect(mistakes("bridge", "brigde", 2)).toBe(1);
    expect(mistakes("مشاريع", "مشارع", 2)).toBe(1);
    expect(mistakes("مشاريع", "مشايرع", 2)).toBe(1);
  });

  it("counts two mistakes as two, and stops past the most asked", () => {
    expect(mistakes("structures", "strcutrues", 2)).toBe(2);
    expect(mistakes("bridge", "brxdgx", 2)).toBe(2);
    expect(mistakes("bridge", "tunnel", 2)).toBe(3);
    expect(mistakes("bridge", "bridgework", 1)).toBe(2);
    expect(mistakes("ab", "ba", 1)).toBe(1);
  });
});
