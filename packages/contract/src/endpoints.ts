/**
 * The read endpoints of docs/contract/API.md in one table. The website's API client, the
 * reference API's tests and the conformance checker all read from here.
 */
import { z } from "zod";
import * as c from "./content.ts";
import { envelope, paged } from "./envelope.ts";

/** A list endpoint: the payload is an array of `item`. */
const list = <const P extends string, T extends z.ZodType>(path: P, item: T) => ({
  path,
  schema: z.array(item),
});
/** A paged list endpoint: the payload is one page of `item`s (`?page=N`). */
const pagedList = <const P extends string, T extends z.ZodType>(path: P, item: T) => ({
  path,
  schema: paged(item),
  paged: true as const,
});
/** A detail endpoint (`:id` in the path): the payload is one `schema`. */
const detail = <const P extends string, T extends z.ZodType>(path: P, schema: T) => ({
  path,
  schema,
});

export const endpoints = {
  homeBanners: list("/api/homepage-banners", c.homeBanner),
  extraData: list("/api/extra-data", c.extraDataItem),
  aboutHome: list("/api/about-homepage", c.aboutHome),
  homeProjects: list("/api/homepage-projects", c.homeProject),
  homeServices: list("/api/homepage-services", c.homeService),
  services: list("/api/services", c.serviceSummary),
  service: detail("/api/services/:id", c.service),
  extraPages: list("/api/extra-pages", c.extraPageSummary),
  extraPage: detail("/api/extra-pages/:id", c.extraPage),
  companyProfile: list("/api/our_profile", c.companyProfile),
  contactInfo: list("/api/contact-info", c.contactInfoItem),
  footers: list("/api/footers", c.footer),
  latestProjects: list("/api/latest-projects", c.latestProject),
  isos: list("/api/isos", c.iso),
  overviews: list("/api/overviews", c.overview),
  news: pagedList("/api/news", c.newsSummary),
  newsItem: detail("/api/news/:id", c.newsItem),
  newsPage: list("/api/news-page", c.newsPage),
  projectPages: list("/api/project-pages", c.projectPage),
  completedProjects: pagedList("/api/Completed-projects", c.projectRow),
  currentProjects: pagedList("/api/NotCompleted-projects", c.projectRow),
  project: detail("/api/projects/:id", c.projectDetail),
  hse: list("/api/hse", c.hse),
  equipmentPages: list("/api/equipment-pages", c.equipmentPage),
  equipments: list("/api/equipments", c.equipmentItem),
} as const satisfies Record<string, { path: string; schema: z.ZodType; paged?: boolean }>;

export type EndpointName = keyof typeof endpoints;

/** The endpoints that answer one page of a list at a time (`?page=N`). */
export type PagedEndpointName = {
  [N in EndpointName]: (typeof endpoints)[N] extends { paged: true } ? N : never;
}[EndpointName];

export const isPagedEndpoint = (name: EndpointName): name is PagedEndpointName =>
  "paged" in endpoints[name];
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
