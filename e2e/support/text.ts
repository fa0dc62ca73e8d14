/** Text as the site writes it: HTML escaping, entities, tags and cut-short previews. */

/** `text` matched literally inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` as React writes it into HTML. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** The text of HTML-escaped `text` (the entities React writes, decoded). */
export const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The words of an HTML fragment: tags and entities (other than `&amp;`) become spaces. */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A few plain words (Latin letters and single spaces) of an HTML fragment's text, written alike
 * in the API's JSON and in the page: what a test edits through its proxy (an editor's change).
 */
export function plainWords(html: string): string {
  for (const [, text = ""] of html.matchAll(/>([^<]+)</g)) {
    const words = /[A-Za-z]+(?: [A-Za-z]+){2,4}/.exec(text)?.[0];
    if (words) return words;
  }
  throw new Error(`no plain words to edit in ${html.slice(0, 80)}`);
}

/** The length of `text` in code points (how the site counts characters). */
export const codePoints = (text: string) => Array.from(text).length;

/**
 * What the site shows of `text` cut to `max` code points, then "…": the whole words that fit
 * (up to a space that is not a no-break one) when they fill more than 60 % of it, else the
 * first `max` code points; without the spaces, commas, colons or dashes that end it. Written
 * here again on purpose (not imported from app/shared/text.ts): the tests hold the site's cut
 * to this statement of the rule, not to itself.
 */
export function truncated(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max + 1).join("");
  const words = (head.match(/^[\s\S]*[^\S\u00A0\u2007\u202F]/u)?.[0] ?? "").trimEnd();
  const shown = codePoints(words) > max * 0.6 ? words : chars.slice(0, max).join("");
  return `${shown.replace(/[\s,،;؛:\-–—]+$/u, "")}…`;
}

/** The few named references the test data uses (a test oracle, not a full HTML decoder). */
const namedReferences: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  mdash: "—",
  laquo: "«",
  raquo: "»",
};

/**
 * What a reader reads of an HTML fragment: scripts, styles, comments and tags dropped,
 * character references decoded, whitespace collapsed.
 */
export const textOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<[^>]*>/gi, " ")
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (reference, hex, decimal, name) =>
      hex || decimal
        ? String.fromCodePoint(hex ? Number.parseInt(hex, 16) : Number(decimal))
        : (namedReferences[name] ?? reference),
    )
    .replace(/\s+/g, " ")
    .trim();

/** Attributes of one start tag's source (`name="value"` pairs, values HTML-decoded). */
const attributesOf = (source: string) =>
  Object.fromEntries(
    Array.from(source.matchAll(/([\w:-]+)="([^"]*)"/g), ([, name = "", value = ""]) => [
      name.toLowerCase(),
      decodeHtml(value),
    ]),
  );

/**
 * The `<title>` texts and the `<meta>` contents of a page's raw HTML `<head>`, by `name` or
 * `property` (`description`, `og:title`...), each a list so that a repeated tag shows.
 */
export function headTags(html: string) {
  const head = html.split(/<\/head>/i)[0] ?? "";
  const titles = Array.from(head.matchAll(/<title>([^<]*)<\/title>/gi), ([, text = ""]) =>
    decodeHtml(text),
  );
  const meta: Record<string, string[]> = {};
  for (const [, source = ""] of head.matchAll(/<meta\s([^>]*)>/gi)) {
    const attributes = attributesOf(source);
    const key = attributes.name ?? attributes.property;
    if (key !== undefined && attributes.content !== undefined)
      meta[key] = [...(meta[key] ?? []), attributes.content];
  }
  const links = Array.from(head.matchAll(/<link\s([^>]*)>/gi), ([, source = ""]) =>
    attributesOf(source),
  );
  const jsonLd = Array.from(
    head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/gi),
    ([, json = ""]) => JSON.parse(json) as Record<string, unknown>,
  );
  return { titles, meta, links, jsonLd };
}
