/**
 * The saved language: written on every page, and followed by the page `/` sent a visitor to by
 * default when only local storage holds one (no cookie for the server to read).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveLanguage } from "./save-language.ts";

afterEach(() => vi.unstubAllGlobals());

const mark = "language-by-default";
const known = ["en", "ar"];

/** A page with this local storage and these cookies; `document.cookie` as a browser keeps it. */
function pageWith({ stored, cookies = [] }: { stored?: string; cookies?: string[] }) {
  const storage = new Map<string, string>(stored ? [["language", stored]] : []);
  const jar = new Map(cookies.map((pair) => pair.split("=") as [string, string]));
  const replaced: string[] = [];
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal("document", {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(written: string) {
      const [pair = "", ...attributes] = written.split("; ");
      const [name = "", value = ""] = pair.split("=");
      if (attributes.includes("Max-Age=0")) jar.delete(name);
      else jar.set(name, value);
    },
  });
  vi.stubGlobal("location", { replace: (to: string) => replaced.push(to) });
  return { storage, jar, replaced };
}

describe("saveLanguage", () => {
  it("goes on from the default language `/` chose to the one local storage keeps, once", () => {
    const page = pageWith({ stored: "ar", cookies: [`${mark}=1`] });
    saveLanguage("en", "language", mark, known);
    expect(page.replaced).toEqual(["/ar"]);
    // Nothing written over the saved choice, and the mark spent: the Arabic page saves Arabic.
    expect(page.storage.get("language")).toBe("ar");
    expect([...page.jar.keys()]).toEqual([]);
    saveLanguage("ar", "language", mark, known);
    expect(page.replaced).toEqual(["/ar"]);
    expect(page.jar.get("language")).toBe("ar");
  });

  it("saves the page's language otherwise: asked for by address, the same, or an unknown one", () => {
    const cases = [
      () => pageWith({ stored: "ar" }), // not sent by `/`: `/en/`, `/EN`, a link, typed
      () => pageWith({ stored: "en", cookies: [`${mark}=1`] }),
      () => pageWith({ stored: "fr", cookies: [`${mark}=1`] }),
      () => pageWith({ cookies: [`${mark}=1`] }),
    ];
    for (const open of cases) {
      const page = open();
      saveLanguage("en", "language", mark, known);
      expect(page.replaced).toEqual([]);
      expect(page.storage.get("language")).toBe("en");
      expect(page.jar.get("language")).toBe("en");
      expect(page.jar.has(mark)).toBe(false);
    }
  });

  it("still writes the cookie where storage is refused", () => {
    const page = pageWith({ cookies: [`${mark}=1`] });
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    });
    saveLanguage("ar", "language", mark, known);
    expect(page.jar.get("language")).toBe("ar");
  });
});
