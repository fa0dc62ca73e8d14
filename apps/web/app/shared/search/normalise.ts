/**
 * How site search compares words, the same way for the text it indexes and the query typed:
 * case and accents folded (`Café` = `cafe`), and Arabic written the way people type it:
 * أ إ آ ٱ as ا, ة as ه, ى as ي, ؤ as و, ئ as ي, Persian ی ک as ي ك, Arabic-Indic digits as
 * 0-9, and without diacritics (harakat, tanwin, shadda, sukun) or tatweel. Stems then let
 * `bridges` find `bridge` and `المشروع` find `مشروع`.
 */
import { stopwords as arabicStopWords } from "@orama/stopwords/arabic";
import { stopwords as englishStopWords } from "@orama/stopwords/english";
import { westernDigits } from "@site/contract/digits";
import { stemmer } from "stemmer";
import { MAX_SEARCH_QUERY } from "../page-table.ts";
import { arabicBeginnings, arabicStems, isArabicWord } from "./arabic-stems.ts";
import { withSynonyms } from "./synonyms.ts";

/**
 * A word of text: letters, digits, and the marks and tatweel written inside Arabic words. A
 * change of script ends a word, so Latin names and numbers written against an Arabic prefix
 * are words of their own (وISO → و, ISO; بـ640 → بـ, 640).
 */
const WORD = /[[\p{sc=Arabic}&&[\p{L}\p{N}]]\p{M}\u0640]+|[[\p{L}\p{M}\p{N}]--\p{sc=Arabic}]+/gv;

/** The words of a text as written, split as the index splits them. */
export const splitWords = (text: string): string[] => text.match(WORD) ?? [];

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
  return westernDigits(word)
    .normalize("NFKD")
    .replace(/[\p{M}\u0640]/gu, "")
    .replace(LETTER, (letter) => LETTERS[letter] ?? letter)
    .toLowerCase();
}

/**
 * The stems of a folded word: English words by Porter's algorithm, Arabic words by light
 * stemming (arabic-stems.ts: prefixes, pronouns and plural endings off, one or two stems);
 * none for others (numbers, other scripts).
 */
export function stemsOf(folded: string): string[] {
  if (/^[a-z]+$/.test(folded)) return [stemmer(folded)];
  return arabicStems(folded);
}

/** A word of a text and where it is, for marking it in an extract. */
export interface Word {
  /** As written. */
  text: string;
  /** Offset in the text (UTF-16 units). */
  start: number;
  folded: string;
  /** The terms the word is indexed under: its folded form and its stems, once each. */
  terms: readonly string[];
}

/** Folded forms and terms of words seen lately: text repeats its words, folding them is slow. */
const seen = new Map<string, { folded: string; terms: readonly string[] }>();
const SEEN_MAX = 200_000;

function formsOfWord(word: string) {
  let forms = seen.get(word);
  if (!forms) {
    const folded = foldWord(word);
    forms = { folded, terms: folded ? [...new Set([folded, ...stemsOf(folded)])] : [] };
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(word, forms);
  }
  return forms;
}

/** The words of a text with their folded forms and terms, lazily (an extract stops early). */
export function* eachWord(text: string): Generator<Word> {
  for (const match of text.matchAll(WORD)) {
    const { folded, terms } = formsOfWord(match[0]);
    if (folded) yield { text: match[0], start: match.index, folded, terms };
  }
}

/** The words of a text with their folded forms and terms. */
export const words = (text: string): Word[] => Array.from(eachWord(text));

/** The terms one word is indexed under: its folded form and its stems (once each). */
export const termsOf = (word: string): readonly string[] => formsOfWord(word).terms;

/**
 * Nouns and ordinals of the maintained Arabic list (drawn from news wires) that name things on
 * this site: "المرحلة الثانية", "إعادة تأهيل", "مقاول عام" must not lose their second word.
 */
const ARABIC_WORDS_KEPT = new Set(
  [
    ...["زيارة", "مليون", "مليار", "عام", "عامة", "نهاية", "اعادة", "قوة", "اطار", "الوقت"],
    ...["اول", "الاول", "الاولى", "الثاني", "الثانية", "الاخيرة", "الماضي", "المقبل", "السابق"],
    ...["واحد", "ثلاثة", "اربعة", "عشر", "عشرة", "اليوم", "يوم", "ايام", "سنة", "سنوات"],
    ...["عاما", "حاليا", "صباح", "مساء"],
  ].map(foldWord),
);

/** Words a query may skip, unless it has nothing else: a maintained list of each language. */
const STOP_WORDS = new Set(
  [...englishStopWords, ...arabicStopWords]
    .map(foldWord)
    .filter((word) => !ARABIC_WORDS_KEPT.has(word)),
);

export const isStopWord = (folded: string) => STOP_WORDS.has(folded);

/** One word of a query as matched. */
export interface QueryTerm {
  /** As typed. */
  text: string;
  /** As typed, folded. */
  folded: string;
  /** Terms matched whole: the word's own, and those of its synonyms (synonyms.ts). */
  forms: readonly string[];
  /** For the last word typed: the beginnings it is completed from (else empty). */
  beginnings: readonly string[];
}

/** Fewest letters a query needs, after folding. */
const MIN_QUERY_LENGTH = 2;
/** Words of a query matched at most (the rest are ignored). */
const MAX_QUERY_WORDS = 10;

/**
 * The words of a query to match, all of them required, stop words skipped unless the query
 * has nothing else. The last one also matches as the beginning of a word (the visitor may
 * still be typing it). Empty when the query is too short.
 */
export function queryTerms(query: string): QueryTerm[] {
  const all = words(query.slice(0, MAX_SEARCH_QUERY));
  if (all.map((word) => word.folded).join("").length < MIN_QUERY_LENGTH) return [];
  const kept = all.filter((word) => !isStopWord(word.folded));
  const chosen = (kept.length ? kept : all).slice(0, MAX_QUERY_WORDS);
  return chosen.map((word, index) => ({
    text: word.text,
    folded: word.folded,
    forms: withSynonyms(word.terms),
    beginnings: index === chosen.length - 1 ? beginningsOf(word.folded) : [],
  }));
}

/** The beginnings a half-typed word is completed from. */
const beginningsOf = (folded: string) =>
  isArabicWord(folded) ? arabicBeginnings(folded) : [folded];

/**
 * Whether a word of a text matches a query term, by the rule the index applies: one of the
 * word's terms is one of the term's forms, or begins with one of its beginnings.
 */
export function matches(word: Word, term: QueryTerm): boolean {
  return word.terms.some(
    (indexed) =>
      term.forms.includes(indexed) ||
      term.beginnings.some((beginning) => indexed.startsWith(beginning)),
  );
}
