/** Small text helpers shared by pages and the SEO tags. */
import { isoDateTime } from "@site/contract";
import { decodeHTML } from "entities/decode";

/*
 * Digits: Western (0-9) on the pages of both languages, as the API writes them. Dates, amounts
 * and numbers are shown as given, never converted to Arabic-Indic digits nor formatted by
 * Intl/toLocaleString, whose output follows the ICU data of the machine: every server writes
 * the same characters. In Arabic
 * text they are isolated (`dir="ltr"` on dates, `<bdi>` on amounts, see DateText), so the bidi
 * rules never reorder them.
 */

/**
 * `text` as a bidi isolate (U+2068 first strong isolate … U+2069 pop): laid out in its own
 * direction, and neutral to the text around it, like `<bdi>`, where markup cannot go (a
 * title, an attribute, an interface string with a placeholder). Invisible.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** The first 10 characters of an ISO date (`2024-05-12T09:30:00Z` → `2024-05-12`), as shown. */
export const dateOnly = (value: string | null | undefined): string => (value ?? "").slice(0, 10);

/**
 * The day of a date the API gives (`2024-05-01…` → `2024-05-01`) for machines (JSON-LD, the
 * sitemap), or undefined when it does not start with one: shown text may be anything, these not.
 */
export function isoDay(value: string | null | undefined): string | undefined {
  const day = dateOnly(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/**
 * An API date as an RFC 3339 timestamp for machines (the feed, JSON-LD, `article:` tags), or undefined when it is not a date or not one RFC 3339
 * can write (`9999-12-31T24:00` is midnight of year 10000).
 */
export function timestampOf(date: string | null | undefined): string | undefined {
  const time = date ? isoDateTime(date) : undefined;
  const stamp = time === undefined ? undefined : new Date(time).toISOString();
  return stamp && /^\d{4}-/.test(stamp) ? stamp : undefined;
}

/**
 * A contract amount shown as given (API.md): text as it is (`"12,500,000 SAR"`), a number as
 * JavaScript writes the value the JSON gave (`12500000`; `1.50` is `1.5`), never regrouped nor
 * localised, so the server and every browser write the same characters (decision 011).
 */
export function amountText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

/**
 * A number kept on one line with its unit: the space between a number and a short word after
 * it ("5:00 pm", "18.6 million", "52 طابقًا", "6.2 كم"), or between a short capitalised word
 * and a number after it ("SAR 612", "Box 00000"), becomes a no-break space. For plain texts of the API
 * shown in narrow places (contact details, the project lists), where "5:00 / pm" broke.
 */
export function keepNumbersWithUnits(text: string): string {
  return text.replace(numberThenUnit, "$1\u00A0").replace(unitThenNumber, "$1\u00A0");
}
const numberThenUnit = /(\d) (?=\p{L}[\p{L}\p{M}]{0,7}(?![\p{L}\p{M}]))/gu;
const unitThenNumber = /((?<![\p{L}\p{M}])\p{Lu}\p{L}{0,3}) (?=\d)/gu;

/** A space a line may break at: not a no-break one (`SAR\u00A01,000` is one word). */
const noBreak = "\\u00A0\\u2007\\u202F";
const breakingSpace = new RegExp(`[^\\S${noBreak}]`, "u");
/** The last breaking space, and the word after it up to the end. */
const lastBreakingSpace = new RegExp(`[^\\S${noBreak}][\\S${noBreak}]*$`, "u");
/** What a cut leaves at its end that the ellipsis stands for: spaces, commas, colons, dashes. */
const dangling = /[\s,،;؛:\-–—]+$/u;

/**
 * Cuts `text` to at most `max` characters (by code point, so Arabic and emoji are never split
 * mid-character), adding an ellipsis when something was cut. It keeps whole words when those
 * that fit fill more than 60 % of the limit: half a word reads as another word, in Arabic above
 * all («المر…»). Else (a very long word) it cuts where the limit falls. A comma or dash left
 * at the end goes: "Kuwait…", not "Kuwait,…".
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join("");
  const lastSpace = breakingSpace.test(chars[max] ?? "")
    ? cut.length
    : cut.search(lastBreakingSpace);
  const words = lastSpace < 0 ? "" : cut.slice(0, lastSpace).trimEnd();
  return `${(Array.from(words).length > max * 0.6 ? words : cut).replace(dangling, "")}…`;
}

/**
 * Decodes character references as browsers do (the `entities` package: every named reference
 * of HTML, `&#123;`, `&#x7b;`, the legacy ones without `;`); unknown names stay as written.
 */
export const decodeEntities = (text: string): string => decodeHTML(text);

/**
 * Where markup starts: a comment, a script or style element (whose text is not text), or any
 * other tag (`<p`, `</p`, `<!DOCTYPE`, `<?xml`). A `<` followed by anything else is text.
 */
const markup = /<(?:(!--)|(script|style)(?![\w-])|[a-z/!?])/gi;
const closing = { script: /<\/script(?![\w-])/gi, style: /<\/style(?![\w-])/gi };

/** Index just past the first `token` at or after `from`, or the end of `text` if none. */
function pastNext(text: string, token: string | RegExp, from: number): number {
  if (typeof token === "string") {
    const at = text.indexOf(token, from);
    return at < 0 ? text.length : at + token.length;
  }
  token.lastIndex = from;
  const found = token.exec(text);
  return found ? pastNext(text, ">", found.index) : text.length;
}

/**
 * Index just past the `>` that ends the tag whose name ends before `from`, or the end of `text`
 * if none. A `>` inside a quoted attribute value (`alt="a > b"`) ends nothing, as in a browser;
 * a quote counts only where a value starts (after `=`), and one left open runs to the end.
 */
function pastTagEnd(text: string, from: number): number {
  let quote = "";
  let valueStarts = false;
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === ">") {
      return at + 1;
    } else if (char === "=") {
      valueStarts = true;
    } else if (valueStarts && (char === '"' || char === "'")) {
      quote = char;
      valueStarts = false;
    } else if (!/\s/.test(char ?? "")) {
      valueStarts = false;
    }
  }
  return text.length;
}

