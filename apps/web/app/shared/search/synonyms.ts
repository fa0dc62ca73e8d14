/**
 * The synonyms of site search (synonyms.json, issue 31): groups of words of one language that
 * find each other, for Arabic broken plurals (مشروع / مشاريع), which no stemmer joins, and
 * names written in more than one way. A query word in a group also matches every form of the
 * group's other words. The company extends the file; README "Site search" says how.
 */

import { foldWord, stemsOf } from "./normalise.ts";
import groups from "./synonyms.json" with { type: "json" };

/** Each term of a group's words → every term of the group (built on first use). */
let byTerm: Map<string, readonly string[]> | undefined;

function synonymTerms(): Map<string, readonly string[]> {
  if (byTerm) return byTerm;
  byTerm = new Map();
  for (const group of [...groups.ar, ...groups.en]) {
    // Each word as written in the file (no prefix), and its first stem: the other stems read
    // a first letter as a prefix (فروع as ف + روع), which would join unrelated words.
    const terms = group.flatMap((word) => {
      const folded = foldWord(word);
      return [folded, ...stemsOf(folded).slice(0, 1)];
    });
    for (const term of terms) {
      byTerm.set(term, [...new Set([...(byTerm.get(term) ?? []), ...terms])]);
    }
  }
  return byTerm;
}

/**
 * A word's terms with those of its synonyms: `مشاريعنا` (terms مشاريعنا, مشاريع) also
 * matches `مشروع` and its forms.
 */
export function withSynonyms(terms: readonly string[]): readonly string[] {
  const table = synonymTerms();
  const found = terms.flatMap((term) => table.get(term) ?? []);
  return found.length ? [...new Set([...terms, ...found])] : terms;
}
