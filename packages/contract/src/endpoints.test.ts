import { describe, expect, it } from "vitest";
import { endpointPath, endpoints, readPayload } from "./endpoints.ts";
import { describeIssues } from "./envelope.ts";
import { isLanguage, languages } from "./languages.ts";

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

describe("readPayload", () => {
  const rows = [
    { id: 7, title: "Tower", client: "City", date: "2023-04-30", amount: "12,500,000 SAR" },
    { id: "8", title: "Bridge", client: "Port", date: "2024-01-02T09:30:00Z", amount: 5 },
  ];
  const pagination = { current_page: 2, last_page: 4, per_page: 9, total: 31 };

  it("reads both forms of a page the same way and says which it saw", () => {
    const nested = readPayload("completedProjects", { data: { data: rows, pagination } });
    const flat = readPayload("completedProjects", { data: rows, pagination, links: {} });
    expect(nested).toMatchObject({ success: true, form: "nested" });
    expect(flat).toMatchObject({ success: true, form: "flat" });
    if (!nested.success || !flat.success) throw new Error("unreachable");
    expect(flat.payload).toEqual(nested.payload);
    expect(flat.payload.data.map((row) => row.title)).toEqual(["Tower", "Bridge"]);
    expect(flat.payload.pagination.last_page).toBe(4);
  });

  it("reads an empty flat page past the end", () => {
    const read = readPayload("news", { data: [], pagination: { ...pagination, current_page: 5 } });
    expect(read.success && read.payload.data).toEqual([]);
  });

  it("names the offending field in either form", () => {
    const bad = { ...pagination, last_page: 0 };
    for (const body of [
      { data: { data: rows, pagination: bad } },
      { data: rows, pagination: bad },
    ]) {
      const read = readPayload("currentProjects", body);
      expect(read.success).toBe(false);
      if (!read.success)
        expect(describeIssues(read.error)[0]).toBe(
          "data.pagination.last_page: Too small: expected number to be >=1",
        );
    }
  });

  it("does not take a flat body for a list that is not paged", () => {
    expect(readPayload("services", { data: [], pagination }).success).toBe(true);
    const read = readPayload("news", { data: rows.map(({ id, title }) => ({ id, title })) });
    expect(read.success).toBe(false);
  });

  it("gives unpaged payloads without a form", () => {
    const read = readPayload("contactInfo", { data: [{ title: "Phone", info: "+1" }] });
    expect(read).toEqual({ success: true, payload: [{ title: "Phone", info: "+1" }] });
  });
});
