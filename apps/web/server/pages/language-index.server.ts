/**
 * One language's search index (issue 24): MiniSearch over the site's pages, with the ranking
 * (title words weigh more, completions of the word being typed are bounded) and the extracts
 * shown with each result. Building it from the content API is search-index.server.ts's job.
 */
import MiniSearch from "minisearch";
import { extract, marked, type Segment } from "../../app/shared/search/extract.ts";
import { formsOf, type QueryTerm, queryTerms, termsOf } from "../../app/shared/search/normalise.ts";

/** What a result is, shown beside its title. */
export type SearchKind = "news" | "completedProject" | "currentProject" | "service" | "page";

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
  total: number;
  results: SearchResult[];
}

/** A title word weighs this many body words. */
const TITLE_BOOST = 4;

/** Completions of the word being typed that a query looks up at most: the most frequent. */
const MAX_COMPLETIONS = 12;
/**
 * Occurrences the completions of a short prefix may add up to: past it a query would score
 * most documents many times over for words the visitor has not finished typing.
 */
const COMPLETION_BUDGET = 20_000;

/**
 * One language's index and its documents (the text extracts are cut from). `build` makes one
 * without holding the event loop for long; the constructor makes it at once.
 */
export class LanguageIndex {
  readonly #search: MiniSearch<SearchDocument>;
  readonly #documents = new Map<string, SearchDocument>();
  /** How often each term occurs, and the terms in order, for completing a word being typed. */
  readonly #counts = new Map<string, number>();
  #terms: string[] = [];

  constructor(documents: Iterable<SearchDocument> = []) {
    this.#search = new MiniSearch<SearchDocument>({
      idField: "href",
      fields: ["title", "text"],
      // Words are split and folded by normalise.ts, alike for the text and the query.
      tokenize: (text) => text.match(/[\p{L}\p{M}\p{N}\u0640]+/gu) ?? [],
      processTerm: (term) => {
        const terms = termsOf(term);
        for (const each of terms) this.#counts.set(each, (this.#counts.get(each) ?? 0) + 1);
        return terms;
      },
      searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
    });
    this.#search.addAll(this.#unique(documents));
    this.#sortTerms();
  }

  /** An index of `documents`, built in chunks that let other work run in between. */
  static async build(documents: Iterable<SearchDocument>): Promise<LanguageIndex> {
    const index = new LanguageIndex();
    await index.#search.addAllAsync(index.#unique(documents), { chunkSize: 50 });
    index.#sortTerms();
    return index;
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

  #sortTerms() {
    this.#terms = [...this.#counts.keys()].sort();
  }

  get size(): number {
    return this.#documents.size;
  }

  /**
   * The indexed terms that begin with `prefix`, the most frequent first, at most
   * MAX_COMPLETIONS and COMPLETION_BUDGET occurrences (but one at least).
   */
  #completions(prefix: string): string[] {
    let low = 0;
    let high = this.#terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#terms[middle] ?? "") < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < this.#terms.length && this.#terms[i]?.startsWith(prefix); i++) {
      found.push(this.#terms[i] as string);
    }
    const count = (term: string) => this.#counts.get(term) ?? 0;
    const chosen: string[] = [];
    let occurrences = 0;
    for (const term of found.sort((a, b) => count(b) - count(a))) {
      if (chosen.length === MAX_COMPLETIONS || (chosen.length && occurrences > COMPLETION_BUDGET)) {
        break;
      }
      chosen.push(term);
      occurrences += count(term);
    }
    return chosen;
  }

  /** Results `offset` to `offset + limit` for `query`, best first. */
  search(query: string | QueryTerm[], offset = 0, limit = 10): SearchPage {
    const terms = typeof query === "string" ? queryTerms(query) : query;
    if (terms.length === 0) return { total: 0, results: [] };
    const hits = this.#search.search({
      combineWith: "AND",
      queries: terms.map((term) => {
        const forms = formsOf(term);
        const lookups = term.prefix ? forms.flatMap((form) => this.#completions(form)) : forms;
        // Nothing to look up: an empty OR, which matches nothing.
        return { combineWith: "OR", queries: [...new Set(lookups)] };
      }),
      boost: { title: TITLE_BOOST },
    });
    const results = hits.slice(offset, offset + limit).flatMap((hit) => {
      const document = this.#documents.get(String(hit.id));
      if (!document) return [];
      return [
        {
          href: document.href,
          kind: document.kind,
          title: marked(document.title, terms),
          extract: extract(document.text, terms),
        },
      ];
    });
    return { total: hits.length, results };
  }
}
