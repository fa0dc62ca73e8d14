/**
 * The short extract shown under a search result: a window of the text around the first word
 * the query matched, with every matching word marked. Returned as segments, so the page
 * renders `<mark>` without writing HTML.
 */
import { eachWord, matches, type QueryTerm, type Word, words } from "./normalise.ts";

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

/**
 * The text with its blocks' ends (line breaks: a heading's, a paragraph's, a field's) shown:
 * " · " between two blocks, a space after one that ends a sentence itself (a quotation too).
 */
const betweenBlocks = (text: string) =>
  text.replace(/([.!?؟:؛…]["'”’»)\]]*)?\s*\n\s*/gu, (_, stop?: string) =>
    stop ? `${stop} ` : " · ",
  );

/** Characters of context shown before the first match. */
const LEAD = 60;

/**
 * About `length` characters of `text` around its first match (its beginning when nothing
 * matches), cut at word boundaries, with an ellipsis where it was cut, matches marked.
 */
export function extract(text: string, terms: QueryTerm[], length = 200): Segment[] {
  // The words up to the first match (the lead-in is cut from the last of them).
  const before: Word[] = [];
  let first: Word | undefined;
  for (const word of eachWord(text)) {
    if (terms.some((term) => matches(word, term))) {
      first = word;
      break;
    }
    before.push(word);
  }
  const lead = first ? before.find((word) => word.start >= (first?.start ?? 0) - LEAD) : undefined;
  const start = first ? (lead ?? first).start : 0;
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    // Back to the end of the last whole word inside the window.
    const cut = text.slice(start, end + 1).search(/[\p{L}\p{M}\p{N}\u0640]+$/u);
    if (cut > 0) end = start + cut;
  }
  const window = marked(betweenBlocks(text.slice(start, end).trim()), terms);
  if (window.length === 0) return [];
  return [
    ...(start > 0 ? [{ text: "… " }] : []),
    ...window,
    ...(end < text.length ? [{ text: " …" }] : []),
  ];
}
