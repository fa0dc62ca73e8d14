/**
 * How site search compares words, the same way for the text it indexes and the query typed:
 * case and accents folded (`Café` = `cafe`), and Arabic written the way people type it:
 * أ إ آ ٱ as ا, ة as ه, ى as ي, ؤ as و, ئ as ي, Persian ی ک as ي ك, Arabic-Indic digits as
 * 0-9, and without diacritics (harakat, tanwin, shadda, sukun) or tatweel. Stems then let
 * `bridges` find `bridge` and `المشروع` find `مشروع`.
 */
import { stemmer } from "stemmer";

/** A word of text: letters, digits, and the marks and tatweel written inside Arabic words. */
const WORD = /[\p{L}\p{M}\p{N}\u0640]+/gu;

/** Letters NFKD leaves alone that people write interchangeably with another. */
const LETTERS: Record<string, string> = {
  "\u0629": "\u0647", // ة → ه
  "\u0649": "\u064A", // ى → ي
  "\u0671": "\u0627", // ٱ → ا
  "\u06CC": "\u064A", // ی → ي
  "\u06A9": "\u0643", // ک → ك
  "\u06C0": "\u0647", // ۀ → ه
};
const LETTER = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/**
 * One word folded: NFKD splits Latin accents off their letters and hamza and madda off alef,
 * waw and ya (أ → ا + hamza), so removing every combining mark folds both scripts at once.
 *
 * @example foldWord("تسلّم") // "تسلم"
 * @example foldWord("Café") // "cafe"
 */
export function foldWord(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/[\p{M}\u0640]/gu, "")
    .replace(LETTER, (letter) => LETTERS[letter] ?? letter)
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .toLowerCase();
}

/** Arabic prefixes of the definite article, alone or after a conjunction or preposition. */
const ARTICLE = /^(?:[وفبك]?ال|لل)/;

/**
 * The stem of a folded word: English words by Porter's algorithm, Arabic words without the
 * definite article (when three letters or more remain); others as they are.
 */
export function stemWord(folded: string): string {
  if (/^[a-z]+$/.test(folded)) return stemmer(folded);
  if (/^[\u0621-\u064A]+$/.test(folded)) {
    const bare = folded.replace(ARTICLE, "");
    return bare.length >= 3 ? bare : folded;
  }
  return folded;
}

/** A word of a text and where it is, for marking it in an extract. */
export interface Word {
  /** As written. */
  text: string;
  /** Offset in the text (UTF-16 units). */
  start: number;
  folded: string;
  stem: string;
}

/** Folded forms and stems of words seen lately: text repeats its words, folding them is slow. */
const seen = new Map<string, { folded: string; stem: string }>();
const SEEN_MAX = 200_000;

function formsOfWord(word: string) {
  let forms = seen.get(word);
  if (!forms) {
    const folded = foldWord(word);
    forms = { folded, stem: stemWord(folded) };
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(word, forms);
  }
  return forms;
}

/** The words of a text with their folded forms and stems, lazily (an extract stops early). */
export function* eachWord(text: string): Generator<Word> {
  for (const match of text.matchAll(WORD)) {
    const { folded, stem } = formsOfWord(match[0]);
    if (folded) yield { text: match[0], start: match.index, folded, stem };
  }
}

/** The words of a text with their folded forms and stems. */
export const words = (text: string): Word[] => Array.from(eachWord(text));

/** The terms one word is indexed under: its folded form and its stem (once if the same). */
export function termsOf(word: string): string[] {
  const { folded, stem } = formsOfWord(word);
  if (!folded) return [];
  return stem === folded ? [folded] : [folded, stem];
}

/** Small English words a query may skip, unless it has nothing else. */
const STOP_WORDS = new Set(
  "a an and are as at be by for from in is it of on or the to with".split(" "),
);

/** One word of a query as matched: by stem, or for the last word typed, also as a prefix. */
export interface QueryTerm {
  folded: string;
  stem: string;
  prefix: boolean;
}

/** Fewest letters a query needs, after folding. */
export const MIN_QUERY_LENGTH = 2;

/**
 * The words of a query to match, all of them required. The last one also matches as the
 * beginning of a word (the visitor may still be typing it). Empty when the query is too short.
 */
export function queryTerms(query: string): QueryTerm[] {
  const all = words(query.slice(0, 200));
  if (all.map((word) => word.folded).join("").length < MIN_QUERY_LENGTH) return [];
  const kept = all.filter((word) => !STOP_WORDS.has(word.folded));
  const chosen = (kept.length ? kept : all).slice(0, 10);
  return chosen.map((word, index) => ({
    folded: word.folded,
    stem: word.stem,
    prefix: index === chosen.length - 1,
  }));
}

/** The forms a query term is looked up by: its stem and its folded form. */
export const formsOf = (term: QueryTerm) =>
  term.stem === term.folded ? [term.stem] : [term.stem, term.folded];

/**
 * Whether a word of a text matches a query term, by the rule the index applies: one of the
 * term's forms equals (or, for the last word, begins) one of the word's.
 */
export function matches(word: Word, term: QueryTerm): boolean {
  return formsOf(term).some((form) =>
    [word.folded, word.stem].some((indexed) =>
      term.prefix ? indexed.startsWith(form) : indexed === form,
    ),
  );
}
