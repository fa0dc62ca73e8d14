/**
 * Letter-spacing and capitals are for Latin text only (app.css, the `latin:` variant): this
 * fails on a `tracking-*`, `uppercase`, `lowercase` or `capitalize` class without `latin:`
 * anywhere in the app's classes, and on a `letter-spacing` or `text-transform` in its CSS.
 * e2e/arabic.spec.ts checks the computed styles of the Arabic pages themselves.
 */
import { describe, expect, it } from "vitest";
import { literalTokens, scanApp } from "./test-support/app-sources.ts";

const latinOnly = /^(?:tracking-.+|uppercase|lowercase|capitalize)$/;

/** Class tokens that space or re-case letters outside the `latin:` variant. */
function unscopedClasses(source: string): string[] {
  return literalTokens(source).filter((token) => {
    const parts = token.replace(/^!/, "").split(":");
    const utility = (parts.pop() ?? "").replace(/^!/, "");
    return latinOnly.test(utility) && !parts.includes("latin");
  });
}

/** CSS declarations that space or re-case letters. */
const cssDeclarations = (source: string) =>
  [
    ...source.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/(?:letter-spacing|text-transform)\s*:/g),
  ].map(([match]) => match);

describe("Latin-only styles", () => {
  it("finds letter-spacing and case classes outside latin:, and CSS declarations", () => {
    expect(
      unscopedClasses(
        'className="tracking-wide md:uppercase latin:tracking-wide latin:md:uppercase trackingx"',
      ),
    ).toEqual(["tracking-wide", "md:uppercase"]);
    expect(cssDeclarations("a { letter-spacing: 1px } /* text-transform: none */")).toEqual([
      "letter-spacing:",
    ]);
  });

  it("are scoped to Latin text everywhere in the app", () => {
    const { files, hits } = scanApp((file, source) =>
      file.endsWith(".css") ? cssDeclarations(source) : unscopedClasses(source),
    );
    expect(files).toBeGreaterThan(20);
    expect(hits).toEqual([]);
  });
});
