/**
 * The pages that show one item of a list, and where the API keeps it: the list its ids come
 * from and the answer of one item. One table for the sitemap (each list's items), the search
 * index (each item's page) and purges by content (an item's answer names its page).
 */
import { type EndpointName, endpoints } from "@site/contract";
import type { PageName } from "../../app/shared/page-table.ts";

export const itemPages = {
  newsItem: { list: "news", detail: "newsItem" },
  completedProject: { list: "completedProjects", detail: "project" },
  currentProject: { list: "currentProjects", detail: "project" },
  service: { list: "services", detail: "service" },
  otherPage: { list: "extraPages", detail: "extraPage" },
} as const satisfies Partial<Record<PageName, { list: EndpointName; detail: EndpointName }>>;

export type ItemPage = keyof typeof itemPages;

export const isItemPage = (page: string): page is ItemPage => page in itemPages;

/**
 * The page of an item whose answer is under `base` (`/api/news` for `/api/news/301`), when one
 * page shows every item of it: not a project's, which either list's page shows.
 */
export function itemPageOfAnswer(base: string): ItemPage | undefined {
  const showing = (Object.keys(itemPages) as ItemPage[]).filter(
    (page) => endpoints[itemPages[page].detail].path === `${base}/:id`,
  );
  return showing.length === 1 ? showing[0] : undefined;
}
