import { type EndpointName, endpoints, isPagedEndpoint } from "@site/contract";
import { describe, expect, it } from "vitest";
import { type PageName, pages } from "../../app/shared/page-table.ts";
import {
  ITEM_PAGES,
  isItemPage,
  itemPageOfAnswer,
  itemPages,
  listsLinkingItems,
  pagedListOf,
} from "./item-pages.server.ts";

describe("itemPages", () => {
  it("names pages of the page table with an id, a list and an answer per item", () => {
    for (const [page, item] of Object.entries(itemPages)) {
      const { list, detail } = item;
      expect(isItemPage(page)).toBe(true);
      expect(pages[page as PageName].path, page).toMatch(/\/:id$/);
      expect(endpoints[list].path, page).not.toContain(":id");
      expect(endpoints[detail].path, page).toMatch(/\/:id$/);
      for (const other of "linkedFrom" in item ? item.linkedFrom : []) {
        expect(endpoints[other].path, page).not.toContain(":id");
      }
    }
    expect(isItemPage("news")).toBe(false);
    expect(ITEM_PAGES).toEqual(Object.keys(itemPages));
  });

  it("finds the one page that shows an answer's items, none for a project's (either list shows it)", () => {
    expect(itemPageOfAnswer("/api/news")).toBe("newsItem");
    expect(itemPageOfAnswer("/api/services")).toBe("service");
    expect(itemPageOfAnswer("/api/extra-pages")).toBe("otherPage");
    expect(itemPageOfAnswer("/api/projects")).toBeUndefined();
    expect(itemPageOfAnswer("/api/isos")).toBeUndefined();
  });

  it("pages the list pages whose list the API serves in pages, each of which reads `?page`", () => {
    expect(pagedListOf("news")).toBe("news");
    expect(pagedListOf("completedProjects")).toBe("completedProjects");
    expect(pagedListOf("currentProjects")).toBe("currentProjects");
    for (const page of ["services", "home", "search", "newsItem"] as const) {
      expect(pagedListOf(page), page).toBeUndefined();
    }
    for (const page of Object.keys(pages) as PageName[]) {
      const list = pagedListOf(page);
      if (!list) continue;
      expect(isPagedEndpoint(list), page).toBe(true);
      expect(pages[page] as { reads?: readonly string[] }, page).toMatchObject({
        reads: expect.arrayContaining(["page"]),
      });
    }
  });

  it("names every list whose rows link to an item's page, the home page's and footer's too", () => {
    const linking: EndpointName[] = ["news", "completedProjects", "currentProjects", "services"];
    linking.push("extraPages", "homeProjects", "latestProjects", "homeServices");
    const others: EndpointName[] = ["isos", "overviews", "project", "homeBanners"];
    for (const name of linking) expect(listsLinkingItems.has(name), name).toBe(true);
    for (const name of others) expect(listsLinkingItems.has(name), name).toBe(false);
  });
});
