import { describe, expect, it } from "vitest";
import { currentPage, isActive, type NavLink } from "./navigation.ts";

const news: NavLink = { key: "news", label: "News", to: "/en/news" };
const about: NavLink = {
  key: "about",
  label: "About Us",
  children: [{ key: "overview", label: "Overview", to: "/en/overview" }],
};

describe("currentPage", () => {
  it("marks the link to the page shown, whatever the case or a trailing slash", () => {
    expect(currentPage(news, "/en/news")).toBe("page");
    expect(currentPage(news, "/en/News/")).toBe("page");
  });

  it("does not mark a section's link on a page inside it (only highlighted)", () => {
    expect(currentPage(news, "/en/news/3")).toBeUndefined();
    expect(isActive(news, "/en/news/3")).toBe(true);
  });

  it("never marks an entry that only opens a sub-menu", () => {
    expect(currentPage(about, "/en/overview")).toBeUndefined();
    expect(isActive(about, "/en/overview")).toBe(true);
  });

  it("does not mark the home link on other pages", () => {
    expect(currentPage({ key: "home", label: "Home", to: "/en" }, "/en/news")).toBeUndefined();
    expect(currentPage({ key: "home", label: "Home", to: "/en" }, "/en")).toBe("page");
  });
});
