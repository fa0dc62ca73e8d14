/**
 * One language's search index (issues 24 and 31): the site's pages in an inverted index
 * (postings.server.ts), with the ranking (title words weigh more; a word as typed above its
 * stems and synonyms, those above completions of the word being typed, those above spelling
 * corrections), the corrections themselves (typos.ts), the counts by kind, and the extracts
 * shown with each result.
 * Building it from the content API is search-index.server.ts's job.
 */
import { extract, marked, type Segment } from "../../app/shared/search/extract.ts";
import {
  filterOf,
  KIND_FILTERS,
  KIND_WORDS,
  type KindFilter,
  type SearchKind,
} from "../../app/shared/search/kinds.ts";
import {
  type QueryTerm,
  queryTerms,
  splitWords,
  termsOf,
} from "../../app/shared/search/normalise.ts";
import {
  type IndexedField,
  Postings,
  type QueryWord,
  type SavedPostings,
} from "./postings.server.ts";
import { type SavedVocabulary, Vocabulary } from "./search-vocabulary.server.ts";

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
export interface SavedIndex extends SavedVocabulary {
  /** In the order of the postings' document numbers. */
  documents: SearchDocument[];
  postings: SavedPostings;
}

/**
 * What a word weighs in each field (fieldTexts): a title word 4 body words, a word naming the
 * result's kind (kinds.ts) half of one.
 */
const BOOSTS = [4, 1, 0.5];
/** What a match weighs, by how the word was found (1 for the word as typed). */
const WEIGHT = { stem: 1, completion: 0.5, correction: 0.3 } as const;

/** A query word as the index reads it: what to look up, and whether it was corrected. */
interface ResolvedTerm {
  term: QueryTerm;
  query: QueryWord;
  /** The word the misspelt one was read as, when it was. */
  correction?: string;
}

/** The fields of a document indexed: its title, its text, the names of its kind (kinds.ts). */
const fieldTexts = (document: SearchDocument) => [
  document.title,
  document.text,
  KIND_WORDS[document.kind],
];

/**
 * One language's index and its documents (the text extracts are cut from). `build` makes one
 * without holding the event loop for long; the constructor makes it at once.
 */
export class LanguageIndex {
  readonly #postings: Postings;
  /** The documents by their number in the postings (undefined: a number free). */
  readonly #byNumber: (SearchDocument | undefined)[] = [];
  readonly #numbers = new Map<string, number>();
  /** How often each term and word occurs: completions and corrections. */
  #vocabulary = new Vocabulary();

  constructor(documents: Iterable<SearchDocument> = [], saved?: SavedIndex) {
    this.#postings = new Postings(BOOSTS, KIND_FILTERS.length, saved?.postings);
    if (saved) {
      saved.documents.forEach((document, number) => {
        this.#byNumber[number] = document;
        this.#numbers.set(document.href, number);
      });
      this.#vocabulary = new Vocabulary(saved);
      return;
    }
    const adding = this.#addAll(documents);
    while (!adding.next().done);
  }

  /** An index of `documents`, built in chunks that let other work run in between. */
  static async build(documents: Iterable<SearchDocument>): Promise<LanguageIndex> {
    const index = new LanguageIndex();
    for (const _chunk of index.#addAll(documents)) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    return index;
  }

  /** Indexes `documents` in bulk, pausing (a yield) after every 50 of them. */
  *#addAll(documents: Iterable<SearchDocument>): Generator<void> {
    this.#vocabulary.startBulk();
    let added = 0;
    for (const document of documents) {
      this.#add(document);
      if (++added % 50 === 0) yield;
    }
    this.#vocabulary.endBulk();
    this.#postings.trim();
  }

  /** The index as plain data, to be saved and loaded by another process (`load`). */
  toJSON(): SavedIndex {
    return {
      documents: [...this.documents()],
      postings: this.#postings.toJSON(),
      ...this.#vocabulary.toJSON(),
    };
  }

  /** An index saved by `toJSON`, without indexing its documents again. */
  static load(saved: SavedIndex): LanguageIndex {
    return new LanguageIndex([], saved);
  }

