/**
 * How many spelling mistakes site search forgives in a word (issue 31), by Meilisearch's rule:
 * none under 5 letters, one from 5, two from 9. A mistake is one letter wrong, missing, extra,
 * or two neighbours swapped (the optimal string alignment distance, Damerau's variant of
 * Levenshtein's), so `brigde` is one mistake from `bridge`, as a person counts it.
 */

/** Letters from which one mistake is forgiven, and from which two are. */
const ONE_TYPO_FROM = 5;
const TWO_TYPOS_FROM = 9;

/** Mistakes forgiven in a word of `length` letters. */
export const typosAllowed = (length: number) =>
  length >= TWO_TYPOS_FROM ? 2 : length >= ONE_TYPO_FROM ? 1 : 0;

/**
 * The optimal string alignment distance between two words, or `max + 1` as soon as it is
 * sure to be more than `max` (the search only asks whether it is at most 1 or 2).
 *
 * @example mistakes("bridge", "brigde", 2) // 1
 */
export function mistakes(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the table: two back (for swaps), the previous, and this one.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length] ?? 0, max + 1);
}
