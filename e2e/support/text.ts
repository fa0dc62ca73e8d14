/** Text as the site writes it: HTML escaping, entities, tags and cut-short previews. */

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

/** The length of `text` in code points (how the site counts characters). */
export const codePoints = (text: string) => Array.from(text).length;

/** What the site shows of `text` cut to `max` code points: the start, then "…". */
export function truncated(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join("").trimEnd()}…`;
}