  /** A document's fields as indexed, its words counted (`by` 1) or counted off (-1). */
  #fields(document: SearchDocument, by: 1 | -1): IndexedField[] {
    return fieldTexts(document).map((text) => {
      const words = splitWords(text);
      const terms = new Map<string, number>();
      for (const word of words) {
        const forms = termsOf(word);
        this.#vocabulary.count(forms, by);
        for (const term of forms) terms.set(term, (terms.get(term) ?? 0) + 1);
      }
      // A field's length is its distinct words as written (MiniSearch's measure, kept).
      return { terms, length: new Set(words).size };
    });
  }

  /** Indexes a document, unless one at its address is. */
  #add(document: SearchDocument) {
    if (this.#numbers.has(document.href)) return;
    const group = KIND_FILTERS.indexOf(filterOf(document.kind));
    const number = this.#postings.add(this.#fields(document, 1), group);
    this.#byNumber[number] = document;
    this.#numbers.set(document.href, number);
  }

  get size(): number {
    return this.#numbers.size;
  }

  /** The documents, as indexed. */
  *documents(): IterableIterator<SearchDocument> {
    for (const document of this.#byNumber) if (document) yield document;
  }

  /** The document at `href`, if indexed. */
  get(href: string): SearchDocument | undefined {
    const number = this.#numbers.get(href);
    return number === undefined ? undefined : this.#byNumber[number];
  }

  /** Adds a document, or replaces the one at its address. */
  put(document: SearchDocument): void {
    this.remove(document.href);
    this.#add(document);
  }

  /** Removes the document at `href`, if indexed. */
  remove(href: string): void {
    const number = this.#numbers.get(href);
    if (number === undefined) return;
    const old = this.#byNumber[number];
    if (!old) return;
    this.#postings.remove(number, this.#fields(old, -1));
    this.#byNumber[number] = undefined;
    this.#numbers.delete(href);
  }

  /** What one query word looks up, by weight; corrected when nothing matches as typed. */
  #resolve(term: QueryTerm): ResolvedTerm {
    const [folded, ...others] = term.forms;
    const known = (form: string) => this.#vocabulary.has(form);
    const exact = folded !== undefined && known(folded) ? [folded] : [];
    const stems = others.filter(known);
    const completions = [
      ...new Set(term.beginnings.flatMap((beginning) => this.#vocabulary.completions(beginning))),
    ].filter((form) => !exact.includes(form) && !stems.includes(form));
    const weighing = (weight: number) => (term: string) => ({ term, weight });
    const query = [
      ...exact.map(weighing(1)),
      ...stems.map(weighing(WEIGHT.stem)),
      ...completions.map(weighing(WEIGHT.completion)),
    ];
    if (query.length) return { term, query };
    const corrections = this.#vocabulary.corrections(term.folded);
    const lookups = [...new Set(corrections.flatMap(termsOf))];
    return {
      term: { ...term, forms: lookups, beginnings: [] },
      correction: corrections[0],
      // Nothing to look up: a word that matches nothing.
      query: lookups.map(weighing(WEIGHT.correction)),
    };
  }

  /** Results `offset` to `offset + limit` for `query` (of one kind, if asked), best first. */
  search(query: string | QueryTerm[], options: SearchOptions = {}): SearchPage {
    const { offset = 0, limit = 10, kind, extracts = true } = options;
    const counts: Record<KindFilter, number> = { news: 0, projects: 0, services: 0, pages: 0 };
    const terms = typeof query === "string" ? queryTerms(query) : query;
    if (terms.length === 0) return { total: 0, counts, results: [] };
    const resolved = terms.map((term) => this.#resolve(term));
    const ranked = this.#postings.rank(
      resolved.map((each) => each.query),
      { offset, limit, ...(kind && { group: KIND_FILTERS.indexOf(kind) }) },
    );
    KIND_FILTERS.forEach((filter, group) => {
      counts[filter] = ranked.counts[group] ?? 0;
    });
    const used = resolved.map((each) => each.term);
    const results = ranked.documents.flatMap((number) => {
      const document = this.#byNumber[number];
      if (!document) return [];
      return {
        href: document.href,
        kind: document.kind,
        title: marked(document.title, used),
        extract: extracts ? extract(document.text, used) : [],
      };
    });
    const found = KIND_FILTERS.reduce((sum, filter) => sum + counts[filter], 0);
    const corrected = found > 0 && resolved.some((each) => each.correction);
    return {
      total: kind ? counts[kind] : found,
      counts,
      results,
      ...(corrected && {
        correctedQuery: resolved.map((each) => each.correction ?? each.term.text).join(" "),
      }),
    };
  }
}
