/**
 * The inverted index under site search (issue 31, item 6): for each term and field, the numbers
 * of the documents it is in and how often, in typed arrays, and the ranking of a query over them.
 *
 * Why not MiniSearch's own: it scores a query by making a Map entry and two objects for every
 * document a word is in, then sorts all of them, and keeps its postings as a Map per term and
 * field; at 100,000 documents a common word or a half-typed one cost 250 ms and the index 700 MB.
 * Here a query adds numbers into arrays indexed by document, counts the kinds of the documents
 * found (exactly: every match is visited, nothing is scored twice) and keeps the best `k` in a
 * heap. Pruning (MaxScore, WAND) was left: the exact counts by kind need every document that
 * matches, and counting them alone is half of what counting and ranking cost; a ranking that
 * stopped early would save a millisecond at most (docs/performance.md).
 *
 * The score is MiniSearch's (7.2), so the relevance set's figures stay: BM25+ (k 1.2, b 0.7,
 * d 0.5) per term and field, a field's length being its distinct words, times the field's and
 * the term's weight, summed, then times the number of distinct terms the document matched.
 */

import { TopK } from "./top-k.ts";

/** BM25+ as MiniSearch has it (k, b and the lower bound d). */
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** One field of a document as indexed: how often each term occurs, and its distinct words. */
export interface IndexedField {
  terms: ReadonlyMap<string, number>;
  length: number;
}

/** A word of a query: it matches a document that has any of its terms, each weighing `weight`. */
export type QueryWord = readonly { term: string; weight: number }[];

export interface Ranked {
  /** The best documents (of the group asked, if one was), from `offset`, best first. */
  documents: number[];
  /** Their scores. */
  scores: number[];
  /** Documents that match, by group (every group, whatever was asked). */
  counts: Uint32Array;
}

/** Postings as saved: per term, per field, document number gaps and counts, interleaved. */
export type SavedPostings = {
  /** Per document (numbered 0 to n - 1, free numbers left out): its group. */
  groups: number[];
  lengths: number[][];
  terms: [term: string, ...fields: number[][]][];
};

/** The documents of one term in one field, ascending, with how often the term occurs in each. */
interface Posting {
  documents: Uint32Array;
  counts: Uint16Array;
  length: number;
}

const posting = (capacity = 4): Posting => ({
  documents: new Uint32Array(capacity),
  counts: new Uint16Array(capacity),
  length: 0,
});

/** Where `document` is in `p`, or where it would go (binary search). */
function find(p: Posting, document: number): number {
  let low = 0;
  let high = p.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((p.documents[middle] ?? 0) < document) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insert(p: Posting, document: number, count: number) {
  if (p.length === p.documents.length) {
    // A quarter more: a common term's posting grown by a refresh's few changes stays near its
    // size (twice would leave half unused until the next build trims it).
    const documents = new Uint32Array(Math.max(4, Math.ceil(p.length * 1.25)));
    const counts = new Uint16Array(documents.length);
    documents.set(p.documents);
    counts.set(p.counts);
    p.documents = documents;
    p.counts = counts;
  }
  // Documents are mostly added in number order: then at the end.
  const at = p.length && (p.documents[p.length - 1] ?? 0) > document ? find(p, document) : p.length;
  if (at < p.length) {
    p.documents.copyWithin(at + 1, at, p.length);
    p.counts.copyWithin(at + 1, at, p.length);
  }
  p.documents[at] = document;
  p.counts[at] = Math.min(count, 0xffff);
  p.length++;
}

function remove(p: Posting, document: number) {
  const at = find(p, document);
  if (at === p.length || p.documents[at] !== document) return;
  p.documents.copyWithin(at, at + 1, p.length);
  p.counts.copyWithin(at, at + 1, p.length);
  p.length--;
}

/** A document's group when its number is free. */
const FREE = 255;

/** Grows a typed array to at least `length`, keeping its contents. */
function grown<T extends Uint8Array | Uint32Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(length, array.length * 2));
  next.set(array);
  return next;
}

/**
 * Documents (numbered by the index, numbers reused once free), their fields' terms, and the
 * ranking. `boosts` weigh each field; `groups` is how many groups documents are counted in.
 */
