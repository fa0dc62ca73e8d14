import { describe, expect, it } from "vitest";
import { Vocabulary } from "./search-vocabulary.server.ts";

const vocabulary = (terms: [string, number][]) => new Vocabulary({ terms, words: terms });

describe("Vocabulary: completions of the word being typed (the prefix cap)", () => {
  it("gives the 12 most frequent completions, the most frequent first", () => {
    const terms = Array.from({ length: 30 }, (_, i): [string, number] => [`tow${i}`, 100 + i]);
    const completions = vocabulary(terms).completions("tow");
    expect(completions).toEqual(Array.from({ length: 12 }, (_, i) => `tow${29 - i}`));
  });

  it("stops once the completions add up to 20,000 occurrences, but gives one at least", () => {
    const common = vocabulary([
      ["tower", 50_000],
      ["town", 30_000],
      ["towel", 10],
    ]);
    expect(common.completions("tow")).toEqual(["tower"]);
    const some = vocabulary([
      ["tower", 15_000],
      ["town", 6_000],
      ["towel", 10],
    ]);
    expect(some.completions("tow")).toEqual(["tower", "town"]);
  });

  it("forgets what it cached when a count changes", () => {
    const words = vocabulary([["tower", 5]]);
    expect(words.completions("tow")).toEqual(["tower"]);
    words.count(["towing"], 1);
    expect(words.completions("tow")).toEqual(["tower", "towing"]);
  });
});

describe("Vocabulary: corrections (the typo cap)", () => {
  it("gives at most four words within the mistakes allowed, the closest then the commonest", () => {
    // Words with a digit: no stemmer reads them, so the query is matched as typed.
    const words = vocabulary([
      ["toweq1", 1],
      ["towqe1", 100], // a swap: one mistake
      ["towe1", 50],
      ["tower1", 10],
      ["toweq12", 5],
      ["toweqa", 3], // one mistake too, but a fifth
      ["tovep1", 1_000], // two: too many for six letters
    ]);
    expect(words.corrections("toweq1")).toEqual(["toweq1", "towqe1", "towe1", "tower1"]);
    expect(words.corrections("towwq1")).toEqual(["toweq1"]);
  });
});
