/** Small pure pieces: paging and id parsing, storage paths, client address, seed URLs. */
import type { IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { clientAddress } from "../src/http/client-ip.ts";
import { requestLanguage } from "../src/http/i18n.ts";
import { matchRead, parseId, parsePage } from "../src/http/routes.ts";
import { storageFile } from "../src/http/storage.ts";
import { readSeed, storageUrls } from "../src/seed/seed-files.ts";
import { fixtureSeedDir } from "./helpers.ts";

const fakeRequest = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe("routes", () => {
  test("paths match exactly as API.md writes them", () => {
    expect(matchRead("/api/Completed-projects")).toEqual({ name: "completedProjects" });
    expect(matchRead("/api/completed-projects")).toBeUndefined();
    expect(matchRead("/api/our_profile")).toEqual({ name: "companyProfile" });
    expect(matchRead("/api/news/12")).toEqual({ name: "newsItem", id: "12" });
    expect(matchRead("/api/news/12/")).toBeUndefined();
    expect(matchRead("/api/news-page")).toEqual({ name: "newsPage" });
  });

  test.each([
    ["", 1],
    ["page=3", 3],
    ["page=0", 1],
    ["page=-1", 1],
    ["page=abc", 1],
    ["page=2.5", 1],
    ["page=4x", 1],
    ["page=%204", 4],
    ["page=007", 7],
    ["page=99999999999999999999999", 1_000_000],
  ])("?%s is page %i", (query, page) => {
    expect(parsePage(query)).toBe(page);
  });

  test.each([
    ["7", 7],
    ["%37", 7],
    ["0", 0],
    ["abc", undefined],
    ["-1", undefined],
    ["1.0", undefined],
    ["99999999999", undefined],
    ["%E0%A4%A", undefined],
  ])("id %s is %s", (raw, id) => {
    expect(parseId(raw)).toBe(id);
  });
});

test("the lang header picks the language, English by default", () => {
  const lang = (value?: string) =>
    requestLanguage(fakeRequest("::1", value ? { lang: value } : {}));
  expect([
    lang("ar"),
    lang(" AR "),
    lang("ar-SA"),
    lang("en"),
    lang("fr"),
    lang(""),
    lang(),
  ]).toEqual(["ar", "ar", "ar", "en", "en", "en", "en"]);
});

describe("storage paths", () => {
  test("plain paths resolve inside the folder", () => {
    expect(storageFile("/srv/storage", "projects/7/1.jpg")).toBe("/srv/storage/projects/7/1.jpg");
    expect(storageFile("/srv/storage", "a%20b.jpg")).toBe("/srv/storage/a b.jpg");
  });

  test.each([
    "../x",
    "a/../../x",
    "%2e%2e/x",
    "a%2f..%2f..%2fx",
    "a%5cb",
    ".env",
    "a//b",
    "",
    "%zz",
    "a%00",
  ])("%s is refused", (raw) => {
    expect(storageFile("/srv/storage", raw)).toBeUndefined();
  });
});

describe("client address", () => {
  const trusted = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

  test("a trusted proxy's X-Forwarded-For names the visitor", () => {
    const req = fakeRequest("127.0.0.1", { "x-forwarded-for": "203.0.113.9, 10.0.0.1" });
    expect(clientAddress(req, trusted)).toBe("203.0.113.9");
  });

  test("anyone else is known by the socket address", () => {
    const req = fakeRequest("198.51.100.4", { "x-forwarded-for": "203.0.113.9" });
    expect(clientAddress(req, trusted)).toBe("198.51.100.4");
  });

  test("a malformed header falls back to the socket address", () => {
    expect(clientAddress(fakeRequest("::1", { "x-forwarded-for": "not an ip" }), trusted)).toBe(
      "::1",
    );
    expect(clientAddress(fakeRequest("::1"), trusted)).toBe("::1");
  });
});

test("every /storage URL of the seed is collected, inside HTML too", async () => {
  const urls = storageUrls(await readSeed(fixtureSeedDir));
  expect(urls).toContain("/storage/fixture/company-profile.pdf");
  expect(urls).toContain("/storage/fixture/inline.png");
  expect(urls).toContain("/storage/fixture/project-10-2.jpg");
  expect(urls.every((url) => url.startsWith("/storage/"))).toBe(true);
  expect(new Set(urls).size).toBe(urls.length);
});
