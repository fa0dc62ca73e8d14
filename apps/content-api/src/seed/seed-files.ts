/**
 * The seed files (apps/content-api/seed/*.json, one per collection, localised text as
 * `{ "en": "...", "ar": "..." }`): their schema, and reading and checking them.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isoDate } from "@site/contract";
import { z } from "zod";

const localised = z.object({ en: z.string(), ar: z.string() });
/** A text in both languages, as the seed files write it. */
export type Localised = z.infer<typeof localised>;
const optionalLocalised = localised.nullish();
const file = z.string().nullish();
const id = z.number().int().nonnegative();
const meta = { meta_title: optionalLocalised, meta_description: optionalLocalised };

const siteSchema = z.object({
  homeBanners: z.array(
    z.object({ id, image: file, title: localised, subtitle: optionalLocalised }),
  ),
  extraData: z.array(
    z.object({ icon: file, title: localised, content: localised, index: z.coerce.number() }),
  ),
  aboutHome: z.object({
    title: localised,
    content: localised,
    image: file,
    ...meta,
    meta_image: file,
  }),
  companyProfile: z.object({ pdf_download_url: z.string() }),
  contactInfo: z.array(z.object({ title: localised, info: localised })),
  footer: z.object({
    facebook: z.string().nullish(),
    youtube: z.string().nullish(),
    instagram: z.string().nullish(),
    x: z.string().nullish(),
  }),
  overview: z.object({
    ...meta,
    banner_image: file,
    content: localised,
    images: z.array(z.string()),
  }),
  hse: z.object({
    title: localised,
    content: localised,
    banner_image: file,
    ...meta,
    images: z.array(z.string()),
  }),
  iso: z.object({ title: localised, ...meta, banner_img: file, images: z.array(z.string()) }),
  newsPage: z.object({
    title: localised,
    description: localised,
    image: file,
    ...meta,
    meta_image: file,
  }),
  projectPage: z.object({
    title: optionalLocalised,
    description: localised,
    image: file,
    ...meta,
    meta_image: file,
  }),
  equipmentPage: z.object({
    title: localised,
    description: optionalLocalised,
    banner_image: file,
    ...meta,
  }),
});

const servicesSchema = z.array(
  z.object({
    id,
    title: localised,
    description: optionalLocalised,
    content: localised,
    banner_image: file,
    icon: file,
    white_icon: file,
    ...meta,
  }),
);

const projectsSchema = z.array(
  z.object({
    id,
    status: z.enum(["completed", "current"]),
    title: localised,
    description: optionalLocalised,
    client: localised,
    location: localised,
    date: isoDate,
    /** Text per language, or one plain number (or text) for both: kept as entered. */
    amount: z.union([localised, z.number(), z.string()]),
    image: file,
    homeimage: file,
    image_content: localised,
    images: z.array(z.string()),
    ...meta,
    meta_image: file,
    created_at: isoDate,
  }),
);

const newsSchema = z.array(
  z.object({
    id,
    title: localised,
    description: localised,
    content: localised,
    image: file,
    banner_image: file,
    ...meta,
    created_at: isoDate,
  }),
);

const extraPagesSchema = z.array(
  z.object({
    id,
    title: localised,
    content: localised,
    image: file,
    banner_image: file,
    ...meta,
  }),
);

const equipmentSchema = z.array(
  z.object({
    id,
    title: localised,
    description: optionalLocalised,
    image: file,
    quantity: z.union([z.number(), z.string()]).nullish(),
  }),
);

const seedFiles = {
  site: { file: "site.json", schema: siteSchema },
  services: { file: "services.json", schema: servicesSchema },
  projects: { file: "projects.json", schema: projectsSchema },
  news: { file: "news.json", schema: newsSchema },
  extraPages: { file: "extra-pages.json", schema: extraPagesSchema },
  equipment: { file: "equipment.json", schema: equipmentSchema },
} as const;

export type Seed = { [K in keyof typeof seedFiles]: z.infer<(typeof seedFiles)[K]["schema"]> };

/** A seed file that is missing, not JSON, or not in the seed format. */
export class SeedError extends Error {
  override name = "SeedError";
}

/** Reads and checks every seed file in `seedDir`. Throws `SeedError` naming file and field. */
export async function readSeed(seedDir: string): Promise<Seed> {
  const entries = await Promise.all(
    Object.entries(seedFiles).map(async ([key, { file, schema }]) => {
      const where = path.join(seedDir, file);
      let json: unknown;
      try {
        json = JSON.parse(await readFile(where, "utf8"));
      } catch (error) {
        throw new SeedError(`Cannot read seed file ${where}: ${(error as Error).message}`);
      }
      const result = schema.safeParse(json);
      if (!result.success) {
        const first = result.error.issues.slice(0, 5).map((issue) => {
          const at = issue.path.map((part) =>
            typeof part === "number" ? `[${part}]` : `.${String(part)}`,
          );
          return `${at.join("").replace(/^\./, "") || "(root)"}: ${issue.message}`;
        });
        throw new SeedError(`Seed file ${where} is not in the seed format: ${first.join("; ")}`);
      }
      return [key, result.data] as const;
    }),
  );
  return Object.fromEntries(entries) as Seed;
}

/** Every `/storage/...` URL the seed refers to, in fields and inside HTML, sorted. */
export function storageUrls(seed: Seed): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      if (value.startsWith("/storage/")) found.add(value);
      else for (const match of value.matchAll(/\/storage\/[^\s"'<>()]+/g)) found.add(match[0]);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(seed);
  return [...found].sort();
}
