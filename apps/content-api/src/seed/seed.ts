/**
 * The seed step: loads the checked seed files (seed-files.ts) into the tables in one
 * transaction.
 */
import { type Db, insert, type Row, sql, transaction } from "../db/connection.ts";
import type { Localised, Seed } from "./seed-files.ts";

/** True when the seed step has run on this database. */
export function isSeeded(db: Db): boolean {
  return sql(db, "SELECT 1 FROM meta WHERE key = 'seeded_at'").get() !== undefined;
}

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
