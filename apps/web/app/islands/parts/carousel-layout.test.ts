import { describe, expect, it } from "vitest";
import { CONTENT_CAROUSEL, layoutVars, slideBasis } from "./carousel-layout.ts";

describe("slideBasis", () => {
  it("divides the track by the slides per view", () => {
    expect(slideBasis(1)).toBe("100%");
    expect(slideBasis(1.5)).toBe("66.6667%");
    expect(slideBasis(2.5)).toBe("40%");
    expect(slideBasis(3)).toBe("33.3333%");
  });
});

describe("layoutVars", () => {
  it("gives the small and large gap and basis as CSS custom properties", () => {
    expect(layoutVars(CONTENT_CAROUSEL)).toEqual({
      "--slide-gap": "5px",
      "--slide-basis": "66.6667%",
      "--slide-gap-lg": "20px",
      "--slide-basis-lg": "40%",
    });
  });
});
