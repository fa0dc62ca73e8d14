/**
 * One zod schema per payload item of docs/contract/API.md "Reads". Unknown fields are
 * allowed and dropped (zod's default), fields marked `?` may be missing or null.
 */
import { z } from "zod";
import { amount, html, id, imageUrl, isoDate, metaFields, optional } from "./primitives.ts";

export const homeBanner = z.object({
  id,
  image: imageUrl,
  title: z.string(),
  subtitle: optional(z.string()),
});

export const extraDataItem = z.object({
  icon: imageUrl,
  title: z.string(),
  content: z.string(),
  index: z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ]),
});

export const aboutHome = z.object({
  title: z.string(),
  content: html,
  image: imageUrl,
  ...metaFields,
  meta_image: optional(imageUrl),
});

export const homeProject = z.object({
  id,
  title: z.string(),
  homeimage: imageUrl,
  description: optional(z.string()),
});

export const homeService = z.object({
  id,
  title: z.string(),
  description: optional(z.string()),
  icon: imageUrl,
  white_icon: imageUrl,
});

export const serviceSummary = z.object({
  id,
  title: z.string(),
  banner_image: imageUrl,
  ...metaFields,
  icon: imageUrl,
  white_icon: imageUrl,
  description: optional(z.string()),
});

export const service = serviceSummary.extend({ content: html });

export const extraPageSummary = z.object({ id, title: z.string() });

export const extraPage = z.object({
  id,
  title: z.string(),
  content: html,
  image: optional(imageUrl),
  ...metaFields,
  banner_image: optional(imageUrl),
});

export const companyProfile = z.object({ pdf_download_url: imageUrl });

export const contactInfoItem = z.object({ title: z.string(), info: z.string() });

/** Social links: URLs (absolute or root-relative), so a `javascript:` link cannot reach an href. */
export const footer = z.object({
  facebook: optional(imageUrl),
  youtube: optional(imageUrl),
  instagram: optional(imageUrl),
  x: optional(imageUrl),
});

export const latestProject = z.object({
  id,
  title: z.string(),
  homeimage: imageUrl,
  created_at: isoDate,
});

const imageEntry = z.object({ image: imageUrl });

export const iso = z.object({
  title: z.string(),
  ...metaFields,
  banner_img: imageUrl,
  iso_images: z.array(imageEntry),
});

export const overview = z.object({
  ...metaFields,
  banner_image: imageUrl,
  content: html,
  overview_images: z.array(imageEntry),
});

export const newsSummary = z.object({
  id,
  title: z.string(),
  image: imageUrl,
  description: z.string(),
  created_at: optional(isoDate),
});

export const newsItem = newsSummary.extend({
  content: html,
  banner_image: optional(imageUrl),
  ...metaFields,
});

export const newsPage = z.object({
  title: z.string(),
  description: z.string(),
  image: imageUrl,
  ...metaFields,
  meta_image: optional(imageUrl),
});

export const projectPage = z.object({
  title: optional(z.string()),
  description: z.string(),
  image: imageUrl,
  ...metaFields,
  meta_image: optional(imageUrl),
});

export const projectRow = z.object({
  id,
  title: z.string(),
  client: z.string(),
  date: isoDate,
  amount,
});

export const projectDetail = z.object({
  projects: z.object({
    id,
    title: z.string(),
    image: imageUrl,
    image_content: html,
    client: z.string(),
    location: z.string(),
    date: isoDate,
    project_images: z.array(z.object({ name: imageUrl })),
    ...metaFields,
    meta_image: optional(imageUrl),
  }),
  other_projects: z.array(z.object({ id, title: z.string(), homeimage: imageUrl })),
});

export const hse = z.object({
  title: z.string(),
  content: html,
  banner_image: imageUrl,
  ...metaFields,
  hse_images: optional(z.array(imageEntry)),
});

export const equipmentPage = z.object({
  title: z.string(),
  description: optional(z.string()),
  banner_image: imageUrl,
  ...metaFields,
});

export const equipmentItem = z.object({
  id,
  title: z.string(),
  image: imageUrl,
  description: optional(z.string()),
  quantity: optional(z.union([z.number(), z.string()])),
});

export type HomeBanner = z.infer<typeof homeBanner>;
export type ExtraDataItem = z.infer<typeof extraDataItem>;
export type AboutHome = z.infer<typeof aboutHome>;
export type HomeProject = z.infer<typeof homeProject>;
export type HomeService = z.infer<typeof homeService>;
export type ServiceSummary = z.infer<typeof serviceSummary>;
export type Service = z.infer<typeof service>;
export type ExtraPageSummary = z.infer<typeof extraPageSummary>;
export type ExtraPage = z.infer<typeof extraPage>;
export type CompanyProfile = z.infer<typeof companyProfile>;
export type ContactInfoItem = z.infer<typeof contactInfoItem>;
export type Footer = z.infer<typeof footer>;
export type LatestProject = z.infer<typeof latestProject>;
export type Iso = z.infer<typeof iso>;
export type Overview = z.infer<typeof overview>;
export type NewsSummary = z.infer<typeof newsSummary>;
export type NewsItem = z.infer<typeof newsItem>;
export type NewsPage = z.infer<typeof newsPage>;
export type ProjectPage = z.infer<typeof projectPage>;
export type ProjectRow = z.infer<typeof projectRow>;
export type ProjectDetail = z.infer<typeof projectDetail>;
export type Hse = z.infer<typeof hse>;
export type EquipmentPage = z.infer<typeof equipmentPage>;
export type EquipmentItem = z.infer<typeof equipmentItem>;
