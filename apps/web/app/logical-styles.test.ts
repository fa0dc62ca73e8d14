/**
 * Layout is written with logical properties (`ms-`, `pe-`, `start-`, `text-start`...), so the
 * Arabic pages mirror without copies: this fails on a physical left/right style anywhere in the
 * app's classes or CSS.
 */
import { describe, expect, it } from "vitest";
import { literalTokens, scanApp } from "./test-support/app-sources.ts";

/** A Tailwind class (with any variants) that names a physical side. */
const physicalClass =
  /^(?:[\w-]+:|\[[^\]]+\]:)*!?-?(?:(?:m|p|scroll-m|scroll-p)[lr]|left|right|inset-[lr]|border-[lr]|rounded-(?:[lr]|[tb][lr]))(?:-|$)|^(?:[\w-]+:)*(?:text|float|clear)-(?:left|right)$/;

/** A CSS declaration that names a physical side. */
const physicalCss =
  /(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)\b|(?<![\w-])(?:left|right)\s*:|text-align:\s*(?:left|right)|float:\s*(?:left|right)/g;

function physicalStyles(file: string, source: string): string[] {
  if (file.endsWith(".css")) return [...source.matchAll(physicalCss)].map(([match]) => match);
  return literalTokens(source).filter((token) => physicalClass.test(token));
}

describe("logical styles", () => {
  it("finds physical sides in classes and CSS, and leaves logical ones alone", () => {
    const classes = 'className="ms-4 pe-2 md:ml-3 -mr-1 left-0 text-right rounded-tl-lg start-0"';
    expect(physicalStyles("a.tsx", classes)).toEqual([
      "md:ml-3",
      "-mr-1",
      "left-0",
      "text-right",
      "rounded-tl-lg",
    ]);
    expect(physicalStyles("a.tsx", 'cn("text-start", "border-s", "inset-x-0", "prose")')).toEqual(
      [],
    );
    expect(
      physicalStyles("a.css", ".a { margin-left: 1px; right: 0; inset-inline-start: 0 }"),
    ).toEqual(["margin-left", "right:"]);
  });

  it("are used everywhere in the app, but for the hero slider's gap (the same side in both directions, on purpose)", () => {
    const { files, hits } = scanApp(physicalStyles);
    expect(files).toBeGreaterThan(20);
    // hero-slider.tsx says why: Embla's measures need its track not to reach past the left.
    const deliberate = [
      "-mr-(--slide-gap)",
      "min-[54.0625rem]:-mr-(--slide-gap-lg)",
      "pr-(--slide-gap)",
      "min-[54.0625rem]:pr-(--slide-gap-lg)",
    ].map((token) => `islands/hero-slider.tsx: ${token}`);
    expect(hits.filter((hit) => !deliberate.includes(hit))).toEqual([]);
  });
});
