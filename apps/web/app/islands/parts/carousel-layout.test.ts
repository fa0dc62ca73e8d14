import { describe, expect, it } from "vitest";
import {
  CONTENT_CAROUSEL,
  HERO_SLIDER,
  layoutAt,
  layoutVars,
  slideBasis,
} from "./carousel-layout.ts";

describe("content carousel layout", () => {
  it("has 5 px gaps and 1.5 slides under 768 px", () => {
    expect(layoutAt(CONTENT_CAROUSEL, 375)).toEqual({ gap: 5, perView: 1.5 });
    expect(layoutAt(CONTENT_CAROUSEL, 767)).toEqual({ gap: 5, perView: 1.5 });
  });
  it("has 20 px gaps and 2.5 slides from 768 px", () => {
    expect(layoutAt(CONTENT_CAROUSEL, 768)).toEqual({ gap: 20, perView: 2.5 });
    expect(layoutAt(CONTENT_CAROUSEL, 1280)).toEqual({ gap: 20, perView: 2.5 });
  });
});

describe("hero slider layout", () => {
  it("shows one slide under 865 px and three from 865 px, 50 px apart", () => {
    expect(layoutAt(HERO_SLIDER, 864)).toEqual({ gap: 50, perView: 1 });
    expect(layoutAt(HERO_SLIDER, 865)).toEqual({ gap: 50, perView: 3 });
  });
});

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
