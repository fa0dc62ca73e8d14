/**
 * Passes over HTML that the sanitiser has written (sanitize.server.ts): the holes a paste
 * leaves, phone numbers set apart, the headings' levels. They read only sanitised HTML,
 * where every `<` starts a tag and a no-break space is the character itself (which `\s`
 * matches). Each pattern matches any text one way only: a pattern that can match the same
 * text two ways takes exponential time on a long run of it, and the loaders run in the
 * server's one thread. Tested through `safeHtml` (sanitize.server.test.ts).
 */

/**
 * An international phone number in text: `+`, then two to five more groups after a space or a
 * dash (`+966 11 234 5678`), or eight to fifteen digits in one, and nothing of it left over;
 * not a figure (`+500`, `+155.5%`). Each group starts with its separator, so a run of digits
 * splits one way only.
 */
const PHONE_NUMBER =
  /(?<![\w+])(?:\+\d{1,4}(?:[ \u00a0-]\(?\d{1,4}\)?){2,5}|\+\d{8,15})(?![\w\u066b]|[.,][\d]|[ \u00a0-]\(?\d)/g;

/** Nothing to read: spaces (no-break ones too), line breaks. */
const BLANK = String.raw`(?:\s|<br\s*/?>)*`;
/** An element's start tag without an `id` (an anchor a link may lead to, kept even if empty). */
const startTag = (names: string) => String.raw`<(${names})\b(?![^>]*\sid=)[^>]*>`;
/**
 * An inline element holding nothing to read (`<strong>&nbsp;</strong>`, Word's `<span><o:p>`):
 * unwrapped, its spaces and breaks kept (`one<strong> </strong>two` is `one two`).
 */
const EMPTY_INLINE = new RegExp(
  String.raw`${startTag("strong|b|em|i|u|span|sup|sub")}(${BLANK})</\1>`,
  "gi",
);
/**
 * Paragraphs, divisions and headings with nothing to read (`<p>&nbsp;</p>` runs of a Word
 * paste, `<div><br></div>`): holes in the page, and an empty heading is an entry of the outline
 * that names nothing.
 */
const EMPTY_BLOCKS = new RegExp(String.raw`${startTag("p|div|h[1-6]")}${BLANK}</\1>`, "gi");
/** A line break at the start or end of a block, or between two (Google Docs' `</p><br><p>`). */
const EDGE_BREAKS = [
  /(<(?:p|div|li|h[1-6]|td|th|blockquote)\b[^>]*>)(?:\s*<br\s*\/?>)+/gi,
  /(?:<br\s*\/?>\s*)+(<\/(?:p|div|li|h[1-6]|td|th|blockquote)>)/gi,
  /(<\/(?:p|div|ul|ol|table|h[1-6]|blockquote|figure)>)\s*(?:<br\s*\/?>\s*)+(?=<(?:p|div|ul|ol|table|h[1-6]|blockquote|figure)\b)/gi,
];
/** More than two line breaks in a row: one blank line is what an editor means. */
const BREAK_RUNS = /(<br\s*\/?>)(?:\s*<br\s*\/?>){2,}/gi;

/** How deep content may nest: deeper tags are dropped, their text kept (and passes bounded). */
export const NESTING_LIMIT = 64;

/** The sanitised HTML without the holes a paste leaves (see above). */
export function withoutHoles(html: string): string {
  let result = html;
  // One level of nested empty elements a pass, so at most as many passes as levels.
  for (let pass = 0, previous = ""; previous !== result && pass <= NESTING_LIMIT; pass++) {
    previous = result;
    result = result.replace(EMPTY_INLINE, "$2").replace(EMPTY_BLOCKS, "");
  }
  // Runs first: the edge patterns then meet two breaks at most, not a run to scan from each.
  result = result.replace(BREAK_RUNS, "$1$1");
  for (const edge of EDGE_BREAKS) result = result.replace(edge, "$1");
  return result;
}

/**
 * A phone number written as text reads left to right in Arabic too, as in a `tel:` link:
 * `+966 11 234 5678` was laid out `5678 234 11 966+`. Isolated by invisible marks (U+2066
 * left-to-right isolate … U+2069), which need no markup. Read over the sanitised HTML's text,
 * where entities are characters already (`+966&nbsp;11` is one run), outside links (`dir="ltr"`)
 * and code.
 */
export function withPhoneNumbersIsolated(html: string): string {
  let inside = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        const tag = /^<(\/?)(a|pre|code)\b/i.exec(part);
        if (tag) inside = Math.max(0, inside + (tag[1] ? -1 : 1));
        return part;
      }
      return inside > 0 ? part : part.replace(PHONE_NUMBER, (number) => `\u2066${number}\u2069`);
    })
    .join("");
}

/**
 * The content's headings as the page's outline needs them: its highest level becomes `from`
 * (h2 under the page's one h1, its title; h3 under a section's h2), and each level used below
 * it the next one (`h3, h5` → `h2, h3`), so the levels the content uses follow each other,
 * whether the editor started at h1 or at h3, in the sections' order as written. Read from the
 * sanitised HTML, whose tags are the only `<` left (comments, dropped elements and attribute
 * values hold none).
 */
export function outlined(html: string, from: number): string {
  const used = new Set([...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1])));
  const levels = [...used].sort((a, b) => a - b);
  const levelOf = new Map(levels.map((level, rank) => [level, Math.min(6, from + rank)]));
  return html.replace(
    /<(\/?)h([1-6])\b/g,
    (_, end: string, level: string) => `<${end}h${levelOf.get(Number(level))}`,
  );
}
