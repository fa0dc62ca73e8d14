/**
 * Every page of the site, in one table, and the URL helpers built on it: the one source of URL
 * and language knowledge. `routes.ts` builds
 * the routes from it; canonical links, redirects of unsupported languages, the language
 * switcher and links between pages read it. All pages sit under `/{lang}` (SPEC.md section 2);
 * paths are spelled as the spec spells them and matched case-insensitively.
 */
import { isItemId } from "@site/contract/item-id";
import { defaultLanguage, isLanguage, type Language, languages } from "@site/contract/languages";
import { readKindFilter } from "./search/kinds.ts";

export const pages = {
  home: { path: "", module: "routes/home.tsx" },
  overview: { path: "overview", module: "routes/overview.tsx" },
  // Completed and current projects share their list and detail modules.
  completedProjects: { path: "projects", module: "routes/projects.tsx", reads: ["page"] },
  completedProject: {
    path: "projects/:id",
    module: "routes/project.tsx",
    parent: "completedProjects",
  },
  currentProjects: { path: "CurrentProjects", module: "routes/projects.tsx", reads: ["page"] },
  currentProject: {
    path: "CurrentProjects/:id",
    module: "routes/project.tsx",
    parent: "currentProjects",
  },
  services: { path: "services", module: "routes/services.tsx" },
  service: { path: "services/:id", module: "routes/service.tsx", parent: "services" },
  otherPage: { path: "otherPages/:id", module: "routes/other-page.tsx" },
  news: { path: "news", module: "routes/news.tsx", reads: ["page"] },
  newsItem: { path: "news/:id", module: "routes/news-item.tsx", parent: "news" },
  hse: { path: "HSE", module: "routes/hse.tsx" },
  equipment: { path: "equipment", module: "routes/equipment.tsx" },
  iso: { path: "iso", module: "routes/iso.tsx" },
  contact: { path: "contactUs", module: "routes/contact/route.tsx" },
  // Site search (`?q=`, `&kind=`, `&page=N`), not for search engines.
  search: {
    path: "search",
    module: "routes/search.tsx",
    reads: ["q", "kind", "page"],
    listed: false,
  },
  // Hidden test page with the raw banner and services data (not indexed).
  soso: { path: "soso", module: "routes/soso.tsx", listed: false, hidden: true },
} as const satisfies Record<
  string,
  {
    path: string;
    module: string;
    /** The query parameters the page reads; any other is dropped before rendering. */
    reads?: readonly QueryParameter[];
    /** The list page an item's page sits below (its breadcrumb): `parentPage`. */
    parent?: string;
    /** Not told to search engines: left out of the sitemap and of structured data. */
    listed?: false;
    /** A test page: robots.txt keeps crawlers out, and it has no social card. */
    hidden?: true;
  }
>;

/** Whether search engines are told of `page` (the sitemap, structured data). */
export const isListed = (page: PageName): boolean => !("listed" in pages[page]);

/** Whether `page` is a test page kept from crawlers and shares (`hidden`). */
export const isHidden = (page: PageName): boolean => "hidden" in pages[page];

/** The list pages that item pages sit below. */
export type ParentPage = {
  [P in PageName]: (typeof pages)[P] extends { parent: infer Parent } ? Parent : never;
}[PageName];

/** The list page that `page`, an item's page, sits below (`news` for newsItem), if any. */
export function parentPage(page: PageName): ParentPage | undefined {
  const row = pages[page];
  return "parent" in row ? row.parent : undefined;
}

export type PageName = keyof typeof pages;

/** Query parameters some page reads: a search's words and kind filter, a list's page. */
type QueryParameter = "q" | "kind" | "page";

/** Longest search query read; the rest is cut (the page, its cache key and the matched words). */
export const MAX_SEARCH_QUERY = 200;

/** Each page's path split into segments once, for matching. */
const patterns = (Object.keys(pages) as PageName[]).map((name) => ({
  name,
  segments: pages[name].path.split("/").filter(Boolean),
}));

/** The page whose path has these segments (any case; `:id` takes any one segment). */
const pageWithSegments = (given: readonly string[]) =>
  patterns.find(
    ({ segments }) =>
      segments.length === given.length &&
      segments.every((part, i) => part === ":id" || part.toLowerCase() === given[i]?.toLowerCase()),
  );

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

