/**
 * URL helpers shared by the router, the header and the redirects. The route table itself is
 * app/routes.ts; the page patterns here mirror it for redirects of unsupported languages.
 */
import { defaultLanguage, isLanguage, type Language } from "@site/contract";

/** Page paths under `/{lang}`, as SPEC.md spells them (matching is case-insensitive). */
export const pagePatterns: RegExp[] = [
  /^$/,
  /^\/overview$/i,
  /^\/projects(\/[^/]+)?$/i,
  /^\/currentprojects(\/[^/]+)?$/i,
  /^\/services(\/[^/]+)?$/i,
  /^\/otherpages\/[^/]+$/i,
  /^\/news(\/[^/]+)?$/i,
  /^\/hse$/i,
  /^\/equipment$/i,
  /^\/contactus$/i,
  /^\/iso$/i,
];

const isPage = (rest: string) => pagePatterns.some((pattern) => pattern.test(rest));

/**
 * Where a path under an unsupported language goes: `/EN/x` → `/en/x`; `/fr/projects` →
 * `/en/projects`; `/projects` (no language) → `/en/projects`; anything else → `/en`.
 */
export function redirectForUnsupportedLanguage(pathname: string, search = ""): string {
  const [, first = "", ...restParts] = pathname.split("/");
  const rest = restParts.length ? `/${restParts.join("/")}` : "";
  const lower = first.toLowerCase();
  if (isLanguage(lower)) return `/${lower}${rest}${search}`;
  if (rest && isPage(rest)) return `/${defaultLanguage}${rest}${search}`;
  if (isPage(`/${first}${rest}`)) return `/${defaultLanguage}/${first}${rest}${search}`;
  return `/${defaultLanguage}`;
}

/** The same page in another language: `/en/news/3?page=2` → `/ar/news/3?page=2`. */
export function switchLanguagePath(pathname: string, search: string, to: Language): string {
  const rest = pathname.replace(/^\/[^/]*/, "");
  return `/${to}${rest}${search}`;
}

/** Whether `pathname` is the home page of a language (`/en`, `/ar/`). */
export const isHomePath = (pathname: string) => /^\/(en|ar)\/?$/i.test(pathname);

/** Name of the cookie and local-storage key that keep the visitor's language. */
export const LANGUAGE_KEY = "language";

/** Reads the saved language from a Cookie header. */
export function languageFromCookie(cookieHeader: string | null): Language {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_KEY}=([^;]+)`));
  const value = match?.[1];
  return isLanguage(value) ? value : defaultLanguage;
}

/** Saves the visitor's language where both the browser and the server can read it. */
export function saveLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Storage can be disabled; the cookie below still works.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on `/`
  document.cookie = `${LANGUAGE_KEY}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Canonical spelling of each page's first path segment, keyed by its lower-case form. */
const canonicalSegments: Record<string, string> = {
  overview: "overview",
  projects: "projects",
  currentprojects: "CurrentProjects",
  services: "services",
  otherpages: "otherPages",
  news: "news",
  hse: "HSE",
  equipment: "equipment",
  contactus: "contactUs",
  iso: "iso",
  soso: "soso",
};

/** `/en/Projects/3/` → `/en/projects/3`: one URL per page for canonical links. */
export function canonicalPath(pathname: string): string {
  const [, lang = "", first, ...rest] = pathname.replace(/\/+$/, "").split("/");
  const segment =
    first === undefined ? undefined : (canonicalSegments[first.toLowerCase()] ?? first);
  return ["", lang.toLowerCase(), ...(segment === undefined ? [] : [segment]), ...rest].join("/");
}
