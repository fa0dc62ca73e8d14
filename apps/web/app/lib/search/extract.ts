/**
 * The short extract shown under a search result: a window of the text around the first word
 * the query matched, with every matching word marked. Returned as segments, so the page
 * renders `<mark>` without writing HTML.
 */
import { matches, type QueryTerm, words } from "./normalise.ts";

/** A run of text, marked when it is a word the query matched. */
export interface Segment {
  text: string;
  mark?: true;
}

/** `text` split into segments, the words matching `terms` marked. */
export function marked(text: string, terms: QueryTerm[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const word of words(text)) {
    if (!terms.some((term) => matches(word, term))) continue;
    if (word.start > at) segments.push({ text: text.slice(at, word.start) });
    segments.push({ text: word.text, mark: true });
    at = word.start + word.text.length;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/** Characters of context shown before the first match. */
const LEAD = 60;

/**
 * About `length` characters of `text` around its first match (its beginning when nothing
 * matches), cut at word boundaries, with an ellipsis where it was cut, matches marked.
 */
export function extract(text: string, terms: QueryTerm[], length = 200): Segment[] {
  const all = words(text);
  if (all.length === 0) return [];
  const first = all.findIndex((word) => terms.some((term) => matches(word, term)));
  const anchor = all[Math.max(first, 0)] ?? all[0];
  const from = all.find((word) => word.start >= (anchor?.start ?? 0) - LEAD) ?? all[0];
  const start = first <= 0 ? 0 : (from?.start ?? 0);
  let end = text.length;
  if (end - start > length) {
    const last = all.filter((word) => word.start + word.text.length <= start + length).at(-1);
    end = last ? last.start + last.text.length : start + length;
  }
  const window = marked(text.slice(start, end).trim(), terms);
  return [
    ...(start > 0 ? [{ text: "… " }] : []),
    ...window,
    ...(end < text.length ? [{ text: " …" }] : []),
  ];
}
