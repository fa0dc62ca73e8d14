import { describe, expect, it } from "vitest";
import {
  canonicalPath,
  isHomePath,
  languageFromCookie,
  redirectForUnsupportedLanguage,
  switchLanguagePath,
} from "./site-map.ts";

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
  it("switches the language prefix and keeps the rest", () => {
    expect(switchLanguagePath("/en/news/3", "?page=2", "ar")).toBe("/ar/news/3?page=2");
    expect(switchLanguagePath("/ar", "", "en")).toBe("/en");
  });

  it("reads the saved language from the cookie, English otherwise", () => {
    expect(languageFromCookie("a=1; language=ar; b=2")).toBe("ar");
    expect(languageFromCookie("language=fr")).toBe("en");
    expect(languageFromCookie(null)).toBe("en");
  });

  it("knows the home paths", () => {
    expect(isHomePath("/en")).toBe(true);
    expect(isHomePath("/ar/")).toBe(true);
    expect(isHomePath("/en/news")).toBe(false);
  });

  it("spells canonical paths one way", () => {
    expect(canonicalPath("/en/Projects/3/")).toBe("/en/projects/3");
    expect(canonicalPath("/ar/currentprojects")).toBe("/ar/CurrentProjects");
    expect(canonicalPath("/en/hse")).toBe("/en/HSE");
    expect(canonicalPath("/en")).toBe("/en");
  });
});
