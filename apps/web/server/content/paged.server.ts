/**
 * Loads the page of a paged list that the URL asks for (`?page=N`), redirecting (302) when the
 * value is not a page: not a positive whole number → the list's first page; past the end (as
 * its first page tells) → its last page. So a hand-typed or stale link always lands on a real page, never an error.
 */
import type { Language, PagedEndpointName, Payload } from "@site/contract";
import type { Gate } from "@site/contract/concurrency";
import { redirect } from "react-router";
import { pageHref, readPageQuery } from "../../app/shared/pagination.ts";
import type { ContentClient } from "./api-client.server.ts";

type ItemOf<N extends PagedEndpointName> = Payload<N>["data"][number];

/** `url` is the loader's `url` argument: the page's address, not the raw `.data` request. */
export async function loadPage<N extends PagedEndpointName>(
  api: ContentClient,
  name: N,
  lang: Language,
  url: URL,
) {
  const query = readPageQuery(url.searchParams.get("page"));
  if ("redirectTo" in query) throw redirect(pageHref(url, query.redirectTo), 302);
  // Past the end as page 1 knows it: redirected before anything is fetched, so made-up page
  // numbers cannot fill the cache (and push out what it keeps for an outage).
  if (query.page > 1) {
    const known = (await api.content(name, lang, { page: 1 })).pagination.last_page;
    if (query.page > known) throw redirect(pageHref(url, known), 302);
  }
  const result = await api.content(name, lang, { page: query.page });
  const last = result.pagination.last_page;
  if (query.page > last) throw redirect(pageHref(url, last), 302);
  return { items: result.data as ItemOf<N>[], page: query.page, lastPage: last };
}

/**
 * API requests at once of one reader that reads many answers for itself (a project page's
 * current list, a build of the search index, the sitemap), each through one gate of this size:
 * the API, and this process's line of API requests, serve visitors too.
 */
export const BULK_READ_CONCURRENCY = 4;

/**
 * Every page of a paged list (the sitemap, the search index, a project's list): page 1 tells
 * how many there are, then the others are read through `gate`. `read` asks the API for one page.
 */
export async function allPages<P extends { pagination: { last_page: number } }>(
  read: (page: number) => Promise<P>,
  gate: Gate,
): Promise<P[]> {
  const first = await gate(() => read(1));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pagination.last_page - 1) }, (_, i) =>
      gate(() => read(i + 2)),
    ),
  );
  return [first, ...rest];
}

/** Every row of a paged list, in order: `allPages`, flattened. */
export async function allRows<R>(
  read: (page: number) => Promise<{ data: R[]; pagination: { last_page: number } }>,
  gate: Gate,
): Promise<R[]> {
  return (await allPages(read, gate)).flatMap((page) => page.data);
}
