/** Small text helpers shared by pages and the SEO tags. */

/** The first 10 characters of an ISO date (`2024-05-12T09:30:00Z` → `2024-05-12`). */
export const dateOnly = (value: string | null | undefined): string => (value ?? "").slice(0, 10);

/**
 * Cuts `text` to at most `max` characters (by code point, so Arabic and emoji are never split
 * mid-character), adding an ellipsis when something was cut.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Plain text of an HTML fragment: tags dropped, common entities decoded, whitespace collapsed. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
      if (code[0] === "#") {
        const n =
          code[1] === "x" || code[1] === "X"
            ? Number.parseInt(code.slice(2), 16)
            : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : " ";
      }
      return entities[code.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, " ")
    .trim();
}
