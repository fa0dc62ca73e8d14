/** The site's languages: no dependencies, so the browser can import it alone. */
export const languages = ["en", "ar"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";
export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);
/** The language a page offers beside its own (its switcher, its `hreflang` alternate). */
export const otherLanguage = (lang: Language): Language =>
  languages.find((other) => other !== lang) ?? defaultLanguage;
