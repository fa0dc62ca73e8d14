/**
 * Every interface string exists in both languages and the Arabic one is a translation: no key
 * missing or extra on either side, the same placeholders, and no Arabic value equal to the
 * English one or without Arabic letters, except the allow-listed names.
 */
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";

/** Values that are the same in both languages on purpose: each language's own name. */
const sameInBoth = new Set(["language.en", "language.ar"]);

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map(([, n]) => n).sort();

describe("interface strings", () => {
  const english: Record<string, string> = en;
  const arabic: Record<string, string> = ar;

  it("have the same keys in English and Arabic", () => {
    expect(Object.keys(arabic).filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !(key in arabic))).toEqual([]);
  });

  it("are translated: Arabic values differ from the English ones and are written in Arabic", () => {
    const untranslated = Object.keys(english).filter(
      (key) => !sameInBoth.has(key) && arabic[key] === english[key],
    );
    expect(untranslated).toEqual([]);
    const notArabic = Object.keys(arabic).filter(
      (key) => key !== "language.en" && !/[\u0600-\u06FF]/.test(arabic[key] ?? ""),
    );
    expect(notArabic).toEqual([]);
  });

  it("keep the same placeholders in both languages", () => {
    const differing = Object.keys(english).filter(
      (key) =>
        JSON.stringify(placeholders(english[key] ?? "")) !==
        JSON.stringify(placeholders(arabic[key] ?? "")),
    );
    expect(differing).toEqual([]);
  });
});
