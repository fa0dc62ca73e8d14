/**
 * Bytes of a first view by type, from the requests of a Lighthouse mobile run, and the size
 * budgets. Chromium is sent Brotli when the server has it, while the JS and CSS budgets are
 * gzip figures: those two are also measured as the server sends them to a gzip-only client.
 */
import type { NetworkRequest } from "./lighthouse.ts";
import { rawGet } from "./site.ts";

export const byteTypes = ["html", "js", "css", "fonts", "images", "other"] as const;
type ByteType = (typeof byteTypes)[number];

export interface PageBytes {
  /** Bytes on the wire (headers included) per type, as Chromium received them. */
  transferred: Record<ByteType, number>;
  total: number;
  /** Bodies of the page's JS and CSS as sent to a client accepting gzip only. */
  gzip: { js: number; css: number };
  /** Whether the page loaded React: the islands' script (app/islands/hydrate.ts). */
  react: boolean;
  budgets: BudgetCheck[];
}

interface BudgetCheck {
  what: "JS gzip" | "CSS gzip" | "fonts";
  bytes: number;
  limit: number;
  within: boolean;
}

export const KB = 1024;

function typeOf(request: NetworkRequest): ByteType {
  const kinds: Record<string, ByteType> = {
    Document: "html",
    Script: "js",
    Stylesheet: "css",
    Font: "fonts",
    Image: "images",
  };
  const kind = kinds[request.resourceType];
  if (kind) return kind;
  if (request.mimeType?.startsWith("image/")) return "images";
  if (request.mimeType?.startsWith("font/")) return "fonts";
  return "other";
}

const gzipSizes = new Map<string, number>();

/** Size of `url`'s body when the client accepts only gzip (kept: chunks repeat across pages). */
async function gzipSize(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    size = (await rawGet(url, "gzip")).body.length;
    gzipSizes.set(url, size);
  }
  return size;
}

/** The islands' script, which holds React (decision 014). */
const islandsScript = /\/assets\/hydrate-[\w-]+\.js$/;

/**
 * The budgets (issue 10, decision 014): JS at most 90 KB gzip on a page with islands (React
 * and React DOM are about 69 of it), none on other pages; CSS 20 KB; fonts 60 KB.
 */
export async function pageBytes(requests: NetworkRequest[]): Promise<PageBytes> {
  const transferred = Object.fromEntries(byteTypes.map((type) => [type, 0])) as Record<
    ByteType,
    number
  >;
  const gzip = { js: 0, css: 0 };
  for (const request of requests) {
    const type = typeOf(request);
    transferred[type] += request.transferSize ?? 0;
    // Scripts and styles from the network (not data: URLs or a repeat served from cache).
    if ((type === "js" || type === "css") && request.url.startsWith("http")) {
      if (request.transferSize > 0) gzip[type] += await gzipSize(request.url);
    }
  }
  const check = (what: BudgetCheck["what"], bytes: number, limitKb: number): BudgetCheck => ({
    what,
    bytes,
    limit: limitKb * KB,
    within: bytes <= limitKb * KB,
  });
  const react = requests.some((request) => islandsScript.test(new URL(request.url).pathname));
  return {
    transferred,
    total: byteTypes.reduce((sum, type) => sum + transferred[type], 0),
    gzip,
    react,
    budgets: [
      check("JS gzip", gzip.js, react ? 90 : 0),
      check("CSS gzip", gzip.css, 20),
      check("fonts", transferred.fonts, 60),
    ],
  };
}
