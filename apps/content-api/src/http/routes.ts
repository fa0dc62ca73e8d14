/**
 * Every read endpoint of API.md, by its name in the contract's `endpoints` table, mapped to
 * the data access function that answers it. Typed against the contract: a handler returning
 * the wrong shape fails the type-check.
 */
import { type EndpointName, endpoints, type Language, type Payload } from "@site/contract";
import type { Db } from "../db/connection.ts";
import * as content from "../db/content.ts";

export type ReadContext = { db: Db; lang: Language; page: number; id: number };

export const reads: { [N in EndpointName]: (ctx: ReadContext) => Payload<N> | undefined } = {
  homeBanners: ({ db, lang }) => content.listHomeBanners(db, lang),
  extraData: ({ db, lang }) => content.listExtraData(db, lang),
  aboutHome: ({ db, lang }) => content.listAboutHome(db, lang),
  homeProjects: ({ db, lang }) => content.listHomeProjects(db, lang),
  homeServices: ({ db, lang }) => content.listHomeServices(db, lang),
  services: ({ db, lang }) => content.listServices(db, lang),
  service: ({ db, lang, id }) => content.getService(db, lang, id),
  extraPages: ({ db, lang }) => content.listExtraPages(db, lang),
  extraPage: ({ db, lang, id }) => content.getExtraPage(db, lang, id),
  companyProfile: ({ db }) => content.listCompanyProfiles(db),
  contactInfo: ({ db, lang }) => content.listContactInfo(db, lang),
  footers: ({ db }) => content.listFooters(db),
  latestProjects: ({ db, lang }) => content.listLatestProjects(db, lang),
  isos: ({ db, lang }) => content.listIsos(db, lang),
  overviews: ({ db, lang }) => content.listOverviews(db, lang),
  news: ({ db, lang, page }) => content.listNews(db, lang, page),
  newsItem: ({ db, lang, id }) => content.getNews(db, lang, id),
  newsPage: ({ db, lang }) => content.listNewsPages(db, lang),
  projectPages: ({ db, lang }) => content.listProjectPages(db, lang),
  completedProjects: ({ db, lang, page }) => content.listProjects(db, lang, "completed", page),
  currentProjects: ({ db, lang, page }) => content.listProjects(db, lang, "current", page),
  project: ({ db, lang, id }) => content.getProject(db, lang, id),
  hse: ({ db, lang }) => content.listHse(db, lang),
  equipmentPages: ({ db, lang }) => content.listEquipmentPages(db, lang),
  equipments: ({ db, lang }) => content.listEquipment(db, lang),
};

export type ReadMatch = { name: EndpointName; id?: string };

const table = (Object.keys(endpoints) as EndpointName[]).map((name) => {
  const [prefix = "", suffix] = endpoints[name].path.split(":id");
  return { name, prefix, hasId: suffix !== undefined };
});

/** The read endpoint a (raw, undecoded) path names, matched exactly as API.md writes it. */
export function matchRead(path: string): ReadMatch | undefined {
  for (const { name, prefix, hasId } of table) {
    if (!hasId) {
      if (path === prefix) return { name };
    } else if (path.startsWith(prefix)) {
      const id = path.slice(prefix.length);
      if (id !== "" && !id.includes("/")) return { name, id };
    }
  }
  return undefined;
}

const maxId = 2 ** 31 - 1;
const maxPage = 1_000_000;

/** A numeric id (`7`, `%37`), or undefined: every other id is unknown. */
export function parseId(raw: string): number | undefined {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= maxId ? id : undefined;
}

/** `?page=N`: a whole number from 1; anything else (`0`, `-1`, `abc`, missing) means page 1. */
export function parsePage(query: string): number {
  const raw = new URLSearchParams(query).get("page")?.trim() ?? "";
  if (!/^\d+$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), maxPage);
}
