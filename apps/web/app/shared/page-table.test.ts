import vm from "node:vm";
import { languages } from "@site/contract/languages";
import { describe, expect, it } from "vitest";
import {
  canonicalPath,
  fileInSupportedLanguage,
  HOME_PATH,
  href,
  isHomePath,
  isPagePath,
  langParam,
  languageOfPath,
  languageOfSegment,
  PAGE_PATH,
  type PageName,
  pageAddress,
  pageOf,
  pageQuery,
  pages,
  parentPage,
  redirectForUnsupportedLanguage,
  savedLanguage,
  switchLanguagePath,
} from "./page-table.ts";

describe("redirectForUnsupportedLanguage", () => {
  it.each([
    ["/EN/news", "", "/en/news"],
    ["/Ar", "", "/ar"],
    ["/fr/news/4", "", "/en/news/4"],
    ["/fr/projects", "?page=2", "/en/projects?page=2"],
    ["/de/unknown", "", "/en"],
    ["/projects/7", "", "/en/projects/7"],
    ["/CurrentProjects", "", "/en/CurrentProjects"],
    ["/whatever", "", "/en"],
  ])("%s%s → %s", (path, search, expected) => {
    expect(redirectForUnsupportedLanguage(path, search)).toBe(expected);
  });
});

describe("language helpers", () => {
  it("reads a language segment in any case, and nothing else", () => {
    for (const lang of languages) {
      expect(languageOfSegment(lang)).toBe(lang);
      expect(languageOfSegment(lang.toUpperCase())).toBe(lang);
    }
    expect(languageOfSegment("Ar")).toBe("ar");
    for (const segment of [undefined, "", "fr", "arabic", " en", "en/", "e n"])
      expect(languageOfSegment(segment), segment).toBeUndefined();
  });

  it("sends a file under another spelling of a language, or another language, to its one address", () => {
    const fileOf = (lang: string) => `/${lang}/news/feed.xml`;
    expect(fileInSupportedLanguage("AR", fileOf)).toBe("/ar/news/feed.xml");
    expect(fileInSupportedLanguage("fr", fileOf)).toBe("/en/news/feed.xml");
  });

  it("reads a path's language from its first segment, in any case, and nothing else", () => {
    expect(languageOfPath("/ar/news")).toBe("ar");
    expect(languageOfPath("/EN")).toBe("en");
    expect(languageOfPath("/Ar/")).toBe("ar");
    for (const path of ["/", "", "/fr/news", "/arabic", "/news/ar", "//ar", "/en%2F"])
      expect(languageOfPath(path), path).toBeUndefined();
  });

  it("switches the language prefix and keeps the rest", () => {
    expect(switchLanguagePath("/en/news/3", "?page=2", "ar")).toBe("/ar/news/3?page=2");
    expect(switchLanguagePath("/ar", "", "en")).toBe("/en");
  });

  it("reads the saved language from the cookie, English otherwise", () => {
    expect(savedLanguage("a=1; language=ar; b=2")).toBe("ar");
    expect(savedLanguage("language=fr")).toBeUndefined();
    expect(savedLanguage(null)).toBeUndefined();
  });

  it("knows the home paths", () => {
    expect(isHomePath("/en")).toBe(true);
    expect(isHomePath("/ar/")).toBe(true);
    expect(isHomePath("/")).toBe(true);
    expect(isHomePath("/fr")).toBe(false);
    expect(isHomePath("/en/news")).toBe(false);
    expect(isHomePath("/AR")).toBe(true);
  });

  it("writes its address patterns as literals the page script can inline, for every language", () => {
    for (const pattern of [HOME_PATH, PAGE_PATH]) {
      const inlined = vm.runInNewContext(String(pattern)) as RegExp;
      expect(inlined.source).toBe(pattern.source);
      expect(inlined.flags).toBe(pattern.flags);
    }
    for (const lang of languages) {
      expect(isHomePath(`/${lang.toUpperCase()}/`), lang).toBe(true);
      expect(isPagePath(`/${lang}/news/3`), lang).toBe(true);
    }
  });

  it("tells pages from files", () => {
    for (const page of ["/", "/en", "/ar/", "/EN/news/3", "/ar/projects/12/"])
      expect(isPagePath(page), page).toBe(true);
    for (const file of [
      "/storage/profile/company.pdf",
      "/img",
      "/en/news/feed.xml",
      "/sitemap.xml",
      "/fr/news",
    ])
      expect(isPagePath(file), file).toBe(false);
  });

  it("spells canonical paths one way", () => {
    expect(canonicalPath("/en/Projects/3/")).toBe("/en/projects/3");
    expect(canonicalPath("/ar/currentprojects")).toBe("/ar/CurrentProjects");
    expect(canonicalPath("/en/hse")).toBe("/en/HSE");
    expect(canonicalPath("/en")).toBe("/en");
  });
});

