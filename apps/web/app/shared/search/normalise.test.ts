import { describe, expect, it } from "vitest";
import { extract, marked } from "./extract.ts";
import { foldWord, matches, queryTerms, stemWord, termsOf, words } from "./normalise.ts";

/** Whether the query matches some word of `text`, each query word by the search's rule. */
const finds = (query: string, text: string) => {
  const terms = queryTerms(query);
  const all = words(text);
  return terms.length > 0 && terms.every((term) => all.some((word) => matches(word, term)));
};

describe("foldWord", () => {
  it("folds case and Latin accents", () => {
    expect(foldWord("Café")).toBe("cafe");
    expect(foldWord("ÉLÈVE")).toBe("eleve");
    expect(foldWord("Ångström")).toBe("angstrom");
  });

  it("writes every alef with hamza or madda as a bare alef", () => {
    for (const alef of ["أ", "إ", "آ", "ٱ"]) expect(foldWord(`${alef}مل`)).toBe("امل");
    expect(foldWord("رأس")).toBe("راس");
  });

  it("writes ta marbuta as ha, alef maqsura as ya, hamza on waw and ya as the bare letter", () => {
    expect(foldWord("تنورة")).toBe("تنوره");
    expect(foldWord("مستشفى")).toBe("مستشفي");
    expect(foldWord("مؤسسة")).toBe("موسسه");
    expect(foldWord("بيئة")).toBe("بييه");
  });

  it("drops diacritics (harakat, tanwin, shadda, sukun, dagger alef) and tatweel", () => {
    expect(foldWord("تسلّم")).toBe("تسلم");
    expect(foldWord("مَشْرُوعٌ")).toBe("مشروع");
    expect(foldWord("هٰذا")).toBe("هذا");
    expect(foldWord("مشـــروع")).toBe("مشروع");
  });

  it("reads Persian letters and Arabic-Indic digits as Arabic letters and 0-9", () => {
    expect(foldWord("کی")).toBe("كي");
    expect(foldWord("٢٠٢٤")).toBe("2024");
    expect(foldWord("۱۲")).toBe("12");
  });
});

describe("stemWord and termsOf", () => {
  it("stems English words", () => {
    expect(stemWord("bridges")).toBe(stemWord("bridge"));
    expect(stemWord("constructing")).toBe("construct");
  });

  it("takes the definite article off Arabic words that keep three letters", () => {
    expect(stemWord("المشروع")).toBe("مشروع");
    expect(stemWord("والمشاريع")).toBe("مشاريع");
    expect(stemWord("للطرق")).toBe("طرق");
    // Too short without it: kept whole.
    expect(stemWord("الله")).toBe("الله");
  });

  it("indexes a word under its folded form and its stem", () => {
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
    expect(terms.map((term) => term.prefix)).toEqual([false, true]);
    expect(finds("steel constr", "Steel construction works")).toBe(true);
    expect(finds("ste construction", "Steel construction works")).toBe(false);
  });

  it("skips small English words unless the query has nothing else", () => {
    expect(queryTerms("the bridge").map((term) => term.folded)).toEqual(["bridge"]);
    expect(queryTerms("the of").map((term) => term.folded)).toEqual(["the", "of"]);
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

  it("starts at the beginning when only the title matched", () => {
    const segments = extract("Short text with nothing", queryTerms("bridge"));
    expect(segments).toEqual([{ text: "Short text with nothing" }]);
  });
});
