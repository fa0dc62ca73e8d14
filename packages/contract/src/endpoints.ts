/**
 * The read endpoints of ../shared/API.md in one table. The website's API client, the
 * reference API's tests and the conformance checker all read from here.
 */
import { z } from "zod";
import * as c from "./content.ts";
import { envelope, paged } from "./envelope.ts";

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

/** How a paged answer was written: the payload inside the envelope, or the envelope left out. */
export type PageForm = "nested" | "flat";

export type ReadResult<N extends EndpointName> =
  | { success: true; payload: Payload<N>; form?: PageForm }
  | { success: false; error: z.ZodError };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The payload of a successful answer of endpoint `name`, validated: the one place where the
 * `{ "data": PAYLOAD }` envelope is read. A page of a paged list comes in either form of
 * API.md, `{ data: { data: [...], pagination } }` or, as Laravel's paginator answers,
 * `{ data: [...], pagination }`; both read the same, and `form` says which one was seen.
 *
 * @example
 * const read = readPayload("news", await response.json());
 * if (read.success) read.payload.pagination.last_page;
 */
export function readPayload<N extends EndpointName>(name: N, body: unknown): ReadResult<N> {
  const endpoint = endpoints[name];
  const isPaged = "paged" in endpoint && endpoint.paged;
  const flat = isPaged && isRecord(body) && Array.isArray(body.data) && "pagination" in body;
  const wrapped = flat ? { data: { data: body.data, pagination: body.pagination } } : body;
  const parsed = envelope(endpoint.schema).safeParse(wrapped);
  if (!parsed.success) return { success: false, error: parsed.error };
  const payload = parsed.data.data as Payload<N>;
  return isPaged
    ? { success: true, payload, form: flat ? "flat" : "nested" }
    : { success: true, payload };
}

/** Fills `:id` in an endpoint path (ids are URL-encoded). */
export function endpointPath(name: EndpointName, params: { id?: string | number } = {}): string {
  const { path } = endpoints[name];
  if (!path.includes(":id")) return path;
  if (params.id === undefined) throw new Error(`${name} needs an id`);
  return path.replace(":id", encodeURIComponent(String(params.id)));
}
