/** What an `/img` request asks for: its size, its source's address, the format it takes. */
import type express from "express";
import {
  canonicalMediaUrl,
  imageCrops,
  imageWidths,
  MAX_IMAGE_SRC_LENGTH,
} from "../../app/shared/image-kinds.ts";
import { cardPage } from "../../app/shared/social-image.ts";
import { qualities } from "../http/accept-header.ts";
import { ImageError } from "./image-error.ts";

export type Format = "avif" | "webp" | "jpeg" | "png";
/** What to make: one of the site's widths, cut to a height or not, or the social card's crop. */
export type Size = number | { width: number; height: number } | "og";

/**
 * `w` (one of the site's widths), `w` and `h` (one of its crops), or `fit=og` (the social
 * crop, which has neither).
 */
export function sizeOf(query: express.Request["query"]): Size {
  if (query.fit !== undefined) {
    if (query.fit !== "og" || query.w !== undefined || query.h !== undefined) {
      throw new ImageError(400, "fit must be og, without w or h", "request");
    }
    return "og";
  }
  const width = Number(query.w);
  if (!imageWidths.has(width))
    throw new ImageError(400, "w must be one of the site's widths", "request");
  if (query.h === undefined) return width;
  const height = Number(query.h);
  if (!imageCrops.has(`${width}x${height}`)) {
    throw new ImageError(400, "w and h must be one of the site's shapes", "request");
  }
  return { width, height };
}

/**
 * The page a social crop is for (`fit=og&page=/en/news/3`), as the page table writes its
 * address, or undefined without one: where the crop's failure sends crawlers instead, to the
 * card the site draws for that page (social-card.ts).
 */
export function cardPageOf(query: express.Request["query"]): string | undefined {
  if (query.page === undefined) return undefined;
  const address = typeof query.page === "string" ? cardPage(query.page) : undefined;
  if (query.fit !== "og" || !address) {
    throw new ImageError(400, "page must be the address of a page, with fit=og", "request");
  }
  return address.path;
}

/** The URL to fetch for `src`: its canonical address (`/storage/...` from the API). */
export function sourceUrl(
  src: unknown,
  options: { apiBaseUrl: string; origins: readonly string[] },
): string {
  if (typeof src !== "string" || src.length === 0 || src.length > MAX_IMAGE_SRC_LENGTH) {
    throw new ImageError(400, "src must be the address of a content image", "request");
  }
  const canonical = canonicalMediaUrl(src, options.origins);
  if (canonical === null) {
    throw new ImageError(400, "src must be the canonical address of a content image", "request");
  }
  // Other spellings of one image (`%41` for `A`, raw or encoded letters) share this address.
  return canonical.startsWith("/") ? options.apiBaseUrl + canonical : canonical;
}

/**
 * The best modern format `accept` names (not through a wildcard, which says nothing of AVIF)
 * and does not refuse with `q=0`, or "original".
 */
export function acceptedFormat(accept: string | undefined): "avif" | "webp" | "original" {
  const offered = qualities(accept ?? "");
  if ((offered.get("image/avif") ?? 0) > 0) return "avif";
  if ((offered.get("image/webp") ?? 0) > 0) return "webp";
  return "original";
}
