import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageHref, pageItems, readPageQuery } from "./pagination.ts";

describe("pageItems", () => {
  it("shows a single page alone", () => {
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it("shows both pages of a two-page list", () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
  });

  it("shows every page when there are no gaps", () => {
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("puts one ellipsis after the current page at the start", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, "ellipsis", 10]);
    expect(pageItems(2, 10)).toEqual([1, 2, 3, 4, "ellipsis", 10]);
  });

  it("puts one ellipsis before the current page at the end", () => {
    expect(pageItems(10, 10)).toEqual([1, "ellipsis", 8, 9, 10]);
    expect(pageItems(9, 10)).toEqual([1, "ellipsis", 7, 8, 9, 10]);
  });

  it("puts ellipses on both sides of a page in the middle", () => {
    expect(pageItems(10, 20)).toEqual([1, "ellipsis", 8, 9, 10, 11, 12, "ellipsis", 20]);
  });

  it("shows a gap of exactly one page as that page, not an ellipsis", () => {
    // 1 and 3 are neighbours of the shown range: page 2 fills the gap.
    expect(pageItems(5, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, "ellipsis", 10]);
    expect(pageItems(6, 10)).toEqual([1, "ellipsis", 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("uses an ellipsis for a gap of two pages or more", () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, "ellipsis", 6]);
    expect(pageItems(6, 6)).toEqual([1, "ellipsis", 4, 5, 6]);
  });

  it("never lists a page twice and always starts at 1 and ends at the last page", () => {
    for (let last = 1; last <= 30; last++) {
      for (let current = 1; current <= last; current++) {
        const items = pageItems(current, last);
        const pages = items.filter((item): item is number => item !== "ellipsis");
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(last);
        expect(pages).toContain(current);
        expect(items.length).toBeLessThanOrEqual(9);
        // Ellipses only stand for two or more hidden pages.
        items.forEach((item, index) => {
          if (item !== "ellipsis") return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });

  it("can show fewer siblings (phones)", () => {
    expect(pageItems(10, 20, 1)).toEqual([1, "ellipsis", 9, 10, 11, "ellipsis", 20]);
  });

  it("clamps a current page outside the range and rejects an empty range", () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe("readPageQuery", () => {
  it("reads a missing page as page 1", () => {
    expect(readPageQuery(null)).toEqual({ page: 1 });
  });

  it("reads plain positive whole numbers", () => {
    expect(readPageQuery("1")).toEqual({ page: 1 });
    expect(readPageQuery("27")).toEqual({ page: 27 });
  });

  it("caps huge numbers (the loader then sends them to the last page)", () => {
    expect(readPageQuery("99999999999999999999999")).toEqual({ page: MAX_PAGE });
  });

  it.each(["abc", "0", "-1", "1.5", "", " 2", "01", "1e3", "2abc"])(
    "redirects %j to page 1",
    (raw) => {
      expect(readPageQuery(raw)).toEqual({ redirectTo: 1 });
    },
  );
});

describe("pageHref", () => {
  const url = new URL("http://x/en/news?page=3&utm=a");

  it("sets the page and keeps other query values", () => {
    expect(pageHref(url, 2)).toBe("/en/news?page=2&utm=a");
  });

  it("drops the page for page 1", () => {
    expect(pageHref(url, 1)).toBe("/en/news?utm=a");
    expect(pageHref(new URL("http://x/en/news?page=abc"), 1)).toBe("/en/news");
  });
});
