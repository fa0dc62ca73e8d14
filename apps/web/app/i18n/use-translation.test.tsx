/**
 * The hook's `t` answers as i18next does, for plain strings (kept) and for the rest (passed
 * on), in the language of the provider; and it is one function per language, not one per call.
 */

import type { Language } from "@site/contract/languages";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import ar from "./ar.json";
import en from "./en.json";
import { i18nFor } from "./index.ts";
import { type Translation, useTranslation } from "./use-translation.ts";

let seen: Translation | undefined;

/** A component that keeps what the hook gave it. */
function Probe(): ReactNode {
  seen = useTranslation();
  return null;
}

/** What the hook gives a component rendered under the provider of `lang`. */
function translationIn(lang: Language): Translation {
  seen = undefined;
  renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: i18nFor(lang) }, createElement(Probe)),
  );
  if (!seen) throw new Error("the probe did not render");
  return seen;
}

describe("useTranslation", () => {
  it("gives each plain string of the provider's language, as i18next does", () => {
    for (const [lang, strings] of [
      ["en", en],
      ["ar", ar],
    ] as const) {
      const { t, i18n } = translationIn(lang);
      expect(i18n.language).toBe(lang);
      for (const key of Object.keys(strings) as (keyof typeof en)[]) {
        if (strings[key].includes("{{")) continue;
        expect(t(key)).toBe(strings[key]);
        expect(t(key)).toBe(i18nFor(lang).t(key));
      }
    }
  });

  it("passes keys with options on to i18next: interpolation works in both languages", () => {
    const english = translationIn("en").t("nav.switchTo", { language: "العربية" });
    const arabic = translationIn("ar").t("nav.switchTo", { language: "English" });
    expect(english).toBe("Switch to العربية");
    expect(arabic).toBe(ar["nav.switchTo"].replace("{{language}}", "English"));
    expect(arabic).not.toContain("{{");
  });

  it("sets a query apart from the sentence around it in both languages (`{{query, isolate}}`)", () => {
    for (const lang of ["en", "ar"] as const) {
      const said = translationIn(lang).t("search.resultCount", { query: "ISO 9001", count: 2 });
      // The query whole between U+2068 and U+2069, the count outside them.
      expect(said).toContain("\u2068ISO 9001\u2069");
      expect(said).toMatch(/\u2069[^\u2068]*2$/);
      expect(i18nFor(lang).t("search.titleFor", { query: "جسر" })).toContain("\u2068جسر\u2069");
    }
  });

  it("answers plain strings from the language file, and only the rest through i18next", () => {
    const { t } = translationIn("ar");
    const asked = vi.spyOn(i18nFor("ar"), "t");
    try {
      expect(t("nav.home")).toBe(ar["nav.home"]);
      expect(asked).not.toHaveBeenCalled();
      t("nav.switchTo", { language: "English" });
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
    }
  });

  it("says so when rendered outside the provider, rather than guess a language", () => {
    expect(() => renderToStaticMarkup(createElement(Probe))).toThrow(/I18nextProvider/);
  });

  it("is one translation per language, the same on every render", () => {
    expect(translationIn("ar")).toBe(translationIn("ar"));
    expect(translationIn("en").t).not.toBe(translationIn("ar").t);
  });
});
