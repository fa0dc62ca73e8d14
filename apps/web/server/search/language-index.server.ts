/**
 * One language's search index (issues 24 and 31): MiniSearch over the site's pages, with the
 * ranking (title words weigh more; a word as typed above its stems and synonyms, those above
 * completions of the word being typed, those above spelling corrections), the corrections
 * themselves (typos.ts), the counts by kind, and the extracts shown with each result.
 * Building it from the content API is search-index.server.ts's job.
 */
import MiniSearch, { type AsPlainObject, type Options, type Query } from "minisearch";
import { extract, marked, type Segment } from "../../app/shared/search/extract.ts";
import {
  filterOf,
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
  documents: SearchDocument[];
  search: AsPlainObject;
}

/** A title word weighs this many body words. */
const TITLE_BOOST = 4;
/** A word naming the result's kind (kinds.ts) weighs this many body words. */
const KIND_BOOST = 0.5;
/** What a match weighs, by how the word was found (1 for the word as typed). */
const WEIGHT = { stem: 1, completion: 0.5, correction: 0.3 } as const;

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
  /** How often each term and word occurs: completions and corrections. */
  #vocabulary = new Vocabulary();
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
        this.#vocabulary.count(terms, this.#removing ? -1 : 1);
        return [...terms];
      },
      searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
    };
    if (saved) {
      this.#search = MiniSearch.loadJS(saved.search, options);
      for (const document of saved.documents) this.#documents.set(document.href, document);
      this.#vocabulary = new Vocabulary(saved);
      return;
    }
    this.#search = new MiniSearch<SearchDocument>(options);
    this.#vocabulary.startBulk();
    this.#search.addAll(this.#unique(documents));
    this.#vocabulary.endBulk();
  }

  /** An index of `documents`, built in chunks that let other work run in between. */
  static async build(documents: Iterable<SearchDocument>): Promise<LanguageIndex> {
    const index = new LanguageIndex();
    index.#vocabulary.startBulk();
    await index.#search.addAllAsync(index.#unique(documents), { chunkSize: 50 });
    index.#vocabulary.endBulk();
    return index;
  }

  /** The index as plain data, to be saved and loaded by another process (`load`). */
  toJSON(): SavedIndex {
    return {
      documents: [...this.#documents.values()],
      search: this.#search.toJSON(),
      ...this.#vocabulary.toJSON(),
    };
  }

  /** An index saved by `toJSON`, without indexing its documents again. */
  static load(saved: SavedIndex): LanguageIndex {
    return new LanguageIndex([], saved);
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
    this.#documents.set(document.href, document);
    this.#search.add(document);
  }

  /** Removes the document at `href`, if indexed. */
  remove(href: string): void {
    const old = this.#documents.get(href);
    if (!old) return;
    this.#removing = true;
    try {
      this.#search.remove(old);
    } finally {
      this.#removing = false;
    }
    this.#documents.delete(href);
  }

  #boost = (weight: number) => ({
    title: TITLE_BOOST * weight,
    text: weight,
    kind: KIND_BOOST * weight,
  });

  /** What one query word looks up, by weight; corrected when nothing matches as typed. */
  #resolve(term: QueryTerm): ResolvedTerm {
    const [folded, ...others] = term.forms;
    const known = (form: string) => this.#vocabulary.has(form);
    const exact = folded !== undefined && known(folded) ? [folded] : [];
    const stems = others.filter(known);
    const completions = [
      ...new Set(term.beginnings.flatMap((beginning) => this.#vocabulary.completions(beginning))),
    ].filter((form) => !exact.includes(form) && !stems.includes(form));
    const queries: Query[] = [];
    if (exact.length) queries.push({ queries: exact, boost: this.#boost(1) });
    if (stems.length) queries.push({ queries: stems, boost: this.#boost(WEIGHT.stem) });
    if (completions.length) {
      queries.push({ queries: completions, boost: this.#boost(WEIGHT.completion) });
    }
    if (queries.length) return { term, query: { combineWith: "OR", queries } };
    const corrections = this.#vocabulary.corrections(term.folded);
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
