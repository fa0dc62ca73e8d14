import { describe, expect, it } from "vitest";
import { seededRandom as random } from "../testing/seeded-random.ts";
import { TopK } from "./top-k.ts";

describe("TopK", () => {
  it("keeps the best k of many, ties by number, as a full sort would", () => {
    const next = random(7);
    for (let round = 0; round < 50; round++) {
      const k = 1 + Math.floor(next() * 20);
      const offered = Array.from({ length: Math.floor(next() * 200) }, (_, document) => ({
        document,
        score: Math.floor(next() * 10),
      }));
      const top = new TopK(k);
      for (const { document, score } of [...offered].sort(() => next() - 0.5)) {
        top.offer(document, score);
      }
      const sorted = [...offered].sort((a, b) => b.score - a.score || a.document - b.document);
      expect(top.best()).toEqual(sorted.slice(0, k));
    }
  });
});
