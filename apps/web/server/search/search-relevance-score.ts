/**
 * How a search's answers to the relevance set (search-relevance-set.ts) are scored: recall@10
 * (the share of a query's pages among its first ten results, averaged over the queries) and
 * MRR (the mean of 1 / the rank of the first page found, 0 when none is). One module for the
 * relevance test (search-relevance.server.test.ts) and the comparison with Pagefind
 * (scripts/bench/pagefind.ts), so both count the same way.
 */
import type { Language } from "@site/contract";
import type { Case, Judgement } from "./search-relevance-set.ts";

/** Results looked at per query. */
export const RELEVANCE_CUTOFF = 10;

/** A query's score. */
export interface Scored {
  query: string;
  what: Case;
  /** Share of the expected pages among the first ten results. */
  recall: number;
  /** 1 / the rank of the first expected page found, 0 when none is in the first ten. */
  reciprocalRank: number;
  /** The expected addresses (with `/{lang}`) not in the first ten results. */
  missing: string[];
}

/**
 * Scores the addresses a search found for `judgement` (`/en/news/9`, best first; only the first
 * ten count) against the addresses it expects, given without `/{lang}`.
 */
export function scoreAnswer(
  lang: Language,
  [query, what, expected]: Judgement,
  answer: readonly string[],
): Scored {
  const found = answer.slice(0, RELEVANCE_CUTOFF);
  const wanted = expected.map((address) => `/${lang}${address}`);
  const hits = wanted.filter((address) => found.includes(address));
  const first = found.findIndex((address) => wanted.includes(address));
  return {
    query,
    what,
    recall: wanted.length ? hits.length / wanted.length : 0,
    reciprocalRank: first === -1 ? 0 : 1 / (first + 1),
    missing: wanted.filter((address) => !found.includes(address)),
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / (values.length || 1);

/** Recall@10 and MRR of some scored queries. */
export interface Summary {
  queries: number;
  recall: number;
  mrr: number;
}

export const summary = (scored: readonly Scored[]): Summary => ({
  queries: scored.length,
  recall: mean(scored.map((s) => s.recall)),
  mrr: mean(scored.map((s) => s.reciprocalRank)),
});

/** The summary of each case of the set, in the order the cases first come. */
export function summaryByCase(scored: readonly Scored[]): (Summary & { what: Case })[] {
  const cases = [...new Set(scored.map((s) => s.what))];
  return cases.map((what) => ({ what, ...summary(scored.filter((s) => s.what === what)) }));
}
