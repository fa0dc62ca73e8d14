import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { seededRandom as random } from "../testing/seeded-random.ts";
import { type IndexedField, Postings, type QueryWord } from "./postings.server.ts";

const BOOSTS = [4, 1, 0.5];
const GROUPS = 4;

interface Doc {
  id: string;
  group: number;
  fields: string[][];
}

/** A corpus over a small vocabulary (many shared words, many equal scores), words by Zipf. */
function corpus(seed: number, count: number, vocabulary = 40) {
  const next = random(seed);
  const word = () => `w${Math.floor(vocabulary ** next()) % vocabulary}`;
  const words = (most: number) => Array.from({ length: Math.floor(next() * most) }, word);
  let serial = 0;
  const make = (): Doc => ({
    id: `d${serial++}`,
    group: Math.floor(next() * GROUPS),
    fields: [words(6), words(40), next() < 0.5 ? [`k${Math.floor(next() * 3)}`] : []],
  });
  const query = (): QueryWord[] =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, () => ({
        term: next() < 0.1 ? `k${Math.floor(next() * 3)}` : word(),
        weight: [1, 0.5, 0.3][Math.floor(next() * 3)] ?? 1,
      })),
    );
  return { docs: Array.from({ length: count }, make), make, query, next };
}

const indexed = (doc: Doc): IndexedField[] =>
  doc.fields.map((words) => {
    const terms = new Map<string, number>();
    for (const word of words) terms.set(word, (terms.get(word) ?? 0) + 1);
    return { terms, length: new Set(words).size };
  });

/** The ranking MiniSearch gave the same query (the ranking LanguageIndex had before). */
function reference(docs: readonly Doc[]) {
  const search = new MiniSearch<Doc>({
    fields: ["title", "text", "kind"],
    extractField: (doc, field) =>
      field === "id"
        ? doc.id
        : (doc.fields[["title", "text", "kind"].indexOf(field)] ?? []).join(" "),
    tokenize: (text) => text.split(" ").filter(Boolean),
  });
  search.addAll(docs);
  return {
    search,
    scores(query: readonly QueryWord[]) {
      const hits = search.search({
        combineWith: "AND",
        queries: query.map((word) => ({
          combineWith: "OR",
          queries: word.map(({ term, weight }) => ({
            queries: [term],
            boost: { title: 4 * weight, text: weight, kind: 0.5 * weight },
          })),
        })),
      });
      return new Map(hits.map((hit) => [String(hit.id), hit.score]));
    },
  };
}

function build(docs: readonly Doc[]) {
  const postings = new Postings(BOOSTS, GROUPS);
  const ids: string[] = [];
  for (const doc of docs) ids[postings.add(indexed(doc), doc.group)] = doc.id;
  return { postings, ids };
}

const everything = { offset: 0, limit: 1_000_000 };

/** Scores equal but for the last bits: sums in another order. */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** `ranked` is `expected` (id → score) ranked: the same documents, scores, best first. */
function expectRanking(
  ranked: { documents: number[]; scores: number[] },
  ids: readonly string[],
  expected: Map<string, number>,
) {
  const found = ranked.documents.map((document) => ids[document] ?? "");
  expect(new Set(found)).toEqual(new Set(expected.keys()));
  ranked.scores.forEach((score, i) => {
    expect(close(score, expected.get(found[i] ?? "") ?? Number.NaN), found[i]).toBe(true);
    if (i > 0) expect(score).toBeLessThanOrEqual(ranked.scores[i - 1] ?? 0);
  });
}

