import { describe, expect, it } from "vitest";
import { activeEntry, ariaCurrent, isActive, type NavLink } from "./navigation.ts";

const news: NavLink = { key: "news", label: "News", to: "/en/news" };
const about: NavLink = {
  key: "about",
  label: "About Us",
  children: [{ key: "overview", label: "Overview", to: "/en/overview" }],
};

describe("ariaCurrent", () => {
  const mark = (link: NavLink, pathname: string) =>
    ariaCurrent(link, pathname, isActive(link, pathname));

  it("marks the link to the page shown, whatever the case or a trailing slash", () => {
    expect(mark(news, "/en/news")).toBe("page");
    expect(mark(news, "/en/News/")).toBe("page");
  });

  it("marks a section's link, and an entry that opens its sub-menu, as the current section", () => {
    expect(mark(news, "/en/news/3")).toBe("true");
    expect(mark(about, "/en/overview")).toBe("true");
    expect(mark(about, "/en/news")).toBeUndefined();
  });

  it("does not mark the home link on other pages", () => {
    expect(mark({ key: "home", label: "Home", to: "/en" }, "/en/news")).toBeUndefined();
    expect(mark({ key: "home", label: "Home", to: "/en" }, "/en")).toBe("page");
  });
});

describe("activeEntry", () => {
  const services: NavLink[] = [
    { key: "all", label: "All Services", to: "/en/services" },
    { key: "2", label: "Roads", to: "/en/services/2" },
    { key: "3", label: "MEP", to: "/en/services/3" },
  ];
  const projects: NavLink[] = [
    { key: "completed", label: "Completed", to: "/en/projects" },
    { key: "current", label: "Current", to: "/en/CurrentProjects" },
  ];

  it("highlights one entry: an item's own, not the list's beside it", () => {
    expect(activeEntry(services, "/en/services/2")?.key).toBe("2");
    expect(activeEntry(services, "/en/services")?.key).toBe("all");
  });

  it("highlights the list on an item it does not list, and nothing elsewhere", () => {
    expect(activeEntry(projects, "/en/projects/20")?.key).toBe("completed");
    expect(activeEntry(projects, "/en/currentprojects/20")?.key).toBe("current");
    expect(activeEntry(services, "/en/services/9")?.key).toBe("all");
    expect(activeEntry(services, "/en/news")).toBeUndefined();
  });
});