export class Postings {
  readonly #boosts: readonly number[];
  readonly #groupCount: number;
  readonly #terms = new Map<string, (Posting | undefined)[]>();
  /** Per document: its group, FREE when the number is free. */
  #groups = new Uint8Array(0);
  /** Per field, per document: its length (distinct words). */
  #lengths: Uint32Array[];
  readonly #totalLength: number[];
  #end = 0;
  #size = 0;
  readonly #free: number[] = [];
  /** Per field, per document: BM25's length normalisation, made again after a change. */
  #norms: Float64Array[] | undefined;
  /**
   * A query's figures per document, kept between queries (zero between them: a query sets
   * them back for the documents it touched): its score so far, how many of the words it has
   * matched so far (words are visited in turn), how many distinct terms, and the last term
   * that counted it. `#candidates` lists the documents the first word found, the only ones a
   * query touches.
   */
  #scores = new Float64Array(0);
  #matched = new Uint8Array(0);
  #quality = new Uint16Array(0);
  #seen = new Uint16Array(0);
  #candidates = new Uint32Array(0);

  constructor(boosts: readonly number[], groups: number, saved?: SavedPostings) {
    this.#boosts = boosts;
    this.#groupCount = groups;
    this.#lengths = boosts.map(() => new Uint32Array(0));
    this.#totalLength = boosts.map(() => 0);
    if (saved) this.#load(saved);
  }

  get size(): number {
    return this.#size;
  }

