import { describe, expect, it } from "vitest";
import { casesByRule } from "../../test-support/cases.ts";
import { extract, marked } from "./extract.ts";
import { foldWord, matches, queryTerms, stemsOf, termsOf, words } from "./normalise.ts";

/** Whether the query matches some word of `text`, each query word by the search's rule. */
const finds = (query: string, text: string) => {
  const terms = queryTerms(query);
  const all = words(text);
  return terms.length > 0 && terms.every((term) => all.some((word) => matches(word, term)));
};

/** foldWord's rules, each with words as written and as the index and the query see them. */
const foldings = casesByRule({
  "folds case and Latin accents": { Café: "cafe", ÉLÈVE: "eleve", Ångström: "angstrom" },
  "writes every alef with hamza or madda as a bare alef": {
    أمل: "امل",
    إمل: "امل",
    آمل: "امل",
    ٱمل: "امل",
    رأس: "راس",
  },
  "writes ta marbuta as ha, alef maqsura as ya, hamza on waw and ya as the bare letter": {
    تنورة: "تنوره",
    مستشفى: "مستشفي",
    مؤسسة: "موسسه",
    بيئة: "بييه",
  },
  "drops diacritics (harakat, tanwin, shadda, sukun, dagger alef) and tatweel": {
    تسلّم: "تسلم",
    مَشْرُوعٌ: "مشروع",
    هٰذا: "هذا",
    مشـــروع: "مشروع",
  },
  "reads Persian letters and Arabic-Indic digits as Arabic letters and 0-9": {
    کی: "كي",
    "٢٠٢٤": "2024",
    "۱۲": "12",
  },
});

describe("foldWord", () => {
  it.each(foldings)("%s: %s → %s", (_rule, written, folded) => {
    expect(foldWord(written)).toBe(folded);
  });
});

/** stemsOf's rules, each with words and their first stem. */
const stems = casesByRule({
  "stems English words": { constructing: "construct" },
  "takes the definite article off Arabic words that keep three letters": {
    المشروع: "مشروع",
    والمشاريع: "مشاريع",
    للطرق: "طرق",
  },
  "keeps an Arabic word whole when it would be too short without its affixes": { جدة: "جده" },
});

describe("stemsOf and termsOf", () => {
  it("stems an English plural and its singular alike", () => {
    expect(stemsOf("bridges")).toEqual(stemsOf("bridge"));
  });

  it.each(stems)("%s: %s → %s", (_rule, word, stem) => {
    expect(stemsOf(foldWord(word))).toContain(stem);
  });

  it("indexes a word under its folded form and its stems", () => {
    expect(termsOf("Bridges")).toEqual(["bridges", "bridg"]);
    expect(termsOf("رأس")).toEqual(["راس"]);
    expect(termsOf("ـــ")).toEqual([]);
  });
});

describe("queryTerms and matches", () => {
  it("explains nothing for an empty or one-letter query", () => {
    expect(queryTerms("")).toEqual([]);
    expect(queryTerms("  a ")).toEqual([]);
    expect(queryTerms("ّ")).toEqual([]);
  });

  it("matches the last word typed as a prefix only", () => {
    const terms = queryTerms("steel constr");
    expect(terms.map((term) => term.beginnings)).toEqual([[], ["constr"]]);
    expect(finds("steel constr", "Steel construction works")).toBe(true);
    expect(finds("ste construction", "Steel construction works")).toBe(false);
  });

  it("skips small English words unless the query has nothing else", () => {
    expect(queryTerms("the bridge").map((term) => term.folded)).toEqual(["bridge"]);
    expect(queryTerms("the of").map((term) => term.folded)).toEqual(["the", "of"]);
  });

  it("skips Arabic particles, but not the nouns and ordinals of the maintained list", () => {
    expect(queryTerms("في المرحلة الثانية").map((term) => term.folded)).toEqual([
      "المرحله",
      "الثانيه",
    ]);
    expect(queryTerms("إعادة تأهيل").map((term) => term.folded)).toEqual(["اعاده", "تاهيل"]);
    expect(finds("مقاول عام", "مقاول من الباطن")).toBe(false);
    expect(finds("أول مشروع", "مشروع الطريق")).toBe(false);
    expect(finds("ثلاثة أبراج", "برج واحد")).toBe(false);
  });

  it("finds Arabic text however alef, ta marbuta, ya and diacritics are written", () => {
    expect(finds("راس تنوره", "مشروع رأس تنورة للتكرير")).toBe(true);
    expect(finds("تسلم", "تسلّم المالك المبنى")).toBe(true);
    expect(finds("تسلّم", "تسلم المالك المبنى")).toBe(true);
    expect(finds("مستشفي", "توسعة مستشفى الملك")).toBe(true);
    expect(finds("اسكان", "مشروع الإسكان")).toBe(true);
    expect(finds("مشروع", "المشـــروع الجديد")).toBe(true);
    expect(finds("جسر", "مشروع رأس تنورة")).toBe(false);
  });

  it("finds English words by their stem, ignoring case and accents", () => {
    expect(finds("bridges", "A new bridge over the wadi")).toBe(true);
    expect(finds("bridge", "Two bridges")).toBe(true);
    expect(finds("cafe", "The Café Building")).toBe(true);
    expect(finds("tunnel", "A new bridge")).toBe(false);
  });
});

describe("extracts", () => {
  it("marks every matching word as written", () => {
    const segments = marked("Bridges and a bridge", queryTerms("bridge"));
    expect(segments).toEqual([
      { text: "Bridges", mark: true },
      { text: " and a " },
      { text: "bridge", mark: true },
    ]);
    expect(marked("رأس تنورة", queryTerms("راس")).filter((s) => s.mark)).toEqual([
      { text: "رأس", mark: true },
    ]);
  });

  it("cuts a window around the first match, at word boundaries, with ellipses", () => {
    const text = `${"alpha ".repeat(40)}the bridge is here ${"omega ".repeat(60)}`;
    const segments = extract(text, queryTerms("bridge"), 120);
    const joined = segments.map((s) => s.text).join("");
    expect(joined.startsWith("… alpha")).toBe(true);
    expect(joined.endsWith(" …")).toBe(true);
    expect(joined.length).toBeLessThan(130);
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(["bridge"]);
  });

  it("shows where one block of the text ends and the next begins", () => {
    // Line breaks are blocks' ends (stripTags's `blocks`, search-documents' fields).
    const text = "Al Khiran, Kuwait\nScope of work\nA bridge over the bay.\nSince 1998";
    const joined = extract(text, queryTerms("bridge"))
      .map((s) => s.text)
      .join("");
    expect(joined).toBe("Al Khiran, Kuwait · Scope of work · A bridge over the bay. Since 1998");
    const arabic = extract("وإنشاء الجسور.\nنطاق العمل\nجسر", queryTerms("جسر"));
    expect(arabic.map((s) => s.text).join("")).toBe("وإنشاء الجسور. نطاق العمل · جسر");
    const quoted = extract("He said “built.”\nThe bridge", queryTerms("bridge"));
    expect(quoted.map((s) => s.text).join("")).toBe("He said “built.” The bridge");
  });

  it("starts at the beginning when only the title matched", () => {
    const segments = extract("Short text with nothing", queryTerms("bridge"));
    expect(segments).toEqual([{ text: "Short text with nothing" }]);
  });
});
