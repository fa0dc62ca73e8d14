/**
 * Every interface string exists in both languages and the Arabic one is a translation: no key
 * missing or extra on either side, the same placeholders, and no Arabic value equal to the
 * English one or without Arabic letters, except the allow-listed names. And every text the
 * client's specification quotes is an English string as it is written there.
 */
import fs from "node:fs";
import { contactMessages } from "@site/contract/contact-form";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";

/** Values that are the same in both languages on purpose: each language's own name. */
const sameInBoth = new Set(["language.en", "language.ar"]);

/** `{{name}}` and `{{name, format}}` (the format is part of it: both languages isolate a query). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+(?:, \w+)?)\}\}/g)].map(([, n]) => n).sort();

describe("interface strings", () => {
  const english: Record<string, string> = en;
  const arabic: Record<string, string> = ar;

  it("say every text SPEC.md quotes, character for character ('Sending...', 'latest Projects')", () => {
    const spec = fs.readFileSync(
      new URL("../../../../docs/contract/SPEC.md", import.meta.url),
      "utf8",
    );
    // A text in single quotes, not an apostrophe ("company's"); "not shown" is the SPEC's own.
    const quoted = [...spec.matchAll(/(?<![A-Za-z])'([^'\n]{1,80}?)'(?![A-Za-z])/g)]
      .map(([, text = ""]) => text)
      .filter((text) => text !== "not shown");
    expect(quoted.length).toBeGreaterThan(10);
    const ours = new Set([...Object.values(english), ...Object.values(contactMessages.en)]);
    expect(quoted.filter((text) => !ours.has(text))).toEqual([]);
  });

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
