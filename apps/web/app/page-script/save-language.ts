import type { Language } from "@site/contract/languages";
import { LANGUAGE_KEY } from "../shared/page-table.ts";

/**
 * Saves the visitor's language where both the browser and the server can read it. Every page
 * runs it from its inline script (page-script.ts, which passes `key`: the function is inlined
 * with `toString()` and must use nothing from outside its body).
 */
export function saveLanguage(lang: Language, key: string = LANGUAGE_KEY) {
  try {
    localStorage.setItem(key, lang);
  } catch {
    // Storage can be disabled; the cookie below still works.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on `/`
  document.cookie = `${key}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
