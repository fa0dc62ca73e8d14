import { describe, expect, it } from "vitest";
import { endpointPath, endpoints, isLanguage, languages } from "./endpoints.ts";

describe("endpoints", () => {
  it("lists the 25 reads of API.md, three of them paged and four by id", () => {
    const all = Object.values(endpoints);
    expect(all).toHaveLength(25);
    expect(all.filter((e) => "paged" in e && e.paged).map((e) => e.path)).toEqual([
      "/api/news",
      "/api/Completed-projects",
      "/api/NotCompleted-projects",
    ]);
    expect(all.filter((e) => e.path.includes(":id")).map((e) => e.path)).toEqual([
      "/api/services/:id",
      "/api/extra-pages/:id",
      "/api/news/:id",
      "/api/projects/:id",
    ]);
  });

  it("fills and encodes ids", () => {
    expect(endpointPath("project", { id: 7 })).toBe("/api/projects/7");
    expect(endpointPath("newsItem", { id: "a/b c" })).toBe("/api/news/a%2Fb%20c");
    expect(endpointPath("news")).toBe("/api/news");
    expect(() => endpointPath("service")).toThrow("service needs an id");
  });

  it("knows the two languages", () => {
    expect(languages).toEqual(["en", "ar"]);
    expect(isLanguage("ar")).toBe(true);
    expect(isLanguage("fr")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
