/**
 * Paging helpers shared by the paged lists (projects, news): which page links to show, and how
 * to read the `?page=N` query. Pure, so the browser and the loaders use the same rules.
 */

export type PageItem = number | "ellipsis";

/**
 * The page links of a pager (SPEC.md section 9): the first and last page, `siblings` pages
 * either side of the current one, and an ellipsis for each gap. A gap of exactly one page
 * shows that page instead, since an ellipsis would take the same room.
 *
 * @example pageItems(5, 10) // [1, "ellipsis", 3, 4, 5, 6, 7, "ellipsis", 10]
 */
export function pageItems(current: number, last: number, siblings = 2): PageItem[] {
  if (!Number.isFinite(last) || last < 1) return [];
  const lastPage = Math.floor(last);
  const page = Math.min(Math.max(1, Math.floor(current) || 1), lastPage);
  const shown = new Set<number>([1, lastPage]);
  for (let n = page - siblings; n <= page + siblings; n++) {
    if (n >= 1 && n <= lastPage) shown.add(n);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined) {
      if (n - previous === 2) items.push(previous + 1);
      else if (n - previous > 2) items.push("ellipsis");
    }
    items.push(n);
  });
  return items;
}

/** Highest page number ever asked of the API; bigger ones are past any real last page. */
export const MAX_PAGE = 1_000_000;

/** What a `?page=` value means: a page to load, or a page to redirect to. */
export type PageQuery = { page: number } | { redirectTo: number };

/**
 * Reads `?page=N`: missing means page 1; a positive whole number written plainly is that page
 * (capped at MAX_PAGE, which the loader then sends to the last page); anything else (`abc`,
 * `0`, `-1`, `1.5`, `01`, empty) redirects to page 1.
 */
export function readPageQuery(raw: string | null | undefined): PageQuery {
  if (raw === null || raw === undefined) return { page: 1 };
  if (!/^[1-9]\d*$/.test(raw)) return { redirectTo: 1 };
  return { page: Math.min(Number(raw), MAX_PAGE) };
}

/**
 * `pathname` + query for page `page` of the list at `url` (a URL or the router's location),
 * other query values kept, then `#anchor` if given. Page 1 is the bare list address (no `page`
 * value).
 */
export function pageHref(
  url: { pathname: string; search: string },
  page: number,
  anchor?: string,
): string {
  const search = new URLSearchParams(url.search);
  if (page <= 1) search.delete("page");
  else search.set("page", String(page));
  const query = search.toString();
  return `${query ? `${url.pathname}?${query}` : url.pathname}${anchor ? `#${anchor}` : ""}`;
}

/**
 * The id of a paged list's top (its heading and items): the pager's links land there, under
 * the fixed header (`scroll-padding-top`, app.css), not at the top of the banner.
 */
export const LIST_ANCHOR = "list";
