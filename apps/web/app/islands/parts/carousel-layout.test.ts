import { describe, expect, it } from "vitest";
import {
  CONTENT_CAROUSEL,
  forSlides,
  HERO_SLIDER,
  layoutVars,
  slideBasis,
} from "./carousel-layout.ts";

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

describe("forSlides", () => {
  it("shows no more slides at once than there are", () => {
    expect(layoutVars(forSlides(HERO_SLIDER, 1))["--slide-basis-lg"]).toBe("100%");
    expect(layoutVars(forSlides(HERO_SLIDER, 2))["--slide-basis-lg"]).toBe("50%");
    expect(forSlides(HERO_SLIDER, 3)).toEqual(HERO_SLIDER);
    expect(forSlides(HERO_SLIDER, 12)).toEqual(HERO_SLIDER);
    // None at all lays out as one.
    expect(forSlides(HERO_SLIDER, 0).small.perView).toBe(1);
  });
});
