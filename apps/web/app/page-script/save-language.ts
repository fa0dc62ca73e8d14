import type { Language } from "@site/contract/languages";
import { DEFAULT_LANGUAGE_MARK, LANGUAGE_KEY } from "../shared/page-table.ts";

/**
 * Saves the visitor's language where both the browser and the server can read it: local
 * storage, where SPEC keeps it, and a cookie, which the server reads to redirect `/`. Every
 * page runs it from its inline script (page-script.ts, which passes `key`, `mark` and `known`:
 * the function is inlined with `toString()` and must use nothing from outside its body).
 *
 * A visitor whose local storage holds a language but who has no cookie (cookies cleared, a year
 * gone by) is sent by `/` to the default language, marked so (`mark`, root-redirect.tsx): that
 * page goes on to the saved language instead of saving its own over it.
 */
export function saveLanguage(
  lang: Language,
  key: string = LANGUAGE_KEY,
  mark: string = DEFAULT_LANGUAGE_MARK,
  known: readonly string[] = [],
) {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(key);
  } catch {
    // Storage can be disabled; the cookie below still works.
  }
  const byDefault = document.cookie.split("; ").includes(`${mark}=1`);
  if (byDefault) {
    // biome-ignore lint/suspicious/noDocumentCookie: the mark is read once, here
    document.cookie = `${mark}=; Path=/; Max-Age=0; SameSite=Lax`;
    if (saved !== null && saved !== lang && known.includes(saved)) {
      location.replace(`/${saved}`);
      return;
    }
  }
  try {
    localStorage.setItem(key, lang);
  } catch {
    // As above.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on `/`
  document.cookie = `${key}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