  /** Indexes a document; answers its number. */
  add(fields: readonly IndexedField[], group: number): number {
    const document = this.#free.pop() ?? this.#end++;
    this.#groups = grown(this.#groups, document + 1);
    this.#groups[document] = group;
    fields.forEach((field, f) => {
      const lengths = grown(this.#lengths[f] ?? new Uint32Array(0), document + 1);
      this.#lengths[f] = lengths;
      lengths[document] = field.length;
      this.#totalLength[f] = (this.#totalLength[f] ?? 0) + field.length;
      for (const [term, count] of field.terms) {
        let byField = this.#terms.get(term);
        if (!byField) {
          byField = [];
          this.#terms.set(term, byField);
        }
        const p = byField[f] ?? posting();
        byField[f] = p;
        insert(p, document, count);
      }
    });
    this.#size++;
    this.#norms = undefined;
    return document;
  }

  /** Takes a document out: `fields` as it was added. */
  remove(document: number, fields: readonly IndexedField[]) {
    if (document >= this.#end || this.#groups[document] === FREE) return;
    fields.forEach((field, f) => {
      this.#totalLength[f] = (this.#totalLength[f] ?? 0) - field.length;
      for (const term of field.terms.keys()) {
        const byField = this.#terms.get(term);
        const p = byField?.[f];
        if (!byField || !p) continue;
        remove(p, document);
        if (p.length === 0) byField[f] = undefined;
        if (byField.every((each) => !each)) this.#terms.delete(term);
      }
    });
    this.#groups[document] = FREE;
    this.#free.push(document);
    this.#size--;
    this.#norms = undefined;
  }

  /** Gives back what growing the postings left unused (after adding many documents). */
  trim() {
    for (const byField of this.#terms.values()) {
      for (const p of byField) {
        if (!p || p.documents.length === p.length) continue;
        p.documents = p.documents.slice(0, p.length);
        p.counts = p.counts.slice(0, p.length);
      }
    }
  }

  /** The average lengths and each document's normalisation (k (1 - b + b length / average)). */
  #normalisations(): Float64Array[] {
    if (this.#norms) return this.#norms;
    this.#norms = this.#lengths.map((lengths, f) => {
      const average = this.#size ? (this.#totalLength[f] ?? 0) / this.#size : 0;
      const norms = new Float64Array(this.#end);
      for (let i = 0; i < this.#end; i++) {
        norms[i] = K * (1 - B + (B * (lengths[i] ?? 0)) / (average || 1));
      }
      return norms;
    });
    return this.#norms;
  }

  /**
   * The documents that have every word of `query` (at most 255 words), ranked: the `limit` best
   * from `offset` (of `group`, when asked), and how many match in each group.
   */
  rank(
    query: readonly QueryWord[],
    options: { offset: number; limit: number; group?: number },
  ): Ranked {
    const counts = new Uint32Array(this.#groupCount);
    const words = query.map((word) => word.filter(({ term }) => this.#terms.has(term)));
    if (words.length === 0 || words.some((word) => word.length === 0)) {
      return { documents: [], scores: [], counts };
    }
    // The rarest word first: the others then only add to the documents it found.
    const costs = new Map(
      words.map((word) => [word, word.reduce((sum, { term }) => sum + this.#postingsOf(term), 0)]),
    );
    words.sort((a, b) => (costs.get(a) ?? 0) - (costs.get(b) ?? 0));
    const end = this.#end;
    if (this.#scores.length < end) {
      this.#scores = new Float64Array(end);
      this.#matched = new Uint8Array(end);
      this.#quality = new Uint16Array(end);
      this.#seen = new Uint16Array(end);
      this.#candidates = new Uint32Array(end);
    }
    const scores = this.#scores;
    const matched = this.#matched;
    const quality = this.#quality;
    const seen = this.#seen;
    const candidates = this.#candidates;
    let found = 0;
    const norms = this.#normalisations();
    /** Each distinct term's number (for `seen`), given at its first visit. */
    const numbers = new Map<string, number>();
    words.forEach((word, w) => {
      for (const { term, weight } of word) {
        // A document's quality counts each distinct term once; a document that has a term and
        // is still matching at its first visit is counted then (matching only ever stops).
        const first = !numbers.has(term);
        if (first) numbers.set(term, numbers.size + 1);
        const number = numbers.get(term) ?? 0;
        this.#terms.get(term)?.forEach((p, f) => {
          if (!p) return;
          const idf = Math.log(1 + (this.#size - p.length + 0.5) / (p.length + 0.5));
          const factor = weight * (this.#boosts[f] ?? 1) * idf;
          const norm = norms[f] as Float64Array;
          const { documents, counts: occurrences, length } = p;
          for (let i = 0; i < length; i++) {
            const document = documents[i] as number;
            const was = matched[document] as number;
            if (was < w) continue;
            if (was === w) {
              matched[document] = w + 1;
              if (w === 0) candidates[found++] = document;
            }
            const tf = occurrences[i] as number;
            scores[document] =
              (scores[document] as number) +
              factor * (D + (tf * (K + 1)) / (tf + (norm[document] as number)));
            if (first && seen[document] !== number) {
              seen[document] = number;
              quality[document] = (quality[document] as number) + 1;
            }
          }
        });
      }
    });
    const { offset, limit, group } = options;
    const top = new TopK(offset + limit);
    const all = words.length;
    const groups = this.#groups;
    for (let i = 0; i < found; i++) {
      const document = candidates[i] as number;
      if (matched[document] === all) {
        const of = groups[document] as number;
        counts[of] = (counts[of] as number) + 1;
        if (group === undefined || group === of) {
          top.offer(document, (scores[document] as number) * (quality[document] as number));
        }
      }
      // Zero again for the next query (the top k orders by score then number: the order the
      // candidates come in does not matter).
      scores[document] = 0;
      matched[document] = 0;
      quality[document] = 0;
      seen[document] = 0;
    }
    const best = top.best().slice(offset);
    return {
      documents: best.map((each) => each.document),
      scores: best.map((each) => each.score),
      counts,
    };
  }

  #postingsOf(term: string): number {
    return (this.#terms.get(term) ?? []).reduce((sum, p) => sum + (p?.length ?? 0), 0);
  }

  /**
   * The postings as plain data, the documents numbered again from 0 in their order, free numbers
   * skipped (the caller saves its documents in the same order): the gaps between numbers are
   * small numbers, which save well.
   */
  toJSON(): SavedPostings {
    const renumbered = new Uint32Array(this.#end);
    const kept: number[] = [];
    for (let document = 0; document < this.#end; document++) {
      if (this.#groups[document] === FREE) continue;
      renumbered[document] = kept.length;
      kept.push(document);
    }
    const terms: SavedPostings["terms"] = [];
    for (const [term, byField] of this.#terms) {
      const fields = this.#boosts.map((_, f) => {
        const p = byField[f];
        const flat: number[] = [];
        let last = 0;
        for (let i = 0; p && i < p.length; i++) {
          const document = renumbered[p.documents[i] as number] as number;
          flat.push(document - last, p.counts[i] as number);
          last = document;
        }
        return flat;
      });
      terms.push([term, ...fields]);
    }
    return {
      groups: kept.map((document) => this.#groups[document] as number),
      lengths: this.#lengths.map((lengths) => kept.map((document) => lengths[document] ?? 0)),
      terms,
    };
  }

  #load(saved: SavedPostings) {
    const n = saved.groups.length;
    this.#groups = Uint8Array.from(saved.groups);
    this.#lengths = this.#boosts.map((_, f) => Uint32Array.from(saved.lengths[f] ?? []));
    this.#lengths.forEach((lengths, f) => {
      this.#totalLength[f] = lengths.reduce((sum, length) => sum + length, 0);
    });
    this.#end = n;
    this.#size = n;
    for (const [term, ...fields] of saved.terms) {
      this.#terms.set(
        term,
        fields.map((flat) => {
          if (flat.length === 0) return undefined;
          const p = posting(flat.length / 2);
          let document = 0;
          for (let i = 0; i < flat.length; i += 2) {
            document += flat[i] ?? 0;
            p.documents[p.length] = document;
            p.counts[p.length++] = flat[i + 1] ?? 0;
          }
          return p;
        }),
      );
    }
  }
}
