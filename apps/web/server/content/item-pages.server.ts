/**
 * The pages that show one item of a list, and where the API keeps it: the list its ids come
 * from, other lists whose rows link to it, and the answer of one item. The one table of them for
 * the sitemap (each list's items, and the pages of a paged list), the search index (each list's
 * rows, each item's answer), the API client (the rows no page can be made of are left out of
 * every list that links them) and purges by content (an item's answer names its page). Which
 * list page an item's page sits below is the page table's (`parentPage`); which lists the API
 * serves in pages, the contract's (`isPagedEndpoint`).
 */
import {
  type EndpointName,
  endpoints,
  isPagedEndpoint,
  type PagedEndpointName,
} from "@site/contract";
import { type PageName, parentPage } from "../../app/shared/page-table.ts";

export const itemPages = {
  newsItem: { list: "news", detail: "newsItem" },
  completedProject: {
    list: "completedProjects",
    detail: "project",
    // The home page's and the footer's projects link here, current ones too (project-list.server.ts).
    linkedFrom: ["homeProjects", "latestProjects"],
  },
  currentProject: { list: "currentProjects", detail: "project" },
  service: { list: "services", detail: "service", linkedFrom: ["homeServices"] },
  otherPage: { list: "extraPages", detail: "extraPage" },
} as const satisfies Partial<
  Record<
    PageName,
    {
      list: EndpointName;
      detail: EndpointName;
      /** Lists of other pages whose rows link to this one. */
      linkedFrom?: readonly EndpointName[];
    }
  >
>;

export type ItemPage = keyof typeof itemPages;

/** The item pages, in the table's order. */
export const ITEM_PAGES = Object.keys(itemPages) as ItemPage[];

export const isItemPage = (page: string): page is ItemPage => page in itemPages;

/**
 * The list a list page shows a page at a time (`?page=N`): the list of the item pages below it
 * (`parentPage`), when the API serves it in pages (`news` → the news list); else undefined.
 */
export function pagedListOf(page: PageName): PagedEndpointName | undefined {
  for (const item of ITEM_PAGES) {
    const { list } = itemPages[item];
    if (parentPage(item) === page && isPagedEndpoint(list)) return list;
  }
  return undefined;
}

/** Every list whose rows link to an item's page: each item page's own list and `linkedFrom`. */
export const listsLinkingItems: ReadonlySet<EndpointName> = new Set(
  Object.values(itemPages).flatMap((item): EndpointName[] => [
    item.list,
    ...("linkedFrom" in item ? item.linkedFrom : []),
  ]),
);

/**
 * The page of an item whose answer is under `base` (`/api/news` for `/api/news/301`), when one
 * page shows every item of it: not a project's, which either list's page shows.
 */
export function itemPageOfAnswer(base: string): ItemPage | undefined {
  const showing = ITEM_PAGES.filter(
    (page) => endpoints[itemPages[page].detail].path === `${base}/:id`,
  );
  return showing.length === 1 ? showing[0] : undefined;
}
