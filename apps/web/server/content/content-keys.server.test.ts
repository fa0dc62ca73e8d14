import { describe, expect, it } from "vitest";
import {
  contentKeyOf,
  contentKeyOfApiPath,
  contentKeysOf,
  pageKeyOf,
  surrogateKeys,
} from "./content-keys.server.ts";

describe("content keys", () => {
  it("name an answer's content without language or page: every page of a list is one key", () => {
    expect(contentKeyOf("en /api/news?page=2")).toBe("/api/news");
    expect(contentKeyOf("ar /api/news/301")).toBe("/api/news/301");
    expect(
      contentKeysOf(["en /api/news?page=1", "ar /api/news?page=3", "en /api/footers"]),
    ).toEqual(["/api/footers", "/api/news"]);
  });

  it("read API paths as API.md writes them, in the contract's spelling", () => {
    expect(contentKeyOfApiPath("/api/news/301")).toBe("/api/news/301");
    expect(contentKeyOfApiPath("/api/news")).toBe("/api/news");
    expect(contentKeyOfApiPath("/api/news?page=4")).toBe("/api/news");
    expect(contentKeyOfApiPath("/api/completed-projects")).toBe("/api/Completed-projects");
    expect(contentKeyOfApiPath("/api/projects/0101")).toBe("/api/projects/101");
    expect(contentKeyOfApiPath("/api/our_profile")).toBe("/api/our_profile");
  });

  it("refuse what names no endpoint of the contract", () => {
    for (const path of [
      "/api/nothing",
      "/api/news/abc",
      "/api/news/",
      "/api/hse/3",
      "/api/news?q=x",
      "/en/news",
      "api/news",
      "/api/news/1/2",
      `/api/news/${"9".repeat(19)}`,
    ]) {
      expect(contentKeyOfApiPath(path), path).toBeUndefined();
    }
  });

  it("give a page its own path's key first, then its content's", () => {
    expect(pageKeyOf("/en/news?page=2")).toBe("/en/news");
    expect(pageKeyOf("/ar/news/3.data?_routes=x")).toBe("/ar/news/3");
    expect(surrogateKeys("/en/news?page=2", ["en /api/news?page=2", "en /api/footers"])).toBe(
      "/en/news /api/footers /api/news",
    );
  });
});