describe("the page table", () => {
  it("builds addresses, encoding ids", () => {
    expect(href("home", "ar")).toBe("/ar");
    expect(href("newsItem", "en", 3)).toBe("/en/news/3");
    expect(href("currentProject", "ar", "a/b")).toBe("/ar/CurrentProjects/a%2Fb");
    expect(href("contact", "en")).toBe("/en/contactUs");
  });

  it("names the page of any spelling of a path", () => {
    expect(pageOf("/currentprojects/4")).toBe("currentProject");
    expect(pageOf("/CurrentProjects")).toBe("currentProjects");
    expect(pageOf("hse")).toBe("hse");
    expect(pageOf("")).toBe("home");
    expect(pageOf("/news/4/extra")).toBeUndefined();
    expect(pageOf("/unknown")).toBeUndefined();
  });

  it("takes the language from the route, English for anything else", () => {
    expect(langParam({ lang: "ar" })).toBe("ar");
    expect(langParam({ lang: "fr" })).toBe("en");
    // Only its one spelling: the layout redirects any other, and an action before it reads English.
    expect(langParam({ lang: "AR" })).toBe("en");
    expect(langParam({})).toBe("en");
  });

  it("puts an item's page below its list page, a page of the table without an id", () => {
    expect(parentPage("newsItem")).toBe("news");
    expect(parentPage("currentProject")).toBe("currentProjects");
    expect(parentPage("otherPage")).toBeUndefined();
    expect(parentPage("news")).toBeUndefined();
    for (const name of Object.keys(pages) as PageName[]) {
      const parent = parentPage(name);
      if (parent) expect(pages[parent].path, name).not.toContain(":id");
    }
  });

  it("gives every page an address its own table matches back", () => {
    for (const name of Object.keys(pages) as PageName[])
      expect(pageOf(href(name, "en", 7).slice("/en".length))).toBe(name);
  });
});

describe("pageAddress", () => {
  it.each([
    ["/en/news", "/en/news"],
    ["/EN/%6Eews/", "/en/news"],
    ["/ar//news//", "/ar/news"],
    // As spelt: `007` may be a string id of its own (item-id.ts).
    ["/ar/news/007", "/ar/news/007"],
    ["/en/news/0", "/en/news/0"],
    ["/en/currentprojects/%31%32", "/en/CurrentProjects/12"],
    ["/Ar", "/ar"],
    // API.md: "string ids must also be accepted", kept as they are, encoded into one segment.
    ["/en/news/abc", "/en/news/abc"],
    ["/en/news/Road-7", "/en/news/Road-7"],
    ["/en/news/00a", "/en/news/00a"],
    ["/ar/news/%D8%AE%D8%A8%D8%B1", "/ar/news/%D8%AE%D8%A8%D8%B1"],
    ["/en/news/a%3Fb%23c", "/en/news/a%3Fb%23c"],
    [`/en/news/${"9".repeat(19)}`, `/en/news/${"9".repeat(19)}`],
    // A slug made of a long title, and an id with a space inside.
    [`/en/news/${"x".repeat(255)}`, `/en/news/${"x".repeat(255)}`],
    ["/en/CurrentProjects/Phase+2", "/en/CurrentProjects/Phase%2B2"],
    ["/en/CurrentProjects/Phase%202", "/en/CurrentProjects/Phase%202"],
    ["/en/projects/-5", "/en/projects/-5"],
  ])("%s names %s", (path, address) => {
    expect(pageAddress(path)?.path).toBe(address);
  });

  it("gives an item's id as the address spells it, and none for a page without one", () => {
    expect(pageAddress("/AR/News/007/")).toEqual({
      page: "newsItem",
      lang: "ar",
      path: "/ar/news/007",
      id: "007",
    });
    expect(pageAddress("/en/news")?.id).toBeUndefined();
  });

  it.each([
    "/",
    "/fr/news",
    "/en/no-such-page",
    "/en/news/01%2F..%2F..%2F%09%2Fevil.example",
    "/en/news/%2F%2Fevil.example",
    "/en/news%2F7",
    "/en/news/%E0%A4%A",
    "/en/news/%2E%2E",
    "/en/news/1.5",
    "/en/news/feed.xml",
    "/en/news/.",
    "/en/news/%20b",
    "/en/news/a%20",
    "/en/news/a%00b",
    "/en/news/a%5Cb",
    `/en/news/${"x".repeat(256)}`,
  ])("names no page for %s", (path) => {
    expect(pageAddress(path)).toBeUndefined();
  });
});

describe("pageQuery", () => {
  const query = (page: PageName, search: string) => pageQuery(page, new URLSearchParams(search));

  it("keeps only what the page reads", () => {
    expect(query("overview", "q=x&page=2&utm_source=y")).toBe("");
    expect(query("news", "q=x&page=2&utm_source=y")).toBe("?page=2");
    expect(query("search", "utm_source=y&page=3&kind=news&q=x")).toBe("?q=x&kind=news&page=3");
  });

  it("spells the same request one way", () => {
    expect(query("news", "page=1")).toBe("");
    expect(query("search", "q=%20%20steel%20%0A%20works%20")).toBe("?q=steel+works");
    expect(query("search", "q=")).toBe("");
    expect(query("search", "q=x&kind=News%3F")).toBe("?q=x");
    // A word that is no kind of result is no filter: no entry of its own, no pager links with it.
    expect(query("search", "q=x&kind=bogus")).toBe("?q=x");
    expect(query("search", `q=${"a".repeat(500)}`)).toBe(`?q=${"a".repeat(200)}`);
  });
});
