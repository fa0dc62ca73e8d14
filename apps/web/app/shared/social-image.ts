/**
 * The image of a page's social card (`og:image`), always 1200×630 so its width and height
 * tags are true:
 *
 * - a page with an image of its own that the image endpoint may fetch: a 1200×630 JPEG crop
 *   of it (`/img?src=…&fit=og`, server/images/image-endpoint.ts);
 * - any other page of the page table: a card the site draws (server/images/social-card.ts)
 *   with the company's logo and the page's title in its language, at `/og/{page path}.png` (a
 *   page the table hides has none). The endpoint reads the title from the page itself, so
 *   nobody can make the server draw a text of their choosing; `v` is a digest of what the card
 *   shows, so a new title gives a new address (crawlers keep images by address) and the
 *   endpoint can tell a current address from an old one.
 *
 * Shared by the server and the browser (meta tags are also made on client navigation).
 */
import type { Language } from "@site/contract";
import { canonicalMediaUrl } from "./image-kinds.ts";
import { isHidden, LANGUAGE_ALTERNATIVES, type PageAddress, pageAddress } from "./page-table.ts";

export const socialImageSize = { width: 1200, height: 630 } as const;

/** Changes when the card's drawing changes, so cards drawn before get new addresses. */
const CARD_DESIGN = "1";

/**
 * Root-relative address of the 1200×630 crop of a content image, or null when the image
 * endpoint would refuse it (not on the media origins, not under `/storage/`, SVG, a query):
 * the one spelling of `src` it takes (`canonicalMediaUrl`), so a shared page never names a crop
 * that answers 400. With the address of the page it is for (as the page table writes it), a
 * crop whose image turns out missing or broken sends crawlers to that page's drawn card.
 */
export function cropPath(
  src: string,
  origins: readonly string[],
  pagePath?: string,
): string | null {
  const source = canonicalMediaUrl(src, origins);
  if (source === null) return null;
  const page = cardPage(pagePath) ? `&page=${encodeURIComponent(pagePath ?? "")}` : "";
  return `/img?src=${encodeURIComponent(source)}&fit=og${page}`;
}

/**
 * The address of a page that has a drawn card, or undefined: a page of the site's table, not a
 * hidden one, spelled as its canonical link spells it (an id checked: `/en/news/%2E%2E` names no
 * page, not the home page the dots resolve to). The card's endpoint, and a crop naming its page,
 * take no other.
 */
export function cardPage(pathname: string | null | undefined): PageAddress | undefined {
  const address = pathname ? pageAddress(pathname) : undefined;
  return address && !isHidden(address.page) && address.path === pathname ? address : undefined;
}

/**
 * What a card shows (its language, then the title, the company's name and logo), as one
 * digest (FNV-1a, 32 bits): the `v` of its address.
 */
export function cardVersion(lang: Language, shown: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of [CARD_DESIGN, lang, ...shown].join("\n")) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Root-relative address of the drawn card of the page at `pathname` (`/ar/news/3`). */
export function cardPath(pathname: string, version: string): string {
  const page = pathname.replace(/\/+$/, "");
  return `/og${page}.png?v=${version}`;
}

/** A card's address: `/og`, a page path under a language as written, `.png`. */
const CARD_PATH = new RegExp(`^/og(/(?:${LANGUAGE_ALTERNATIVES})(?:/[^/]+)*)\\.png$`);

/** The page path a card address names (`/og/ar/news/3.png` → `/ar/news/3`), or null. */
export function pageOfCard(path: string): string | null {
  return CARD_PATH.exec(path)?.[1] ?? null;
}
