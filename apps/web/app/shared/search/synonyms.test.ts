import { describe, expect, it } from "vitest";
import { matches, queryTerms, words } from "./normalise.ts";
import groups from "./synonyms.json" with { type: "json" };

/** Whether every word of the query finds a word of the text. */
const finds = (query: string, text: string) =>
  queryTerms(query).every((term) => words(text).some((word) => matches(word, term)));

describe("synonyms", () => {
  it("joins Arabic broken plurals to their singular, in every written form", () => {
    expect(finds("مشاريع", "تسليم المشروع")).toBe(true);
    expect(finds("مشاريعنا", "مشروع الطريق")).toBe(true);
    expect(finds("المشروع", "أحدث مشاريع الشركة")).toBe(true);
    expect(finds("تقارير", "التقرير السنوي")).toBe(true);
    expect(finds("الأبراج", "برج المكاتب")).toBe(true);
    expect(finds("جسور", "افتتاح الجسر")).toBe(true);
    expect(finds("منشآت", "منشأة القوز")).toBe(true);
    expect(finds("جوائز", "جائزة التميز")).toBe(true);
    expect(finds("الطوابق", "طابق الخدمات")).toBe(true);
  });

  it("leaves sound plurals to the stemmer: cranes are not levers", () => {
    expect(finds("رافعات", "رافعة برجية")).toBe(true);
    expect(finds("روافع", "رافعة برجية")).toBe(false);
  });

  it("joins only the words of one group", () => {
    expect(finds("مشاريع", "التقرير السنوي")).toBe(false);
    expect(finds("جسور", "نفق الملك")).toBe(false);
  });

  it("joins English names of one thing", () => {
    expect(finds("HSE", "Health and safety on site")).toBe(true);
    expect(finds("interchange", "A new junction")).toBe(true);
  });

  it("has groups of two words or more, each word once", () => {
    for (const group of [...groups.ar, ...groups.en]) {
      expect(group.length).toBeGreaterThanOrEqual(2);
      expect(new Set(group).size).toBe(group.length);
    }
  });
});
