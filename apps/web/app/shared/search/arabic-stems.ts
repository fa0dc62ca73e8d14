/**
 * The stems of an Arabic word, for search: Lucene's light10 stemmer (Larkey, Ballesteros and
 * Connell, "Light Stemming for Arabic Information Retrieval", 2007; `ArabicStemmer` in
 * Lucene's analyzers-common) with the affixes issue 31 names, on words already folded by
 * normalise.ts (ة is ه, hamza forms are bare letters).
 *
 * - Prefixes: the article and its compounds (ال وال بال كال فال لل), or one letter of
 *   conjunction or preposition (و ف ب ك ل).
 * - Suffixes: an attached pronoun (ه ها هم هن هما كم كما نا ي ك), then a sound plural, dual or
 *   feminine ending (يات يون يين ات ون ين ان يه ه ي). Before a pronoun the feminine ة is written ت
 *   (شركتنا), so a ت bared by taking a pronoun off is also read as ة.
 * - Guards: nothing is taken off that would leave fewer than three letters (جدة stays جده, not
 *   جد), and nothing is taken off words of other scripts.
 *
 * Light stemming cannot tell a prefix from a root letter (بناء: "building", or ب + ناء? آليتنا,
 * folded اليتنا: "our mechanism", or ال + يتنا?), so a word beginning with a prefix letter, or
 * with the article and four letters or fewer, has two stems, with and without it; the index
 * keeps both and a query matches either, so بناء, البناء and وبناء all meet at بناء, and آلية
 * and آليتنا at الي.
 *
 * Snowball's Arabic stemmer (`@orama/stemmers`, `@nlpjs/lang-ar`) was measured first and
 * left: on folded words it gives خدمات → خدما but خدمه → خدم, بناء → ناء, keeps والمشاريع
 * and جده/بجده apart, so three of the five example pairs would not meet.
 */

/** Article prefixes, longest first (one is taken). */
const ARTICLES = ["وال", "فال", "بال", "كال", "لل", "ال"];
/** One-letter prefixes: conjunctions and prepositions. */
const LETTERS = ["و", "ف", "ب", "ك", "ل"];
/** Attached pronouns, longest first (one is taken). */
const PRONOUNS = ["كما", "هما", "ها", "هم", "هن", "كم", "نا", "ه", "ي", "ك"];
/**
 * Sound plural, dual and feminine endings, longest first (one is taken): those of nisba
 * adjectives and nouns too (ترسية, ترسيات); ي is the plural's ending before a pronoun
 * (مهندسينا: مهندسي + نا).
 */
const ENDINGS = ["يات", "يون", "يين", "ات", "ون", "ين", "ان", "يه", "ه", "ي"];

/** Letters after an article below which the word is also read whole. */
const SHORT_REST = 4;

/** Fewest letters a stem keeps. */
const MIN_STEM = 3;

/** An Arabic word of letters only (after folding). */
const ARABIC_WORD = /^[\u0621-\u064A]+$/;

export const isArabicWord = (folded: string) => ARABIC_WORD.test(folded);

function withoutEnding(word: string, endings: readonly string[]): string | undefined {
  for (const ending of endings) {
    // هندسية: the feminine ending يه, not the pronoun ه (the ending step takes it).
    if (ending === "ه" && endings === PRONOUNS && word.endsWith("يه")) continue;
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) {
      return word.slice(0, -ending.length);
    }
  }
  return undefined;
}

/**
 * A word without its suffixes: a pronoun, then a plural or feminine ending. A ت bared by either
 * may be the word's own (بيتنا → بيت) or an open ta marbuta (شركتنا → شرك, مدرستين → مدرس):
 * both are kept.
 */
function withoutSuffixes(word: string): string[] {
  const stems: string[] = [];
  const bare = withoutEnding(word, PRONOUNS) ?? word;
  for (const stem of openTa(bare, word)) {
    const ended = withoutEnding(stem, ENDINGS) ?? stem;
    stems.push(...(ended === stem ? [stem] : openTa(ended, stem)));
  }
  return stems;
}

/**
 * `stem`, and when a suffix bared its ت, the same without it: the stem of the word with ة
 * (شركت → شرك, as شركه → شرك).
 */
const openTa = (stem: string, before: string) =>
  stem !== before && stem.endsWith("ت") && stem.length > MIN_STEM
    ? [stem, stem.slice(0, -1)]
    : [stem];

/** The word without a prefix, in each way it may be read: as it is, and without a prefix. */
function readings(word: string): string[] {
  const article = ARTICLES.find((prefix) => word.startsWith(prefix));
  if (article && word.length - article.length >= MIN_STEM) {
    const rest = word.slice(article.length);
    // A short rest may be a word beginning with ال (آليتنا, آلية): read both ways.
    return rest.length <= SHORT_REST ? [word, rest] : [rest];
  }
  const letter = LETTERS.find((prefix) => word.startsWith(prefix));
  if (letter && word.length - 1 >= MIN_STEM) return [word, word.slice(1)];
  return [word];
}

/**
 * The stems of a folded Arabic word (one, or two when its first letter may be a prefix);
 * the word itself when nothing can be taken off; empty for words of other scripts.
 *
 * @example arabicStems("والمشاريع") // ["مشاريع"]
 * @example arabicStems("خدمات") // ["خدم"]
 * @example arabicStems("بجده") // ["بجد", "جده"]
 */
export function arabicStems(folded: string): string[] {
  if (!isArabicWord(folded)) return [];
  return [...new Set(readings(folded).flatMap(withoutSuffixes))];
}

/**
 * The beginnings a half-typed Arabic word is completed from: as typed, and without its
 * prefix (بالمشا completes like مشا). Suffixes are not taken off: the word is not finished.
 */
export function arabicBeginnings(folded: string): string[] {
  if (!isArabicWord(folded)) return [folded];
  return [...new Set([folded, ...readings(folded)])];
}