/**
 * The language a language segment of an address names (a path's first, a route's `:lang`), in
 * any case (`AR`: "ar"), else undefined: the one reading of a language in a URL, as routes match
 * any case (the page handler sends a mis-cased page address to its one spelling).
 */
export function languageOfSegment(segment: string | undefined): Language | undefined {
  const lower = segment?.toLowerCase();
  return isLanguage(lower) ? lower : undefined;
}

/**
 * The language of a route's `:lang` parameter as pages read it: only its one spelling, English
 * for anything else (then redirected). Not `languageOfSegment`'s any case: the layout redirects
 * `/AR/...` like any other, and what runs before that redirect, such as the contact page's
 * action on a post to `/AR/contactUs`, takes it for English.
 */
export const langParam = (params: { lang?: string }): Language =>
  isLanguage(params.lang) ? params.lang : defaultLanguage;

/** Which page a path below the language names (`/news/4` → newsItem), ignoring case. */
export function pageOf(rest: string): PageName | undefined {
  return pageWithSegments(rest.split("/").filter(Boolean))?.name;
}

/** The language a path's first segment names, in any case (`/AR/news`: "ar"), else undefined. */
export const languageOfPath = (pathname: string): Language | undefined =>
  languageOfSegment(pathname.split("/")[1]);

/** A page of the table at its one address. */
export interface PageAddress {
  page: PageName;
  lang: Language;
  /** The address: `href(page, lang, id)`. */
  path: string;
  /** The item's id, as the address spells it, for a page with `:id`. */
  id?: string;
}

/**
 * The page `pathname` names, at its one address, or undefined when it names none (no page of
 * the table, no supported language, a segment no id can be: `isItemId`). Every spelling of a
 * page names it: percent-escapes, any case, repeated or trailing slashes (an id is as it is
 * spelt: `007` is not 7, item-id.ts).
 * Built from the table, never from the path's own text (an id is checked, then encoded into
 * its one segment), so it is safe to redirect to.
 *
 * @example pageAddress("/EN/%6Eews/007/") // { page: "newsItem", lang: "en", path: "/en/news/007", id: "007" }
 */
