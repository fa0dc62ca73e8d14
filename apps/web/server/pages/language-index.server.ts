/**
 * One language's search index (issues 24 and 31): MiniSearch over the site's pages, with the
 * ranking (title words weigh more; a word as typed above its stems and synonyms, those above
 * completions of the word being typed, those above spelling corrections), the corrections
 * themselves (typos.ts), the counts by kind, and the extracts shown with each result.
 * Building it from the content API is search-index.server.ts's job.
 */
import MiniSearch, { type AsPlainObject, type Options, type Query } from "minisearch";
import SearchableMap from "minisearch/SearchableMap";
import { extract, marked, type Segment } from "../../app/shared/search/extract.ts";
import {
  filterOf,
  KIND_WORDS,
  type KindFilter,
  type SearchKind,
} from "../../app/shared/search/kinds.ts";
import {
  isStopWord,
  type QueryTerm,
  queryTerms,
  splitWords,
  termsOf,
} from "../../app/shared/search/normalise.ts";
import { mistakes, typosAllowed } from "../../app/shared/search/typos.ts";

export type { SearchKind };

/** One searchable page of the site in one language. */
export interface SearchDocument {
  /** The page's address, also its id in the index. */
  href: string;
  kind: SearchKind;
  title: string;
  /** Plain text of the page (tags stripped). */
  text: string;
}

export interface SearchResult {
  href: string;
  kind: SearchKind;
  title: Segment[];
  extract: Segment[];
}

export interface SearchPage {
  /** Results of the kind asked (of every kind when none was). */
  total: number;
  /** Results of each kind, whatever kind was asked. */
  counts: Record<KindFilter, number>;
  results: SearchResult[];
  /**
   * The query as it was read when some of its words matched only once their spelling was
   * corrected: those words replaced by their corrections ("Showing results for ...").
   */
  correctedQuery?: string;
}

export interface SearchOptions {
  offset?: number;
  limit?: number;
  kind?: KindFilter;
  /** Whether to cut extracts (suggestions show titles only). */
  extracts?: boolean;
}

/** An index as plain data (LanguageIndex.toJSON), for another process to load. */
export interface SavedIndex {
  documents: SearchDocument[];
  search: AsPlainObject;
  terms: [string, number][];
  words: [string, number][];
}

/** A title word weighs this many body words. */
const TITLE_BOOST = 4;
/** A word naming the result's kind (kinds.ts) weighs this many body words. */
const KIND_BOOST = 0.5;
/** What a match weighs, by how the word was found (1 for the word as typed). */
const WEIGHT = { stem: 1, completion: 0.5, correction: 0.3 } as const;

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

/** `word` with each pair of neighbouring letters swapped. */
const swapsOf = (word: string) =>
  Array.from(
    { length: word.length - 1 },
    (_, i) => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
  ).filter((swapped) => swapped !== word);

/** A query word as the index reads it: what to look up, and whether it was corrected. */
interface ResolvedTerm {
  term: QueryTerm;
  query: Query;
  /** The word the misspelt one was read as, when it was. */
  correction?: string;
}

/**
 * One language's index and its documents (the text extracts are cut from). `build` makes one
 * without holding the event loop for long; the constructor makes it at once.
 */
export class LanguageIndex {
  readonly #search: MiniSearch<SearchDocument>;
  readonly #documents = new Map<string, SearchDocument>();
  /** How often each indexed term occurs, for completing a word being typed. */
  #terms = new SearchableMap<number>();
  /**
   * How often each word occurs as written (folded) or as an Arabic stem: what a misspelt word
   * is corrected to (never to an English stem such as `bridg`).
   */
  #words = new SearchableMap<number>();
  /**
   * While many documents are added at once: the counts, in plain maps (a radix tree's
   * updates are several times slower), made radix trees at the end.
   */
  #bulk?: { terms: Map<string, number>; words: Map<string, number> };
  /** Completions of the beginnings asked lately (emptied when a document changes). */
  readonly #completed = new Map<string, string[]>();
  /** While a document is removed: MiniSearch reads its words again, to be counted off. */
  #removing = false;

