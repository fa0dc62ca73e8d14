/**
 * Content keys: the content an answer was made from, named as the content API names it (the
 * API path of API.md, without query: `/api/news/301`, `/api/news` for every page of the news
 * list). The API client caches answers under `{lang} {path}` (`cacheKeyOf`:
 * `en /api/news?page=2`); a page, feed or sitemap made from them carries their content keys (the
 * `Surrogate-Key` and `xkey` headers, page-handler.ts), and a purge by content
 * (`POST /purge {"api": [...]}`) names them.
 */
import { endpoints, itemIdIn, type Language, MAX_ITEM_ID_LENGTH } from "@site/contract";

/** `en`, `/api/news?page=2` → `en /api/news?page=2`: the API client's cache key of an answer. */
export const cacheKeyOf = (lang: Language, path: string) => `${lang} ${path}`;

/** `en /api/news?page=2` → `/api/news`: the content key of an API client cache key. */
export function contentKeyOf(cacheKey: string): string {
  const path = cacheKey.slice(cacheKey.indexOf(" ") + 1);
  return path.split("?")[0] ?? path;
}

/** The content keys of cache keys, each once, sorted. */
export function contentKeysOf(cacheKeys: Iterable<string>): string[] {
  return [...new Set([...cacheKeys].map(contentKeyOf))].sort();
}

/** The longest id encoded: its characters (`isItemId`) of up to 4 bytes, each byte `%XX`. */
export const MAX_ENCODED_ID = MAX_ITEM_ID_LENGTH * 4 * 3;

/** Each endpoint path as a pattern: `/api/news/:id` → /^\/api\/news\/([^/]+)$/i, with its spelling. */
const patterns = Object.values(endpoints).map(({ path }) => {
  const [base = "", id] = path.split("/:");
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    spelled: base,
    detail: id !== undefined,
    pattern: new RegExp(
      id === undefined ? `^${escaped}$` : `^${escaped}/([^/]{1,${MAX_ENCODED_ID}})$`,
      "i",
    ),
  };
});

/**
 * The content key an API path names, as API.md writes it (`/api/news/301`, `/api/news`,
 * `/api/news?page=2`, any letter case), or undefined when it names no endpoint of the contract.
 * A list's page stands for the whole list: a story added or removed moves every page.
 */
export function contentKeyOfApiPath(apiPath: string): string | undefined {
  const [path = "", query] = apiPath.split("?");
  if (query !== undefined && !/^page=\d{1,9}$/.test(query)) return undefined;
  for (const { spelled, detail, pattern } of patterns) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (!detail) return spelled;
    // The id as the API client writes it in its cache keys (endpointPath): encoded.
    const id = itemIdIn(match[1] ?? "");
    return id === undefined ? undefined : `${spelled}/${encodeURIComponent(id)}`;
  }
  return undefined;
}

/**
 * A page's own key: its path without query or `.data` (`/en/news?page=2`, `/en/news.data` →
 * `/en/news`), so a purge by path reaches every form of it in a cache in front.
 */
export const pageKeyOf = (pageCacheKey: string) =>
  (pageCacheKey.split("?")[0] ?? "").replace(/\.data$/, "") || "/";

/**
 * The keys a cached page carries in its `Surrogate-Key` and `xkey` headers, separated by
 * spaces: its own path's key, then the content keys of the API answers it was made from.
 */
export const surrogateKeys = (pageCacheKey: string, dataKeys: Iterable<string>) =>
  [pageKeyOf(pageCacheKey), ...contentKeysOf(dataKeys)].join(" ");
