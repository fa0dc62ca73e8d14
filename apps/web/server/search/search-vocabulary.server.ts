/**
 * The words of one language's search index (issue 31), beside its postings: how often each
 * indexed term occurs, for completing the word being typed (the most frequent completions, a
 * bounded number), and how often each word occurs as written (or as an Arabic stem), for
 * correcting a misspelt one (typos.ts). Kept in radix trees (MiniSearch's SearchableMap:
 * prefixes and edit distances); while many documents are added at once, in plain maps, several
 * times faster, made radix trees at the end.
 */
import SearchableMap from "minisearch/SearchableMap";
import { isStopWord, termsOf } from "../../app/shared/search/normalise.ts";
import { mistakes, typosAllowed } from "../../app/shared/search/typos.ts";

/** Completions of the word being typed that a query looks up at most: the most frequent. */
const MAX_COMPLETIONS = 12;
/**
 * Occurrences the completions of a short prefix may add up to: past it a query would score
 * most documents many times over for words the visitor has not finished typing.
 */
const COMPLETION_BUDGET = 20_000;
/**
 * Beginnings whose completions are kept: a short one (two or three letters) has thousands of
 * terms to rank, and visitors type the same beginnings again and again.
 */
const COMPLETIONS_CACHED = 5_000;
/** Corrections of one misspelt word looked up at most: the closest, then the most frequent. */
const MAX_CORRECTIONS = 4;

/** The vocabulary as plain data, saved with the index. */
export interface SavedVocabulary {
  terms: [string, number][];
  words: [string, number][];
}

type Counts = Map<string, number> | SearchableMap<number>;

/** `word` with each pair of neighbouring letters swapped. */
const swapsOf = (word: string) =>
  Array.from(
    { length: word.length - 1 },
    (_, i) => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
  ).filter((swapped) => swapped !== word);

export class Vocabulary {
  /** How often each indexed term occurs. */
  #terms: SearchableMap<number>;
  /** How often each word occurs as written (folded) or as an Arabic stem (never `bridg`). */
  #words: SearchableMap<number>;
  #bulk?: { terms: Map<string, number>; words: Map<string, number> };
  /** Completions of the beginnings asked lately (emptied when a count changes outside bulk). */
  readonly #completed = new Map<string, string[]>();

  constructor(saved?: SavedVocabulary) {
    this.#terms = SearchableMap.from(saved?.terms ?? []);
    this.#words = SearchableMap.from(saved?.words ?? []);
  }

  toJSON(): SavedVocabulary {
    return { terms: [...this.#terms], words: [...this.#words] };
  }

  /** Counts in plain maps until `endBulk`: for adding many documents. */
  startBulk() {
    this.#bulk = { terms: new Map(this.#terms), words: new Map(this.#words) };
  }

  endBulk() {
    if (!this.#bulk) return;
    this.#terms = SearchableMap.from(this.#bulk.terms);
    this.#words = SearchableMap.from(this.#bulk.words);
    this.#bulk = undefined;
  }

  /** Counts one occurrence (or takes one off) of a word's terms: its folded form first. */
  count(terms: readonly string[], by: 1 | -1) {
    const [folded, ...stems] = terms;
    if (folded === undefined) return;
    const add = (map: Counts, term: string) => {
      const count = (map.get(term) ?? 0) + by;
      if (count > 0) map.set(term, count);
      else map.delete(term);
    };
    if (!this.#bulk) this.#completed.clear();
    const counts = this.#bulk ?? { terms: this.#terms, words: this.#words };
    for (const term of terms) add(counts.terms, term);
    add(counts.words, folded);
    // Arabic stems are words too (مشاريع of المشاريع); English stems are not (bridg).
    if (!/^[a-z]/.test(folded)) for (const stem of stems) add(counts.words, stem);
  }

  /** Whether a term is indexed. */
  has(term: string): boolean {
    return this.#terms.has(term);
  }

  /**
   * The indexed terms that begin with `prefix`, the most frequent first, at most
   * MAX_COMPLETIONS and COMPLETION_BUDGET occurrences (but one at least).
   */
  completions(prefix: string): string[] {
    const cached = this.#completed.get(prefix);
    if (cached) return cached;
    const found = [...this.#terms.atPrefix(prefix)].sort((a, b) => b[1] - a[1]);
    const chosen: string[] = [];
    let occurrences = 0;
    for (const [term, count] of found) {
      if (chosen.length === MAX_COMPLETIONS || (chosen.length && occurrences > COMPLETION_BUDGET)) {
        break;
      }
      chosen.push(term);
      occurrences += count;
    }
    if (this.#completed.size >= COMPLETIONS_CACHED) this.#completed.clear();
    this.#completed.set(prefix, chosen);
    return chosen;
  }

  /**
   * The words a misspelt word may have meant: those within the mistakes its length forgives,
   * the closest first, then the most frequent. Looked up for the word as typed and its stems
   * (والمشارع is corrected through مشارع).
   */
  corrections(folded: string): string[] {
    const found = new Map<string, { distance: number; count: number }>();
    for (const form of new Set([folded, ...termsOf(folded)])) {
      const allowed = typosAllowed(form.length);
      if (!allowed || isStopWord(form)) continue;
      // fuzzyGet counts a swap as two edits: the swaps are looked up as words of their own,
      // with one mistake fewer (far cheaper than asking fuzzyGet for twice as many).
      const known = (word: string) => (this.#words.has(word) ? [word] : []);
      const candidates = [
        ...this.#words.fuzzyGet(form, allowed).keys(),
        ...swapsOf(form).flatMap((swapped) =>
          allowed === 1
            ? known(swapped)
            : [...this.#words.fuzzyGet(swapped, 1).keys(), ...swapsOf(swapped).flatMap(known)],
        ),
      ];
      for (const word of candidates) {
        const distance = mistakes(form, word, allowed);
        const before = found.get(word);
        if (distance <= allowed && (!before || before.distance > distance)) {
          found.set(word, { distance, count: this.#words.get(word) ?? 0 });
        }
      }
    }
    return [...found]
      .sort(([, a], [, b]) => a.distance - b.distance || b.count - a.count)
      .slice(0, MAX_CORRECTIONS)
      .map(([word]) => word);
  }
}
