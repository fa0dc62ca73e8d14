/**
 * Every page of the site, in one table, and the URL helpers built on it: the one source of URL
 * and language knowledge. `routes.ts` builds
 * the routes from it; canonical links, redirects of unsupported languages, the language
 * switcher and links between pages read it. All pages sit under `/{lang}` (SPEC.md section 2);
 * paths are spelled as the spec spells them and matched case-insensitively.
 */
import { defaultLanguage, isLanguage, type Language } from "@site/contract/languages";

export const pages = {
  home: { path: "", module: "routes/home.tsx" },
  overview: { path: "overview", module: "routes/overview.tsx" },
  // Completed and current projects share their list and detail modules.
  completedProjects: { path: "projects", module: "routes/projects.tsx" },
  completedProject: { path: "projects/:id", module: "routes/project.tsx" },
  currentProjects: { path: "CurrentProjects", module: "routes/projects.tsx" },
  currentProject: { path: "CurrentProjects/:id", module: "routes/project.tsx" },
  services: { path: "services", module: "routes/services.tsx" },
  service: { path: "services/:id", module: "routes/service.tsx" },
  otherPage: { path: "otherPages/:id", module: "routes/other-page.tsx" },
  news: { path: "news", module: "routes/news.tsx" },
  newsItem: { path: "news/:id", module: "routes/news-item.tsx" },
  hse: { path: "HSE", module: "routes/hse.tsx" },
  equipment: { path: "equipment", module: "routes/equipment.tsx" },
  iso: { path: "iso", module: "routes/iso.tsx" },
  contact: { path: "contactUs", module: "routes/contact/route.tsx" },
  // Site search (`?q=`, `&page=N`), not for search engines.
  search: { path: "search", module: "routes/search.tsx" },
  // Hidden test page with the raw banner and services data (not indexed).
  soso: { path: "soso", module: "routes/soso.tsx" },
} as const satisfies Record<string, { path: string; module: string }>;

export type PageName = keyof typeof pages;

/** Each page's path split into segments once, for matching. */
const patterns = (Object.keys(pages) as PageName[]).map((name) => ({
  name,
  segments: pages[name].path.split("/").filter(Boolean),
}));

/**
 * The address of a page in a language; `id` fills `:id` (URL-encoded).
 *
 * @example href("newsItem", "ar", 3) // "/ar/news/3"
 */
export function href(page: PageName, lang: Language, id?: string | number): string {
  const { path } = pages[page];
  const filled = path.includes(":id")
    ? path.replace(":id", encodeURIComponent(String(id ?? "")))
    : path;
  return filled ? `/${lang}/${filled}` : `/${lang}`;
}

/**
 * Where the live contact form sends a message (islands/contact-form.tsx): the contact page's
 * action, answering JSON (routes/contact/send.ts).
 */
export const contactSendHref = (lang: Language) => `${href("contact", lang)}/send`;

/**
 * Where the search field asks for suggestions as the visitor types
 * (islands/search-combobox.tsx): JSON (routes/search-suggest.ts).
 */
export const searchSuggestHref = (lang: Language) => `${href("search", lang)}/suggest`;

/** The language of a route's `:lang` parameter; English for anything else (then redirected). */
export const langParam = (params: { lang?: string }): Language =>
  isLanguage(params.lang) ? params.lang : defaultLanguage;

/** Which page a path below the language names (`/news/4` → newsItem), ignoring case. */
export function pageOf(rest: string): PageName | undefined {
  const given = rest.split("/").filter(Boolean);
  return patterns.find(
    ({ segments }) =>
      segments.length === given.length &&
      segments.every((part, i) => part === ":id" || part.toLowerCase() === given[i]?.toLowerCase()),
  )?.name;
}

/** `/en/Projects/3/` → `/en/projects/3`: one spelling per page, for canonical links. */
export function canonicalPath(pathname: string): string {
  const [, lang = "", ...rest] = pathname.replace(/\/+$/, "").split("/");
  const page = pageOf(rest.join("/"));
  if (!page) return ["", lang.toLowerCase(), ...rest].join("/");
  const spelled = pages[page].path.split("/").filter(Boolean);
  const segments = spelled.map((part, i) => (part === ":id" ? (rest[i] ?? "") : part));
  return ["", lang.toLowerCase(), ...segments].join("/");
}

/**
 * Where a path under an unsupported language goes: `/EN/x` → `/en/x`; `/fr/projects` →
 * `/en/projects`; `/projects` (no language) → `/en/projects`; anything else → `/en`.
 */
export function redirectForUnsupportedLanguage(pathname: string, search = ""): string {
  const [, first = "", ...restParts] = pathname.split("/");
  const rest = restParts.length ? `/${restParts.join("/")}` : "";
  const lower = first.toLowerCase();
  if (isLanguage(lower)) return `/${lower}${rest}${search}`;
  if (rest && pageOf(rest)) return `/${defaultLanguage}${rest}${search}`;
  if (pageOf(`/${first}${rest}`)) return `/${defaultLanguage}/${first}${rest}${search}`;
  return `/${defaultLanguage}`;
}

/** The same page in another language: `/en/news/3?page=2` → `/ar/news/3?page=2`. */
export function switchLanguagePath(pathname: string, search: string, to: Language): string {
  const rest = pathname.replace(/^\/[^/]*/, "");
  return `/${to}${rest}${search}`;
}

/** The Atom feed of a language's news (not a page: routes.ts names it beside the manifest). */
export const feedPath = (lang: Language) => `/${lang}/news/feed.xml`;

/** Whether `pathname` is a home page: of a language (`/en`, `/ar/`), or `/`, which goes to one. */
export const isHomePath = (pathname: string) => /^(\/(en|ar))?\/?$/i.test(pathname);

/**
 * Whether `pathname` is an address of a page of the site, which a link loads in the window:
 * `/`, or under a language without a file name (not `/storage/...` media, a PDF, a feed).
 */
export const isPagePath = (pathname: string) => /^\/((en|ar)(\/[^.]*)?)?$/i.test(pathname);

/** Name of the cookie and local-storage key that keep the visitor's language. */
export const LANGUAGE_KEY = "language";

/** Reads the saved language from a Cookie header. */
export function languageFromCookie(cookieHeader: string | null): Language {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_KEY}=([^;]+)`));
  const value = match?.[1];
  return isLanguage(value) ? value : defaultLanguage;
}

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