export function pageAddress(pathname: string): PageAddress | undefined {
  let segments: string[];
  try {
    segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [first, ...rest] = segments;
  const lang = languageOfSegment(first);
  if (!lang || rest.some((segment) => segment.includes("/"))) return undefined;
  const match = pageWithSegments(rest);
  if (!match) return undefined;
  const idAt = match.segments.indexOf(":id");
  if (idAt === -1) return { page: match.name, lang, path: href(match.name, lang) };
  const id = rest[idAt] ?? "";
  if (!isItemId(id)) return undefined;
  return { page: match.name, lang, path: href(match.name, lang, id), id };
}

/**
 * The query of `page` as it is rendered and cached: only the parameters the page reads (the
 * first value of each), a search's words trimmed, spaced once and cut to MAX_SEARCH_QUERY, a
 * filter only when it is one of the search's kinds, and no `page=1` (the bare address is page 1). `?utm_source=x`
 * and other parameters are gone, so they neither make new cache entries nor reach a loader.
 *
 * @example pageQuery("news", new URLSearchParams("page=1&utm_source=x")) // ""
 */
export function pageQuery(page: PageName, given: URLSearchParams): string {
  const spec = pages[page] as { reads?: readonly QueryParameter[] };
  const reads = spec.reads ?? [];
  const kept = new URLSearchParams();
  for (const name of reads) {
    let value = given.get(name);
    if (name === "q" && value !== null) {
      value = value.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_QUERY).trim();
    }
    if (name === "kind" && value !== null) value = readKindFilter(value) ?? null;
    if (name === "page" && value === "1") value = null;
    if (value !== null && value !== "") kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/** `/en/Projects/3/` → `/en/projects/3`: one spelling per page, for canonical links. */
export function canonicalPath(pathname: string): string {
  const address = pageAddress(pathname);
  if (address) return address.path;
  const [, lang = "", ...rest] = pathname.replace(/\/+$/, "").split("/");
  return ["", lang.toLowerCase(), ...rest].join("/");
}

/**
 * Where a path under an unsupported language goes, built from the page table: `/EN/news` →
 * `/en/news`; `/fr/projects` → `/en/projects`; `/projects` (no language) → `/en/projects`;
 * anything else → `/en`. The query keeps what the page reads (pageQuery).
 */
export function redirectForUnsupportedLanguage(pathname: string, search = ""): string {
  const [, first = "", ...restParts] = pathname.split("/");
  const rest = restParts.join("/");
  const address =
    pageAddress(`/${first}/${rest}`) ??
    (rest ? pageAddress(`/${defaultLanguage}/${rest}`) : undefined) ??
    pageAddress(`/${defaultLanguage}/${first}/${rest}`);
  if (!address) return href("home", defaultLanguage);
  return address.path + pageQuery(address.page, new URLSearchParams(search));
}

/**
 * Where a file of a language (the feed, the profile, the manifest) goes when asked for under
 * another spelling of one (`/AR/news/feed.xml` → `/ar/news/feed.xml`) or under an unsupported
 * one (`/fr/...` → the English file), as pages do: built from `fileOf`, never from the request.
 */
export function fileInSupportedLanguage(given: string, fileOf: (lang: Language) => string) {
  return fileOf(languageOfSegment(given) ?? defaultLanguage);
}

/** The same page in another language: `/en/news/3?page=2` → `/ar/news/3?page=2`. */
export function switchLanguagePath(pathname: string, search: string, to: Language): string {
  const rest = pathname.replace(/^\/[^/]*/, "");
  return `/${to}${rest}${search}`;
}

/** A root-relative (or already absolute) URL made absolute on the site (SITE_URL). */
export const absoluteUrl = (siteUrl: string, url: string): string =>
  new URL(url, `${siteUrl}/`).toString();

/** The Atom feed of a language's news (not a page: routes.ts names it beside the manifest). */
export const feedPath = (lang: Language) => `/${lang}/news/feed.xml`;

/** The company profile PDF, as a download from this site (routes/company-profile.ts). */
export const profilePath = (lang: Language) => `/${lang}/ourProfile`;

/** For search engines, outside the languages (routes.ts): the sitemap, and robots' rules. */
export const SITEMAP_PATH = "/sitemap.xml";
export const ROBOTS_PATH = "/robots.txt";

/** The web app manifest of a language's pages (routes/manifest.ts). */
export const manifestPath = (lang: Language) => `/${lang}/manifest.webmanifest`;

/** The languages as a pattern's alternatives (`en|ar`), for patterns of addresses. */
export const LANGUAGE_ALTERNATIVES = languages.join("|");

/**
 * A home page's address: of a language (`/en`, `/ar/`), or `/`, which goes to one; any case.
 * The page script takes it as written (`String(HOME_PATH)`), so it names no outside value.
 */
export const HOME_PATH = new RegExp(`^(/(${LANGUAGE_ALTERNATIVES}))?/?$`, "i");

/**
 * The address of a page of the site, which a link loads in the window: `/`, or under a language
 * without a file name (not `/storage/...` media, a PDF, a feed); any case. As HOME_PATH, the
 * page script takes it as written.
 */
export const PAGE_PATH = new RegExp(`^/((${LANGUAGE_ALTERNATIVES})(/[^.]*)?)?$`, "i");

/** Whether `pathname` is a home page (HOME_PATH). */
export const isHomePath = (pathname: string) => HOME_PATH.test(pathname);

/** Whether `pathname` is an address of a page of the site (PAGE_PATH). */
export const isPagePath = (pathname: string) => PAGE_PATH.test(pathname);

/** Name of the cookie and local-storage key that keep the visitor's language. */
export const LANGUAGE_KEY = "language";

/**
 * A cookie `/` sets, for a minute, when it sends a visitor without the language cookie to the
 * default language: the page it lands on then follows local storage (page-script/save-language.ts).
 */
export const DEFAULT_LANGUAGE_MARK = "language-by-default";

/** The saved language in a Cookie header, if it holds one. */
export function savedLanguage(cookieHeader: string | null): Language | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_KEY}=([^;]+)`));
  const value = match?.[1];
  return isLanguage(value) ? value : undefined;
}
