import type { Language } from "@site/contract/languages";
import { LANGUAGE_KEY } from "../shared/page-table.ts";

/**
 * Saves the visitor's language where both the browser and the server can read it: local
 * storage, where SPEC keeps it, and a cookie, which the server reads to redirect `/`. Every
 * page runs it from its inline script (page-script.ts, which passes `key` and `known`: the
 * function is inlined with `toString()` and must use nothing from outside its body).
 *
 * A visitor whose local storage holds a language but who has no cookie (cookies cleared, a year
 * gone by) is sent by `/` to the default language: the page that redirect lands on, the
 * language's home, goes on to the saved one instead of saving its own over it.
 */
export function saveLanguage(
  lang: Language,
  key: string = LANGUAGE_KEY,
  known: readonly string[] = [],
) {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(key);
  } catch {
    // Storage can be disabled; the cookie below still works.
  }
  const hasCookie = document.cookie.split("; ").some((pair) => pair.startsWith(`${key}=`));
  /** Whether this page was reached through a redirect (`/` → `/en`; same-origin ones count). */
  const redirected = () => {
    const [navigation] = performance.getEntriesByType("navigation");
    return ((navigation as PerformanceNavigationTiming | undefined)?.redirectCount ?? 0) > 0;
  };
  if (
    !hasCookie &&
    saved !== null &&
    saved !== lang &&
    known.includes(saved) &&
    location.pathname === `/${lang}` &&
    redirected()
  ) {
    location.replace(`/${saved}`);
    return;
  }
  try {
    localStorage.setItem(key, lang);
  } catch {
    // As above.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on `/`
  document.cookie = `${key}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
