/**
 * Interface strings, all but the contact form's field messages, which the reference API answers
 * with too (`@site/contract/contact-form`). One file per language with flat dotted keys;
 * Arabic is typed from English, so a missing Arabic key fails the type-check.
 * A new language: its code in `languages` (packages/contract/src/languages.ts), its file here
 * typed like `ar` in `resources`, its fonts in app/fonts.css, its name in the company file and
 * its `og:locale` (shared/seo.ts); the direction comes from the platform (`directionOf`). A
 * third language would also need the switcher and the `hreflang` links to offer each other
 * one (`otherLanguage` gives one), and the footer's direction (SPEC: only English runs LTR).
 */
import type { Language } from "@site/contract/languages";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { isolate } from "../shared/text.ts";
import ar from "./ar.json";
import en from "./en.json";

const resources = {
  en: { translation: en },
  ar: { translation: ar satisfies Record<keyof typeof en, string> },
} as const;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
    keySeparator: false;
  }
}

const directions = new Map<Language, "ltr" | "rtl">();

/** Text direction of a language, from the platform's locale data (read once a language). */
export function directionOf(lang: Language): "ltr" | "rtl" {
  let direction = directions.get(lang);
  if (!direction) {
    direction = directionFromLocale(lang);
    directions.set(lang, direction);
  }
  return direction;
}

function directionFromLocale(lang: Language): "ltr" | "rtl" {
  const locale = new Intl.Locale(lang) as Intl.Locale & {
    getTextInfo?: () => { direction: string };
  };
  const direction = locale.getTextInfo?.().direction;
  if (direction === "rtl" || direction === "ltr") return direction;
  return lang === "ar" ? "rtl" : "ltr";
}

const instances = new Map<Language, i18n>();

/** The i18next instance of a language (created once; resources are bundled, so init is sync). */
export function i18nFor(lang: Language): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    instance.use(initReactI18next).init({
      resources,
      lng: lang,
      fallbackLng: false,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    // `{{query, isolate}}`: a visitor's or the API's text set apart from the sentence around
    // it (see `isolate`), so a Latin query ending in a digit does not pull the count after it
    // into its run in Arabic («2 :»ISO 9001), nor an Arabic one scramble an English sentence.
    instance.services.formatter?.add("isolate", (value) => isolate(String(value)));
    instances.set(lang, instance);
  }
  return instance;
}
