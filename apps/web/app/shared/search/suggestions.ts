/**
 * What `/{lang}/search/suggest?q=` answers (routes/search-suggest.ts) and the search field's
 * island shows (islands/search-combobox.tsx): the first results of a query, grouped by kind in
 * the order their best result ranks, each with its title, its matched words marked.
 */
import type { Segment } from "./extract.ts";
import type { KindFilter } from "./kinds.ts";

/** Results suggested at most. */
export const MAX_SUGGESTIONS = 6;

export interface Suggestion {
  href: string;
  title: Segment[];
}

export interface Suggestions {
  query: string;
  groups: { kind: KindFilter; results: Suggestion[] }[];
}

/** Results, best first, grouped by kind: a group where its best result ranks. */
export function groupByKind(
  query: string,
  results: readonly (Suggestion & { kind: KindFilter })[],
): Suggestions {
  const groups = new Map<KindFilter, Suggestion[]>();
  for (const { kind, href, title } of results.slice(0, MAX_SUGGESTIONS)) {
    const group = groups.get(kind) ?? [];
    group.push({ href, title });
    groups.set(kind, group);
  }
  return { query, groups: [...groups].map(([kind, grouped]) => ({ kind, results: grouped })) };
}
