/** Small text helpers shared by pages and the SEO tags. */

/*
 * Digits: Western (0-9) on the pages of both languages, as the API writes them. Dates, amounts
 * and numbers are shown as given, never converted to Arabic-Indic digits nor formatted by
 * Intl/toLocaleString, whose output follows the ICU data of the machine: every server writes
 * the same characters. In Arabic
 * text they are isolated (`dir="ltr"` on dates, `<bdi>` on amounts, see DateText), so the bidi
 * rules never reorder them.
 */

/** The first 10 characters of an ISO date (`2024-05-12T09:30:00Z` → `2024-05-12`). */
export const dateOnly = (value: string | null | undefined): string => (value ?? "").slice(0, 10);

/** A contract amount as given (`"12,500,000 SAR"` or `12500000`), digits unchanged. */
export const amountText = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? "" : String(value);

/**
 * Cuts `text` to at most `max` characters (by code point, so Arabic and emoji are never split
 * mid-character), adding an ellipsis when something was cut.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** Named character references editors and rich-text editors commonly write. */
const named: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  shy: "\u00ad",
  zwnj: "\u200c",
  zwj: "\u200d",
  lrm: "\u200e",
  rlm: "\u200f",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  bull: "•",
  middot: "·",
  prime: "′",
  Prime: "″",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
  divide: "÷",
  plusmn: "±",
  minus: "−",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sup2: "²",
  sup3: "³",
  micro: "µ",
  para: "¶",
  sect: "§",
  cent: "¢",
  pound: "£",
  euro: "€",
  yen: "¥",
  iexcl: "¡",
  iquest: "¿",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
};

/** Decodes `&name;`, `&#123;` and `&#x7b;` (numeric ones also without `;`); unknown names stay. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(?:x([0-9a-f]{1,8})|(\d{1,8}));?|([a-z][a-z\d]{1,31});)/gi,
    (match, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name) return named[name] ?? named[name.toLowerCase()] ?? match;
      const code = hex ? Number.parseInt(hex, 16) : Number(dec);
      // NUL, surrogates and numbers past Unicode are not characters: the replacement character.
      const valid = code > 0 && code < 0x110000 && (code < 0xd800 || code > 0xdfff);
      return String.fromCodePoint(valid ? code : 0xfffd);
    },
  );
}

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
 * Plain text of an HTML fragment: tags, comments and script/style elements dropped, entities
 * decoded, whitespace collapsed. One pass from left to right, so the time is linear in the
 * length whatever the input (markup left open swallows the rest, as in a browser).
 */
export function stripTags(html: string): string {
  let text = "";
  let at = 0;
  markup.lastIndex = 0;
  for (let found = markup.exec(html); found; found = markup.exec(html)) {
    text += `${html.slice(at, found.index)} `;
    const [, comment, element] = found;
    if (comment) at = pastNext(html, "-->", markup.lastIndex);
    else {
      at = pastNext(html, ">", markup.lastIndex);
      if (element) at = pastNext(html, closing[element.toLowerCase() as keyof typeof closing], at);
    }
    markup.lastIndex = at;
  }
  text += html.slice(at);
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}
