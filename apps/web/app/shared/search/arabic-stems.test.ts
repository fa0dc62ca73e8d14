import { describe, expect, it } from "vitest";
import { casesByRule } from "../../test-support/cases.ts";
import { arabicBeginnings, arabicStems } from "./arabic-stems.ts";
import { foldWord } from "./normalise.ts";

/** Words that must meet: each written form and the bare word share a stem. */
const meeting = casesByRule({
  "a prefix of the article, alone or after a conjunction or preposition": {
    المشروع: "مشروع",
    والمشروع: "مشروع",
    بالمشروع: "مشروع",
    كالمشروع: "مشروع",
    فالمشروع: "مشروع",
    للمشروع: "مشروع",
  },
  "a one-letter conjunction or preposition": {
    وجدة: "جدة",
    بجدة: "جدة",
    فجدة: "جدة",
    بمشروع: "مشروع",
    لمشروع: "مشروع",
    كمشروع: "مشروع",
  },
  "a sound plural, dual or feminine ending": {
    خدمات: "خدمة",
    مهندسون: "مهندس",
    مهندسين: "مهندس",
    مشروعان: "مشروع",
    هندسية: "هندسة",
    الخدمات: "خدمة",
  },
  "an attached pronoun": {
    مشاريعنا: "مشاريع",
    مشروعه: "مشروع",
    مشروعها: "مشروع",
    مشروعهم: "مشروع",
    مشروعكم: "مشروع",
    مشروعكما: "مشروع",
    مهندسي: "مهندس",
    شركتنا: "شركة",
    شركتكم: "شركة",
    بيتنا: "بيت",
  },
  "a prefix, a pronoun and a plural ending together": {
    ومشروعاتهم: "مشروعات",
    بخدماتنا: "خدمة",
  },
  "a first letter that is the word's own, not a prefix": {
    آليتنا: "آلية",
    البناء: "بناء",
    وبناء: "بناء",
    للفريق: "فريق",
  },
});

const stemsOf = (word: string) => arabicStems(foldWord(word));

describe("arabicStems", () => {
  it.each(meeting)("takes off %s: %s meets %s", (_rule, written, bare) => {
    const shared = stemsOf(written).filter((stem) => stemsOf(bare).includes(stem));
    expect(shared, `${stemsOf(written)} / ${stemsOf(bare)}`).not.toEqual([]);
  });

  it("never cuts a word below three letters", () => {
    for (const word of ["جدة", "بحر", "فهم", "عمان", "كتب", "ولد"]) {
      for (const stem of stemsOf(word)) expect(stem.length, word).toBeGreaterThanOrEqual(3);
    }
    expect(stemsOf("جدة")).toEqual(["جده"]);
    expect(stemsOf("عمان")).toEqual(["عمان"]);
  });

  it("keeps words apart that only share a root's letters", () => {
    const apart = (a: string, b: string) =>
      stemsOf(a).filter((stem) => stemsOf(b).includes(stem)).length === 0;
    expect(apart("جسر", "جسور")).toBe(true); // a broken plural: synonyms.json joins them
    expect(apart("مشروع", "مشاريع")).toBe(true);
    expect(apart("خدمة", "خادم")).toBe(true);
  });

  it("leaves words of other scripts to others", () => {
    expect(arabicStems("bridge")).toEqual([]);
    expect(arabicStems("2024")).toEqual([]);
  });

  it("completes a half-typed word as typed and without its prefix, keeping its end", () => {
    expect(arabicBeginnings(foldWord("بالمشا"))).toEqual(["بالمشا", "مشا"]);
    expect(arabicBeginnings(foldWord("ومشروعا"))).toEqual(["ومشروعا", "مشروعا"]);
    expect(arabicBeginnings("bri")).toEqual(["bri"]);
  });
});
