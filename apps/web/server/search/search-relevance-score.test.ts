import { describe, expect, it } from "vitest";
import { scoreAnswer, summary, summaryByCase } from "./search-relevance-score.ts";
import type { Judgement } from "./search-relevance-set.ts";

describe("relevance scoring (recall@10, MRR)", () => {
  const bridge: Judgement = ["bridge", "word", ["/projects/4", "/services/2"]];

  it("counts the expected pages among the first ten and the rank of the first", () => {
    const scored = scoreAnswer("en", bridge, ["/en/news/1", "/en/services/2", "/en/projects/9"]);
    expect(scored).toEqual({
      query: "bridge",
      what: "word",
      recall: 0.5,
      reciprocalRank: 0.5,
      missing: ["/en/projects/4"],
    });
  });

  it("looks at the first ten results only, and at the language's addresses", () => {
    const eleven = [
      ...Array.from({ length: 10 }, (_, i) => `/en/news/${i + 20}`),
      "/en/projects/4",
    ];
    expect(scoreAnswer("en", bridge, eleven)).toMatchObject({ recall: 0, reciprocalRank: 0 });
    // The English page does not answer an Arabic query.
    expect(scoreAnswer("ar", bridge, ["/en/projects/4", "/ar/projects/4"])).toMatchObject({
      recall: 0.5,
      reciprocalRank: 0.5,
      missing: ["/ar/services/2"],
    });
  });

  it("averages over the queries, and per case", () => {
    const scored = [
      scoreAnswer("en", bridge, ["/en/projects/4", "/en/services/2"]), // recall 1, RR 1
      scoreAnswer("en", ["brigde", "typo", ["/projects/4"]], ["/en/x", "/en/y", "/en/projects/4"]), // 1, 1/3
      scoreAnswer("en", ["bri", "half-typed", ["/projects/4"]], []), // 0, 0
      scoreAnswer("en", ["brdge", "typo", ["/projects/4", "/services/2"]], ["/en/services/2"]), // 0.5, 1
    ];
    const all = summary(scored);
    expect(all.queries).toBe(4);
    expect(all.recall).toBeCloseTo(2.5 / 4);
    expect(all.mrr).toBeCloseTo((1 + 1 / 3 + 0 + 1) / 4);
    expect(summaryByCase(scored)).toEqual([
      { what: "word", queries: 1, recall: 1, mrr: 1 },
      { what: "typo", queries: 2, recall: 0.75, mrr: expect.closeTo((1 / 3 + 1) / 2) },
      { what: "half-typed", queries: 1, recall: 0, mrr: 0 },
    ]);
    expect(summary([])).toEqual({ queries: 0, recall: 0, mrr: 0 });
  });
});
