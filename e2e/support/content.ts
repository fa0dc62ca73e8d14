/**
 * What the pages must show, read from the source: the reference API the harness started (as the site reads
 * it, with a `lang` header), its seed files and the interface strings of apps/web/app/i18n.
 */
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import type { Payload } from "@site/contract";
import { languages as contractLanguages, type Language } from "@site/contract/languages";
import type enStrings from "../../apps/web/app/i18n/en.json";
import { E2E_API_PORT, repoRoot } from "./env.ts";

/** A language of the site (the contract's). */
export type Lang = Language;

/** Both languages, English first. */
export const languages: Lang[] = [...contractLanguages];

/** A paged list as the API returns it (`data` of `/api/news`, `/api/Completed-projects`...). */
export interface Paged<T> {
  data: T[];
  pagination: Payload<"news">["pagination"];
}

/**
 * The `data` of a reference API read in `lang`; the read itself must succeed. `base`: another
 * API than the test server's.
 */
export async function apiData<T>(
  apiPath: string,
  lang: Lang,
  base = `http://127.0.0.1:${E2E_API_PORT}`,
): Promise<T> {
  const response = await fetch(`${base}${apiPath}`, {
    headers: { lang, Accept: "application/json" },
  });
  expect(response.ok, `${apiPath} (${lang})`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Every item of a paged list of the API (`/api/news`...), all its pages, in the API's order. */
export async function allPages<T>(list: string, lang: Lang): Promise<T[]> {
  const first = await apiData<Paged<T>>(list, lang);
  const rest = await Promise.all(
    Array.from({ length: first.pagination.last_page - 1 }, (_, index) =>
      apiData<Paged<T>>(`${list}?page=${index + 2}`, lang),
    ),
  );
  return [first, ...rest].flatMap((page) => page.data);
}

/** A story of the API's news list (the contract's type). */
export type NewsSummary = Payload<"news">["data"][number];

/** Every news story of the API, all pages, in the API's order. */
export const allNews = (lang: Lang) => allPages<NewsSummary>("/api/news", lang);

/** The interface strings of each language, by key (apps/web/app/i18n/`lang`.json). */
export const i18n = Object.fromEntries(
  languages.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.join(repoRoot, `apps/web/app/i18n/${lang}.json`), "utf8")),
  ]),
) as Record<Lang, Record<keyof typeof enStrings, string>>;

/**
 * The interface string `key` in `lang`, with its `{{name}}` placeholders filled from `values`;
 * `{{name, isolate}}` between the bidi isolates the site puts there (U+2068 … U+2069).
 */
export const t = (
  lang: Lang,
  key: keyof typeof enStrings,
  values: Record<string, string | number> = {},
) =>
  i18n[lang][key].replace(/\{\{(\w+)(, isolate)?\}\}/g, (_, name: string, isolated?: string) =>
    isolated ? `\u2068${values[name]}\u2069` : String(values[name]),
  );

/** The company the site speaks for, in `lang`, from the company file the test server reads. */
export function company(lang: Lang) {
  const file = JSON.parse(fs.readFileSync(path.join(repoRoot, "apps/web/company.json"), "utf8"));
  return {
    name: file.name[lang] as string,
    shortDescription: file.shortDescription[lang] as string,
    longDescription: file.longDescription[lang] as string,
    legalName: file.legalName[lang] as string,
  };
}

/** The id of the first item of a list or paged endpoint, so tests never assume an id exists. */
export async function firstId(apiPath: string, lang: Lang = "en", base?: string): Promise<string> {
  const data = await apiData<unknown>(apiPath, lang, base);
  const items = Array.isArray(data) ? data : (data as Paged<{ id: unknown }>).data;
  const id = (items[0] as { id?: unknown } | undefined)?.id;
  if (id === undefined || id === null) throw new Error(`${apiPath} has no items`);
  return String(id);
}

/**
 * The content image a page's `<img src>` shows: the `src` of a resized copy from the site's
 * image endpoint (`/img?src=...&w=...`), or the address itself.
 */
export function shownImage(src: string | null): string {
  const url = new URL(src ?? "", "http://site.invalid");
  return url.pathname === "/img" ? (url.searchParams.get("src") ?? "") : (src ?? "");
}

export interface PageRoute {
  path: string;
  list?: string;
}

/** Every page kind, for checks over the whole site; `list`: the endpoint whose first item a detail page shows. */
export const routes: PageRoute[] = [
  { path: "" },
  { path: "/overview" },
  { path: "/projects" },
  { path: "/projects/{id}", list: "/api/Completed-projects" },
  { path: "/CurrentProjects" },
  { path: "/CurrentProjects/{id}", list: "/api/NotCompleted-projects" },
  { path: "/services" },
  { path: "/services/{id}", list: "/api/services" },
  { path: "/otherPages/{id}", list: "/api/extra-pages" },
  { path: "/news" },
  { path: "/news/{id}", list: "/api/news" },
  { path: "/HSE" },
  { path: "/equipment" },
  { path: "/iso" },
  { path: "/contactUs" },
  // Site search with results in both languages (ISO is written in Latin letters in both).
  { path: "/search?q=iso" },
  { path: "/no-such-page" },
];

/** The address of `route` in `lang`, a detail page with its list's first id. */
export async function routePath(lang: Lang, route: PageRoute) {
  const id = route.list ? await firstId(route.list, lang) : "";
  return `/${lang}${route.path.replace("{id}", id)}`;
}
