/**
 * The saved language: written on every page, and followed by the page `/` redirected to when
 * only local storage holds it (no cookie for the server to read).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveLanguage } from "./save-language.ts";

afterEach(() => vi.unstubAllGlobals());

/** A page at `pathname` with this storage and cookie, reached through `redirects` redirects. */
function pageAt(
  pathname: string,
  { stored, cookie = "", redirects = 0 }: { stored?: string; cookie?: string; redirects?: number },
) {
  const storage = new Map<string, string>(stored ? [["language", stored]] : []);
  const replaced: string[] = [];
  const document = { cookie };
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal("document", document);
  vi.stubGlobal("performance", {
    getEntriesByType: (type: string) =>
      type === "navigation" ? [{ redirectCount: redirects }] : [],
  });
  vi.stubGlobal("location", { pathname, replace: (to: string) => replaced.push(to) });
  return { storage, replaced, document };
}

const known = ["en", "ar"];

describe("saveLanguage", () => {
  it("sends the home `/` redirected to on to the language local storage keeps, when no cookie says one", () => {
    const page = pageAt("/en", { stored: "ar", redirects: 1 });
    saveLanguage("en", "language", known);
    expect(page.replaced).toEqual(["/ar"]);
    // Nothing written over the saved choice: the Arabic page writes the cookie.
    expect(page.storage.get("language")).toBe("ar");
    expect(page.document.cookie).toBe("");
  });

  it("saves the page's language otherwise: asked for by name, with a cookie, elsewhere, or an unknown value", () => {
    const cases = [
      () => pageAt("/en", { stored: "ar" }), // typed or followed: no redirect
      () => pageAt("/en", { stored: "ar", redirects: 1, cookie: "theme=dark; language=en" }),
      () => pageAt("/en/news", { stored: "ar", redirects: 1 }), // a page's other spelling
      () => pageAt("/en", { stored: "fr", redirects: 1 }),
      () => pageAt("/en", { redirects: 1 }),
    ];
    for (const open of cases) {
      const page = open();
      saveLanguage("en", "language", known);
      expect(page.replaced).toEqual([]);
      expect(page.storage.get("language")).toBe("en");
      expect(page.document.cookie).toMatch(
        /^language=en; Path=\/; Max-Age=31536000; SameSite=Lax$/,
      );
    }
  });

  it("still writes the cookie where storage is refused", () => {
    const page = pageAt("/ar", {});
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    });
    saveLanguage("ar", "language", known);
    expect(page.document.cookie).toMatch(/^language=ar;/);
  });
});
