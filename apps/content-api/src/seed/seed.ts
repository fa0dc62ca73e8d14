/**
 * The seed step: reads the readable seed files (apps/content-api/seed/*.json, one per
 * collection, localised text as `{ "en": "...", "ar": "..." }`), checks them with a schema,
 * and loads them into the tables in one transaction.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isoDate } from "@site/contract";
import { z } from "zod";
import { type Db, insert, type Row, sql, transaction } from "../db/connection.ts";

const localised = z.object({ en: z.string(), ar: z.string() });
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

/** True when the seed step has run on this database. */
export function isSeeded(db: Db): boolean {
  return sql(db, "SELECT 1 FROM meta WHERE key = 'seeded_at'").get() !== undefined;
}

type Localised = z.infer<typeof localised>;

/** `loc("title", { en, ar })` → `{ title_en, title_ar }` (the localised columns). */
const loc = (column: string, value: Localised | null | undefined): Row => ({
  [`${column}_en`]: value?.en ?? null,
  [`${column}_ar`]: value?.ar ?? null,
});

/** The localised fields `columns` of `item`, each as its two columns. */
const locs = <Column extends string>(
  item: Partial<Record<Column, Localised | null | undefined>>,
  ...columns: Column[]
): Row => Object.assign({}, ...columns.map((column) => loc(column, item[column])));

const metaColumns = (item: {
  meta_title?: Localised | null;
  meta_description?: Localised | null;
}) => locs(item, "meta_title", "meta_description");

/** Inserts `items` in their order: each row its `id` and `position`, then `columns(item)`. */
function insertInOrder<Item extends { id: number }>(
  db: Db,
  table: string,
  items: readonly Item[],
  columns: (item: Item) => Row,
): void {
  items.forEach((item, position) => {
    insert(db, table, { id: item.id, position, ...columns(item) });
  });
}

/** Loads `seed` into the (empty) tables, all or nothing. Returns false if already seeded. */
export function seedDatabase(db: Db, seed: Seed, source: string): boolean {
  return transaction(
    db,
    () => {
      if (isSeeded(db)) return false;
      const { site } = seed;

      insertInOrder(db, "home_banners", site.homeBanners, (b) => ({
        image: b.image ?? null,
        ...locs(b, "title", "subtitle"),
      }));
      for (const item of site.extraData) {
        insert(db, "extra_data", {
          sort_index: item.index,
          icon: item.icon ?? null,
          ...locs(item, "title", "content"),
        });
      }
      const about = site.aboutHome;
      insert(db, "about_home", {
        id: 1,
        ...locs(about, "title", "content"),
        image: about.image ?? null,
        ...metaColumns(about),
        meta_image: about.meta_image ?? null,
      });
      insert(db, "company_profiles", {
        id: 1,
        pdf_download_url: site.companyProfile.pdf_download_url,
      });
      site.contactInfo.forEach((item, position) => {
        insert(db, "contact_info", {
          position,
          ...locs(item, "title", "info"),
        });
      });
      const { facebook, youtube, instagram, x } = site.footer;
      insert(db, "footers", {
        id: 1,
        facebook: facebook ?? null,
        youtube: youtube ?? null,
        instagram: instagram ?? null,
        x: x ?? null,
      });

      const overviewId = insert(db, "overviews", {
        banner_image: site.overview.banner_image ?? null,
        ...loc("content", site.overview.content),
        ...metaColumns(site.overview),
      });
      site.overview.images.forEach((image, position) => {
        insert(db, "overview_images", { overview_id: overviewId, position, image });
      });
      const hseId = insert(db, "hse", {
        ...locs(site.hse, "title", "content"),
        banner_image: site.hse.banner_image ?? null,
        ...metaColumns(site.hse),
      });
      site.hse.images.forEach((image, position) => {
        insert(db, "hse_images", { hse_id: hseId, position, image });
      });
      const isoId = insert(db, "isos", {
        ...loc("title", site.iso.title),
        banner_img: site.iso.banner_img ?? null,
        ...metaColumns(site.iso),
      });
      site.iso.images.forEach((image, position) => {
        insert(db, "iso_images", { iso_id: isoId, position, image });
      });

      for (const [page, header] of [
        ["news", site.newsPage],
        ["projects", site.projectPage],
      ] as const) {
        insert(db, "page_headers", {
          page,
          ...locs(header, "title", "description"),
          image: header.image ?? null,
          ...metaColumns(header),
          meta_image: header.meta_image ?? null,
        });
      }
      const equipmentPage = site.equipmentPage;
      insert(db, "page_headers", {
        page: "equipment",
        ...locs(equipmentPage, "title", "description"),
        image: equipmentPage.banner_image ?? null,
        ...metaColumns(equipmentPage),
      });

      insertInOrder(db, "services", seed.services, (s) => ({
        ...locs(s, "title", "description", "content"),
        banner_image: s.banner_image ?? null,
        icon: s.icon ?? null,
        white_icon: s.white_icon ?? null,
        ...metaColumns(s),
      }));
      for (const p of seed.projects) {
        insert(db, "projects", {
          id: p.id,
          status: p.status,
          ...locs(p, "title", "description", "client", "location"),
          date: p.date,
          ...(typeof p.amount === "object"
            ? loc("amount", p.amount)
            : { amount_en: p.amount, amount_ar: p.amount }),
          image: p.image ?? null,
          homeimage: p.homeimage ?? null,
          ...loc("image_content", p.image_content),
          ...metaColumns(p),
          meta_image: p.meta_image ?? null,
          created_at: p.created_at,
        });
        p.images.forEach((image, position) => {
          insert(db, "project_images", { project_id: p.id, position, image });
        });
      }
      for (const n of seed.news) {
        insert(db, "news", {
          id: n.id,
          ...locs(n, "title", "description", "content"),
          image: n.image ?? null,
          banner_image: n.banner_image ?? null,
          ...metaColumns(n),
          created_at: n.created_at,
        });
      }
      insertInOrder(db, "extra_pages", seed.extraPages, (page) => ({
        ...locs(page, "title", "content"),
        image: page.image ?? null,
        banner_image: page.banner_image ?? null,
        ...metaColumns(page),
      }));
      insertInOrder(db, "equipment", seed.equipment, (item) => ({
        ...locs(item, "title", "description"),
        image: item.image ?? null,
        quantity: item.quantity ?? null,
      }));

      insert(db, "meta", { key: "seeded_at", value: new Date().toISOString() });
      insert(db, "meta", { key: "seed_source", value: source });
      return true;
    },
    "immediate",
  );
}
