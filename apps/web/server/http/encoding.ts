/**
 * How answers are compressed: the encoding a browser takes (Brotli, then gzip), and how hard a
 * body is worth compressing, by how often it is sent. The page cache compresses each kept page
 * once per encoding; the page handler compresses a page it does not keep in one call too.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { qualities } from "./accept-header.ts";

export type Encoding = "br" | "gzip" | "identity";

/** How hard a body is compressed: gzip level and Brotli quality. */
export interface Effort {
  gzip: number;
  brotli: number;
}

/** For a body sent again and again (a kept page): compressed well, once. */
export const SENT_OFTEN: Effort = { gzip: 6, brotli: 6 };
/**
 * For a body sent once or seldom (most searches, a page nobody may share): about half the
 * CPU, for about 8 % more bytes (a results page of 50 KB: 11.1 KB of gzip against 10.3;
 * issue 33).
 */
export const SENT_ONCE: Effort = { gzip: 3, brotli: 4 };

/** `body` compressed in `encoding`, in one call (itself for `identity`). */
export function compress(body: Buffer, encoding: Encoding, effort: Effort): Buffer {
  if (encoding === "identity") return body;
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: effort.brotli,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: effort.gzip });
}

/** The best encoding `accept` (an Accept-Encoding header) allows: Brotli, then gzip. */
export function chooseEncoding(accept: string | undefined): Encoding {
  const key = accept ?? "";
  let chosen = chosenEncodings.get(key);
  if (chosen === undefined) {
    chosen = readAcceptEncoding(key);
    // Browsers send a handful of spellings; anything else is not worth keeping.
    if (key.length <= 100) {
      if (chosenEncodings.size >= 50) chosenEncodings.clear();
      chosenEncodings.set(key, chosen);
    }
  }
  return chosen;
}

/** Accept-Encoding headers seen, and what they chose: at most 50 of at most 100 characters. */
const chosenEncodings = new Map<string, Encoding>();

function readAcceptEncoding(accept: string): Encoding {
  const offered = qualities(accept);
  const allows = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}
