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
    // An id as it is spelt (`0101` may be a string id of its own).
    expect(contentKeyOfApiPath("/api/projects/0101")).toBe("/api/projects/0101");
    expect(contentKeyOfApiPath("/api/our_profile")).toBe("/api/our_profile");
  });

  it("read string ids as the API client's cache keys write them: encoded, as they are", () => {
    expect(contentKeyOfApiPath("/api/news/n-1")).toBe("/api/news/n-1");
    expect(contentKeyOfApiPath("/api/news/Road-7")).toBe("/api/news/Road-7");
    expect(contentKeyOfApiPath("/api/news/%D8%AE%D8%A8%D8%B1")).toBe(
      "/api/news/%D8%AE%D8%A8%D8%B1",
    );
    expect(contentKeyOfApiPath("/api/news/خبر")).toBe("/api/news/%D8%AE%D8%A8%D8%B1");
    expect(contentKeyOfApiPath(`/api/news/${"9".repeat(19)}`)).toBe(`/api/news/${"9".repeat(19)}`);
    // The longest id: 64 characters of 4 bytes each, every byte encoded.
    const longest = encodeURIComponent("𝔸".repeat(64));
    expect(contentKeyOfApiPath(`/api/news/${longest}`)).toBe(`/api/news/${longest}`);
  });

  it("refuse what names no endpoint of the contract", () => {
    for (const path of [
      "/api/nothing",
      "/api/news/",
      "/api/hse/3",
      "/api/news?q=x",
      "/en/news",
      "api/news",
      "/api/news/1/2",
      "/api/news/..",
      "/api/news/%20b",
      "/api/news/%E0%A4%A",
      `/api/news/${"x".repeat(256)}`,
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
