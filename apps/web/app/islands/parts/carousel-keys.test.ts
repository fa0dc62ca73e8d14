import { describe, expect, it } from "vitest";
import { arrowStep } from "./carousel-keys.ts";

describe("arrowStep", () => {
  it("goes forward with the right arrow in left-to-right pages", () => {
    expect(arrowStep("ArrowRight", "ltr")).toBe(1);
    expect(arrowStep("ArrowLeft", "ltr")).toBe(-1);
  });

  it("goes forward with the left arrow in right-to-left pages (the reading direction)", () => {
    expect(arrowStep("ArrowLeft", "rtl")).toBe(1);
    expect(arrowStep("ArrowRight", "rtl")).toBe(-1);
  });

  it("ignores other keys", () => {
    for (const key of ["ArrowUp", "ArrowDown", "Home", "End", "Enter", " ", "a"]) {
      expect(arrowStep(key, "ltr")).toBe(0);
      expect(arrowStep(key, "rtl")).toBe(0);
    }
  });
});