/** A tag that starts or ends a block of text (a paragraph, a heading, a list item, a cell). */
const blockTag =
  /<\/?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)(?![\w-])/iy;

/** Whether the tag at `index` of `html` starts or ends a block. */
function isBlockTag(html: string, index: number): boolean {
  blockTag.lastIndex = index;
  return blockTag.test(html);
}

/** Stands for a block's end until whitespace is collapsed (U+2029, itself whitespace). */
const BLOCK_END = "\u2029";

/**
 * Plain text of an HTML fragment: tags, comments and script/style elements dropped, entities
 * decoded, whitespace collapsed. One pass from left to right, so the time is linear in the
 * length whatever the input (markup left open swallows the rest, as in a browser).
 * With `blocks`, where a block (a paragraph, a heading, a list item, a cell) ends the text has
 * a line break instead of a space: what a search extract shows as a separator.
 */
export function stripTags(html: string, { blocks = false } = {}): string {
  let text = "";
  let at = 0;
  markup.lastIndex = 0;
  for (let found = markup.exec(html); found; found = markup.exec(html)) {
    text += `${html.slice(at, found.index)}${blocks && isBlockTag(html, found.index) ? BLOCK_END : " "}`;
    const [, comment, element] = found;
    if (comment) at = pastNext(html, "-->", markup.lastIndex);
    else {
      at = pastTagEnd(html, markup.lastIndex);
      if (element) at = pastNext(html, closing[element.toLowerCase() as keyof typeof closing], at);
    }
    markup.lastIndex = at;
  }
  text += html.slice(at);
  const plain = decodeEntities(text);
  if (!blocks) return plain.replace(/\s+/g, " ").trim();
  return plain.replace(/\s+/g, (run) => (run.includes(BLOCK_END) ? "\n" : " ")).trim();
}
