/**
 * One running site: its settings and what is made from them once, at start: the content API
 * client with its cache, the company, the contact desk (rate limit, outbox). server/app.ts
 * makes it and puts it into every request's React Router context, beside the visitor
 * (visitor.server.ts); loaders and actions read it with `siteOf(context)`.
 */
import { createContext, type Params, type RouterContextProvider } from "react-router";
import { type ContactDesk, createContactDesk } from "../routes/contact/action.server.ts";
import { type ContentClient, createContentClient } from "./api.server.ts";
import { type CompanyFile, readCompanyFile } from "./company.server.ts";
import type { Settings } from "./config.server.ts";
import { langParam } from "./site-map.ts";

/** Settings once the content source is known (server/content-source.ts). */
export interface SiteSettings extends Settings {
  API_BASE_URL: string;
}

export interface Site {
  settings: SiteSettings;
  api: ContentClient;
  company: CompanyFile;
  contact: ContactDesk;
}

export const siteContext = createContext<Site>();

/** Makes the site; throws a CompanyFileError when the company file is missing or wrong. */
export function createSite(settings: SiteSettings): Site {
  const api = createContentClient({
    baseUrl: settings.API_BASE_URL,
    // "/" means this site proxies `/storage`: media URLs stay root-relative.
    mediaBaseUrl: settings.MEDIA_BASE_URL === "/" ? "" : settings.MEDIA_BASE_URL,
    timeoutMs: settings.API_TIMEOUT_MS,
    cacheTtlMs: settings.CACHE_TTL_MS,
    cacheMaxEntries: settings.CACHE_MAX_ENTRIES,
  });
  return {
    settings,
    api,
    company: readCompanyFile(settings.COMPANY_FILE),
    contact: createContactDesk(settings),
  };
}

export function siteOf(context: Readonly<RouterContextProvider>): Site {
  return context.get(siteContext);
}

/** What a page's loader starts from: the site, and the page's language from its address. */
export function pageContext(args: {
  params: Params;
  context: Readonly<RouterContextProvider>;
}): Site & { lang: ReturnType<typeof langParam> } {
  return { ...siteOf(args.context), lang: langParam(args.params) };
}
