/** Content rules of SPEC.md section 9 shared by pages: sort orders and preview lengths. */
import type { NewsSummary } from "@site/contract";
import { dateOnly, stripTags, truncate } from "./text.ts";

/** News descriptions on cards (home carousel, news list) are cut to this many characters. */
const NEWS_PREVIEW_LENGTH = 250;

/**
 * The most cards a home carousel shows ("Latest Projects", "Latest News"): its list's first
 * ones. The API's first page of news may hold a hundred (its `per_page`), which the home page
 * would carry in its HTML and the carousel's island props.
 */
export const HOME_CAROUSEL_MAX = 12;

/** Items in ascending numeric `index` order (a copy; equal indexes keep their order). */
export function sortByIndex<T extends { index: number | string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(a.index) - Number(b.index));
}

/**
 * The image URLs of a record's photo entries (HSE, overview, ISO: `image`; a project: `name`),
 * empty ones left out.
 */
export function photosOf<Entry>(
  entries: readonly Entry[] | null | undefined,
  urlOf: (entry: Entry) => string | null | undefined,
): string[] {
  return (entries ?? []).flatMap((entry) => {
    const url = urlOf(entry)?.trim();
    return url ? [url] : [];
  });
}

/** The plain-text preview of a news description: tags dropped, cut to 250 characters + "…". */
export function newsPreview(description: string | null | undefined): string {
  return truncate(stripTags(description ?? ""), NEWS_PREVIEW_LENGTH);
}

/** What a news card shows of an item (home carousel and news grid alike). */
export const newsCardOf = ({ id, title, image, description, created_at }: NewsSummary) => ({
  id,
  title,
  image,
  description: newsPreview(description),
  date: dateOnly(created_at),
});
