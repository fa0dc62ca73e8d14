/**
 * The read endpoints of ../shared/API.md in one table. The website's API client, the
 * reference API's tests and the conformance checker all read from here.
 */
import { z } from "zod";
import * as c from "./content.ts";
import { paged } from "./envelope.ts";

export const endpoints = {
  homeBanners: { path: "/api/homepage-banners", schema: z.array(c.homeBanner) },
  extraData: { path: "/api/extra-data", schema: z.array(c.extraDataItem) },
  aboutHome: { path: "/api/about-homepage", schema: z.array(c.aboutHome) },
  homeProjects: { path: "/api/homepage-projects", schema: z.array(c.homeProject) },
  homeServices: { path: "/api/homepage-services", schema: z.array(c.homeService) },
  services: { path: "/api/services", schema: z.array(c.serviceSummary) },
  service: { path: "/api/services/:id", schema: c.service },
  extraPages: { path: "/api/extra-pages", schema: z.array(c.extraPageSummary) },
  extraPage: { path: "/api/extra-pages/:id", schema: c.extraPage },
  companyProfile: { path: "/api/our_profile", schema: z.array(c.companyProfile) },
  contactInfo: { path: "/api/contact-info", schema: z.array(c.contactInfoItem) },
  footers: { path: "/api/footers", schema: z.array(c.footer) },
  latestProjects: { path: "/api/latest-projects", schema: z.array(c.latestProject) },
  isos: { path: "/api/isos", schema: z.array(c.iso) },
  overviews: { path: "/api/overviews", schema: z.array(c.overview) },
  news: { path: "/api/news", schema: paged(c.newsSummary), paged: true },
  newsItem: { path: "/api/news/:id", schema: c.newsItem },
  newsPage: { path: "/api/news-page", schema: z.array(c.newsPage) },
  projectPages: { path: "/api/project-pages", schema: z.array(c.projectPage) },
  completedProjects: {
    path: "/api/Completed-projects",
    schema: paged(c.projectRow),
    paged: true,
  },
  currentProjects: {
    path: "/api/NotCompleted-projects",
    schema: paged(c.projectRow),
    paged: true,
  },
  project: { path: "/api/projects/:id", schema: c.projectDetail },
  hse: { path: "/api/hse", schema: z.array(c.hse) },
  equipmentPages: { path: "/api/equipment-pages", schema: z.array(c.equipmentPage) },
  equipments: { path: "/api/equipments", schema: z.array(c.equipmentItem) },
} as const satisfies Record<string, { path: string; schema: z.ZodType; paged?: boolean }>;

export type EndpointName = keyof typeof endpoints;
export type Payload<N extends EndpointName> = z.infer<(typeof endpoints)[N]["schema"]>;

/** Fills `:id` in an endpoint path (ids are URL-encoded). */
export function endpointPath(name: EndpointName, params: { id?: string | number } = {}): string {
  const { path } = endpoints[name];
  if (!path.includes(":id")) return path;
  if (params.id === undefined) throw new Error(`${name} needs an id`);
  return path.replace(":id", encodeURIComponent(String(params.id)));
}

export const languages = ["en", "ar"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";
export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);