  constructor(documents: Iterable<SearchDocument> = [], saved?: SavedIndex) {
    const options: Options<SearchDocument> = {
      idField: "href",
      fields: ["title", "text", "kind"],
      extractField: (document, field) =>
        field === "kind"
          ? KIND_WORDS[document.kind]
          : String(document[field as keyof SearchDocument] ?? ""),
      // Words are split and folded by normalise.ts, alike for the text and the query.
      tokenize: splitWords,
      processTerm: (term) => {
        const terms = termsOf(term);
        this.#count(terms, this.#removing ? -1 : 1);
        return [...terms];
      },
      searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
    };
    if (saved) {
      this.#search = MiniSearch.loadJS(saved.search, options);
      for (const document of saved.documents) this.#documents.set(document.href, document);
      this.#terms = SearchableMap.from(saved.terms);
      this.#words = SearchableMap.from(saved.words);
      return;
    }
    this.#search = new MiniSearch<SearchDocument>(options);
    this.#startBulk();
    this.#search.addAll(this.#unique(documents));
    this.#endBulk();
  }

  /** An index of `documents`, built in chunks that let other work run in between. */
  static async build(documents: Iterable<SearchDocument>): Promise<LanguageIndex> {
    const index = new LanguageIndex();
    index.#startBulk();
    await index.#search.addAllAsync(index.#unique(documents), { chunkSize: 50 });
    index.#endBulk();
    return index;
  }