describe("Postings", () => {
  it("ranks as MiniSearch did, and counts every match by group", () => {
    for (const seed of [1, 2, 3]) {
      const { docs, query } = corpus(seed, 300);
      const { postings, ids } = build(docs);
      const expected = reference(docs);
      for (let q = 0; q < 60; q++) {
        const words = query();
        const ranked = postings.rank(words, everything);
        const scores = expected.scores(words);
        expectRanking(ranked, ids, scores);
        const counts = new Uint32Array(GROUPS);
        for (const id of scores.keys()) {
          const group = docs.find((doc) => doc.id === id)?.group ?? 0;
          counts[group] = (counts[group] ?? 0) + 1;
        }
        expect(ranked.counts).toEqual(counts);
      }
    }
  });

  it("gives the top k, a page or a group of the exhaustive ranking", () => {
    const { docs, query, next } = corpus(4, 500);
    const { postings } = build(docs);
    for (let q = 0; q < 100; q++) {
      const words = query();
      const all = postings.rank(words, everything);
      const k = 1 + Math.floor(next() * 15);
      expect(postings.rank(words, { offset: 0, limit: k }).documents).toEqual(
        all.documents.slice(0, k),
      );
      const offset = Math.floor(next() * 30);
      expect(postings.rank(words, { offset, limit: k }).documents).toEqual(
        all.documents.slice(offset, offset + k),
      );
      const group = Math.floor(next() * GROUPS);
      const inGroup = postings.rank(words, { ...everything, group });
      expect(inGroup.documents).toEqual(
        all.documents.filter((document) => docs[document]?.group === group),
      );
      expect(inGroup.counts).toEqual(all.counts);
    }
  });

  it("counts each term once in a document's quality, though two words ask for it", () => {
    const docs: Doc[] = [
      { id: "a", group: 0, fields: [["w1", "w2"], ["w1"], []] },
      { id: "b", group: 1, fields: [[], ["w1", "w3"], []] },
    ];
    const { postings, ids } = build(docs);
    const words: QueryWord[] = [
      [{ term: "w1", weight: 1 }],
      [
        { term: "w2", weight: 0.5 },
        { term: "w1", weight: 0.3 },
      ],
    ];
    expectRanking(postings.rank(words, everything), ids, reference(docs).scores(words));
  });

  it("matches nothing for a word with no known term", () => {
    const { postings } = build(corpus(5, 50).docs);
    const none = postings.rank([[{ term: "w1", weight: 1 }], [{ term: "zz", weight: 1 }]], {
      offset: 0,
      limit: 10,
    });
    expect(none.documents).toEqual([]);
    expect([...none.counts]).toEqual([0, 0, 0, 0]);
  });

  it("ranks the same after documents are removed and added (numbers reused), and once loaded", () => {
    const { docs, make, query, next } = corpus(6, 300);
    const { postings, ids } = build(docs);
    const live = new Map(docs.map((doc, number) => [number, doc]));
    const changed = reference(docs);
    for (let change = 0; change < 200; change++) {
      const numbers = [...live.keys()];
      const number = numbers[Math.floor(next() * numbers.length)] ?? 0;
      const old = live.get(number);
      if (old && next() < 0.7) {
        postings.remove(number, indexed(old));
        changed.search.remove(old);
        live.delete(number);
        ids[number] = "";
      }
      if (next() < 0.6) {
        const doc = make();
        const added = postings.add(indexed(doc), doc.group);
        changed.search.add(doc);
        live.set(added, doc);
        ids[added] = doc.id;
      }
    }
    expect(postings.size).toBe(live.size);
    // Saved: documents numbered again in number order, free numbers left out.
    const kept = [...live.keys()].sort((a, b) => a - b);
    const loaded = new Postings(BOOSTS, GROUPS, JSON.parse(JSON.stringify(postings.toJSON())));
    const loadedIds = kept.map((number) => ids[number] ?? "");
    const fresh = reference(kept.map((number) => live.get(number) as Doc));
    for (let q = 0; q < 60; q++) {
      const words = query();
      const scores = fresh.scores(words);
      expectRanking(postings.rank(words, everything), ids, scores);
      expectRanking(loaded.rank(words, everything), loadedIds, scores);
      // MiniSearch after the same changes (its average lengths drift a little, hence `close`).
      expect(new Set(changed.scores(words).keys())).toEqual(new Set(scores.keys()));
    }
  });
});
