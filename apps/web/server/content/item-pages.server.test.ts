import { endpoints } from "@site/contract";
import { describe, expect, it } from "vitest";
import { pages } from "../../app/shared/page-table.ts";
import { isItemPage, itemPageOfAnswer, itemPages } from "./item-pages.server.ts";

describe("itemPages", () => {
  it("names pages of the page table with an id, a list and an answer per item", () => {
    for (const [page, { list, detail }] of Object.entries(itemPages)) {
      expect(isItemPage(page)).toBe(true);
      expect(pages[page as keyof typeof pages].path, page).toMatch(/\/:id$/);
      expect(endpoints[list].path, page).not.toContain(":id");
      expect(endpoints[detail].path, page).toMatch(/\/:id$/);
    }
    expect(isItemPage("news")).toBe(false);
  });

  it("finds the one page that shows an answer's items, none for a project's (either list shows it)", () => {
    expect(itemPageOfAnswer("/api/news")).toBe("newsItem");
    expect(itemPageOfAnswer("/api/services")).toBe("service");
    expect(itemPageOfAnswer("/api/extra-pages")).toBe("otherPage");
    expect(itemPageOfAnswer("/api/projects")).toBeUndefined();
    expect(itemPageOfAnswer("/api/isos")).toBeUndefined();
  });
});