  #startBulk() {
    this.#bulk = { terms: new Map(this.#terms), words: new Map(this.#words) };
  }

  #endBulk() {
    if (!this.#bulk) return;
    this.#terms = SearchableMap.from(this.#bulk.terms);
    this.#words = SearchableMap.from(this.#bulk.words);
    this.#bulk = undefined;
  }

  /** The index as plain data, to be saved and loaded by another process (`load`). */
  toJSON(): SavedIndex {
    return {
      documents: [...this.#documents.values()],
      search: this.#search.toJSON(),
      terms: [...this.#terms],
      words: [...this.#words],
    };
  }

  /** An index saved by `toJSON`, without indexing its documents again. */
  static load(saved: SavedIndex): LanguageIndex {
    return new LanguageIndex([], saved);
  }

  #count(terms: readonly string[], by: 1 | -1) {
    const [folded, ...stems] = terms;
    if (folded === undefined) return;
    const add = (map: Map<string, number> | SearchableMap<number>, term: string) => {
      const count = (map.get(term) ?? 0) + by;
      if (count > 0) map.set(term, count);
      else map.delete(term);
    };
    const counts = this.#bulk ?? { terms: this.#terms, words: this.#words };
    for (const term of terms) add(counts.terms, term);
    add(counts.words, folded);
    // Arabic stems are words too (مشاريع of المشاريع); English stems are not (bridg).
    if (!/^[a-z]/.test(folded)) for (const stem of stems) add(counts.words, stem);
  }

  #unique(documents: Iterable<SearchDocument>): SearchDocument[] {
    const unique: SearchDocument[] = [];
    for (const document of documents) {
      if (this.#documents.has(document.href)) continue;
      this.#documents.set(document.href, document);
      unique.push(document);
    }
    return unique;
  }

  get size(): number {
    return this.#documents.size;
  }

  /** The documents, as indexed. */
  documents(): IterableIterator<SearchDocument> {
    return this.#documents.values();
  }

  /** The document at `href`, if indexed. */
  get(href: string): SearchDocument | undefined {
    return this.#documents.get(href);
  }

  /** Adds a document, or replaces the one at its address. */
  put(document: SearchDocument): void {
    this.remove(document.href);
    this.#completed.clear();
    this.#documents.set(document.href, document);
    this.#search.add(document);
  }

  /** Removes the document at `href`, if indexed. */
  remove(href: string): void {
    const old = this.#documents.get(href);
    if (!old) return;
    this.#completed.clear();
    this.#removing = true;
    try {
      this.#search.remove(old);
    } finally {
      this.#removing = false;
    }
    this.#documents.delete(href);
  }

  /**
   * The indexed terms that begin with `prefix`, the most frequent first, at most
   * MAX_COMPLETIONS and COMPLETION_BUDGET occurrences (but one at least).
   */
  #completions(prefix: string): string[] {
    const cached = this.#completed.get(prefix);
    if (cached) return cached;
    const chosen = this.#complete(prefix);
    if (this.#completed.size >= COMPLETIONS_CACHED) this.#completed.clear();
    this.#completed.set(prefix, chosen);
    return chosen;
  }

  #complete(prefix: string): string[] {
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
    return chosen;
  }

  /**
   * The words a misspelt word may have meant: those within the mistakes its length forgives,
   * the closest first, then the most frequent. Looked up for the word as typed and its stems
   * (والمشارع is corrected through مشارع).
   */
  #corrections(term: QueryTerm): string[] {
    const found = new Map<string, { distance: number; count: number }>();
    for (const form of new Set([term.folded, ...termsOf(term.folded)])) {
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

  #boost = (weight: number) => ({
    title: TITLE_BOOST * weight,
    text: weight,
    kind: KIND_BOOST * weight,
  });

  /** What one query word looks up, by weight; corrected when nothing matches as typed. */
  #resolve(term: QueryTerm): ResolvedTerm {
    const [folded, ...others] = term.forms;
    const known = (form: string) => this.#terms.has(form);
    const exact = folded !== undefined && known(folded) ? [folded] : [];
    const stems = others.filter(known);
    const completions = [
      ...new Set(term.beginnings.flatMap((beginning) => this.#completions(beginning))),
    ].filter((form) => !exact.includes(form) && !stems.includes(form));
    const queries: Query[] = [];
    if (exact.length) queries.push({ queries: exact, boost: this.#boost(1) });
    if (stems.length) queries.push({ queries: stems, boost: this.#boost(WEIGHT.stem) });
    if (completions.length) {
      queries.push({ queries: completions, boost: this.#boost(WEIGHT.completion) });
    }
    if (queries.length) return { term, query: { combineWith: "OR", queries } };
    const corrections = this.#corrections(term);
    const lookups = [...new Set(corrections.flatMap(termsOf))];
    return {
      term: { ...term, forms: lookups, beginnings: [] },
      correction: corrections[0],
      // Nothing to look up: an empty OR, which matches nothing.
      query: { combineWith: "OR", queries: lookups, boost: this.#boost(WEIGHT.correction) },
    };
  }

  /** Results `offset` to `offset + limit` for `query` (of one kind, if asked), best first. */
  search(query: string | QueryTerm[], options: SearchOptions = {}): SearchPage {
    const { offset = 0, limit = 10, kind, extracts = true } = options;
    const counts: Record<KindFilter, number> = { news: 0, projects: 0, services: 0, pages: 0 };
    const terms = typeof query === "string" ? queryTerms(query) : query;
    if (terms.length === 0) return { total: 0, counts, results: [] };
    const resolved = terms.map((term) => this.#resolve(term));
    const hits = this.#search.search({
      combineWith: "AND",
      queries: resolved.map((each) => each.query),
    });
    const chosen = [];
    for (const hit of hits) {
      const document = this.#documents.get(String(hit.id));
      if (!document) continue;
      const filter = filterOf(document.kind);
      counts[filter]++;
      if (!kind || kind === filter) chosen.push(document);
    }
    const used = resolved.map((each) => each.term);
    const results = chosen.slice(offset, offset + limit).map((document) => ({
      href: document.href,
      kind: document.kind,
      title: marked(document.title, used),
      extract: extracts ? extract(document.text, used) : [],
    }));
    const corrected = hits.length > 0 && resolved.some((each) => each.correction);
    return {
      total: chosen.length,
      counts,
      results,
      ...(corrected && {
        correctedQuery: resolved.map((each) => each.correction ?? each.term.text).join(" "),
      }),
    };
  }
}
