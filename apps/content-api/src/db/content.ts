/**
 * Reads, one small function per payload of API.md, rows mapped to the contract's types.
 * Localised columns are chosen in SQL: `title_ar AS title` for Arabic.
 */

import type { SQLInputValue } from "node:sqlite";
import type {
  AboutHome,
  CompanyProfile,
  ContactInfoItem,
  EquipmentItem,
  EquipmentPage,
  ExtraDataItem,
  ExtraPage,
  ExtraPageSummary,
  Footer,
  HomeBanner,
  HomeProject,
  HomeService,
  Hse,
  Iso,
  Language,
  LatestProject,
  NewsItem,
  NewsPage,
  NewsSummary,
  Overview,
  Paged,
  ProjectDetail,
  ProjectPage,
  ProjectRow,
  Service,
  ServiceSummary,
} from "@site/contract";
import { type Db, sql } from "./connection.ts";

export const newsPerPage = 6;
export const projectsPerPage = 5;
/** How many projects the home page shows, and how many "other projects" a detail page lists. */
const homeProjectCount = 8;
const otherProjectCount = 4;

export type ProjectStatus = "completed" | "current";

const all = <T>(db: Db, text: string, ...params: SQLInputValue[]) =>
  sql(db, text).all(...params) as unknown as T[];
const get = <T>(db: Db, text: string, ...params: SQLInputValue[]) =>
  sql(db, text).get(...params) as T | undefined;

/** `columns(lang, "title", "content")` → `title_ar AS title, content_ar AS content`. */
const columns = (lang: Language, ...names: string[]) =>
  names.map((name) => `${name}_${lang} AS ${name}`).join(", ");

const meta = (lang: Language) => columns(lang, "meta_title", "meta_description");

const images = (db: Db, table: string, owner: string, ownerId: number) =>
  all<{ image: string }>(
    db,
    `SELECT image FROM ${table} WHERE ${owner} = ? ORDER BY position`,
    ownerId,
  );

/** One page of `total` items; a page past the end is empty but still tells the true last page. */
function paginate<T>(
  total: number,
  perPage: number,
  page: number,
  fetch: (limit: number, offset: number) => T[],
): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data = page > lastPage ? [] : fetch(perPage, (page - 1) * perPage);
  return {
    data,
    pagination: { current_page: page, last_page: lastPage, per_page: perPage, total },
  };
}

// Home page

export function listHomeBanners(db: Db, lang: Language): HomeBanner[] {
  return all(
    db,
    `SELECT id, image, ${columns(lang, "title", "subtitle")} FROM home_banners ORDER BY position`,
  );
}

export function listExtraData(db: Db, lang: Language): ExtraDataItem[] {
  return all(
    db,
    `SELECT icon, ${columns(lang, "title", "content")}, sort_index AS "index"
     FROM extra_data ORDER BY sort_index, id`,
  );
}

export function listAboutHome(db: Db, lang: Language): AboutHome[] {
  return all(
    db,
    `SELECT ${columns(lang, "title", "content")}, image, ${meta(lang)}, meta_image FROM about_home ORDER BY id`,
  );
}

export function listHomeProjects(db: Db, lang: Language): HomeProject[] {
  return all(
    db,
    `SELECT id, ${columns(lang, "title")}, homeimage, ${columns(lang, "description")}
     FROM projects ORDER BY created_at DESC, id DESC LIMIT ?`,
    homeProjectCount,
  );
}

export function listHomeServices(db: Db, lang: Language): HomeService[] {
  return all(
    db,
    `SELECT id, ${columns(lang, "title", "description")}, icon, white_icon FROM services ORDER BY position`,
  );
}

// Services and other pages

const serviceSummaryColumns = (lang: Language) =>
  `id, ${columns(lang, "title")}, banner_image, ${meta(lang)}, icon, white_icon, ${columns(lang, "description")}`;

export function listServices(db: Db, lang: Language): ServiceSummary[] {
  return all(db, `SELECT ${serviceSummaryColumns(lang)} FROM services ORDER BY position`);
}

export function getService(db: Db, lang: Language, id: number): Service | undefined {
  return get(
    db,
    `SELECT ${serviceSummaryColumns(lang)}, ${columns(lang, "content")} FROM services WHERE id = ?`,
    id,
  );
}

export function listExtraPages(db: Db, lang: Language): ExtraPageSummary[] {
  return all(db, `SELECT id, ${columns(lang, "title")} FROM extra_pages ORDER BY position`);
}

export function getExtraPage(db: Db, lang: Language, id: number): ExtraPage | undefined {
  return get(
    db,
    `SELECT id, ${columns(lang, "title", "content")}, image, ${meta(lang)}, banner_image
     FROM extra_pages WHERE id = ?`,
    id,
  );
}

// Company-wide records

export function listCompanyProfiles(db: Db): CompanyProfile[] {
  return all(db, "SELECT pdf_download_url FROM company_profiles ORDER BY id");
}

export function listContactInfo(db: Db, lang: Language): ContactInfoItem[] {
  return all(db, `SELECT ${columns(lang, "title", "info")} FROM contact_info ORDER BY position`);
}

export function listFooters(db: Db): Footer[] {
  return all(db, "SELECT facebook, youtube, instagram, x FROM footers ORDER BY id");
}

// About us

/**
 * The rows `query` selects (with their `id`), each with its gallery from `<field>` (keyed by
 * `<owner>_id`) in place of the id: overviews, HSE and ISO pages share this shape.
 */
function withGallery<Row, Field extends string>(
  db: Db,
  query: string,
  field: Field,
  owner: string,
): (Row & Record<Field, ReturnType<typeof images>>)[] {
  const rows = all<Row & { id: number }>(db, query);
  return rows.map(({ id, ...row }) => ({
    ...(row as Row),
    ...({ [field]: images(db, field, `${owner}_id`, id) } as Record<
      Field,
      ReturnType<typeof images>
    >),
  }));
}

export function listOverviews(db: Db, lang: Language): Overview[] {
  return withGallery<Omit<Overview, "overview_images">, "overview_images">(
    db,
    `SELECT id, ${meta(lang)}, banner_image, ${columns(lang, "content")} FROM overviews ORDER BY id`,
    "overview_images",
    "overview",
  );
}

export function listHse(db: Db, lang: Language): Hse[] {
  return withGallery<Omit<Hse, "hse_images">, "hse_images">(
    db,
    `SELECT id, ${columns(lang, "title", "content")}, banner_image, ${meta(lang)} FROM hse ORDER BY id`,
    "hse_images",
    "hse",
  );
}

export function listIsos(db: Db, lang: Language): Iso[] {
  return withGallery<Omit<Iso, "iso_images">, "iso_images">(
    db,
    `SELECT id, ${columns(lang, "title")}, ${meta(lang)}, banner_img FROM isos ORDER BY id`,
    "iso_images",
    "iso",
  );
}

// News

export function listNews(db: Db, lang: Language, page: number): Paged<NewsSummary> {
  const { total } = get<{ total: number }>(db, "SELECT count(*) AS total FROM news") ?? {
    total: 0,
  };
  return paginate(total, newsPerPage, page, (limit, offset) =>
    all(
      db,
      `SELECT id, ${columns(lang, "title")}, image, ${columns(lang, "description")}, created_at
       FROM news ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      limit,
      offset,
    ),
  );
}

export function getNews(db: Db, lang: Language, id: number): NewsItem | undefined {
  return get(
    db,
    `SELECT id, ${columns(lang, "title")}, image, ${columns(lang, "description", "content")},
            banner_image, ${meta(lang)}, created_at
     FROM news WHERE id = ?`,
    id,
  );
}

// Page headers

const pageHeader = (lang: Language, page: "news" | "projects") =>
  `SELECT ${columns(lang, "title", "description")}, image, ${meta(lang)}, meta_image
   FROM page_headers WHERE page = '${page}'`;

export function listNewsPages(db: Db, lang: Language): NewsPage[] {
  return all(db, pageHeader(lang, "news"));
}

export function listProjectPages(db: Db, lang: Language): ProjectPage[] {
  return all(db, pageHeader(lang, "projects"));
}

export function listEquipmentPages(db: Db, lang: Language): EquipmentPage[] {
  return all(
    db,
    `SELECT ${columns(lang, "title", "description")}, image AS banner_image, ${meta(lang)}
     FROM page_headers WHERE page = 'equipment'`,
  );
}

// Projects

export function listProjects(
  db: Db,
  lang: Language,
  status: ProjectStatus,
  page: number,
): Paged<ProjectRow> {
  const { total } = get<{ total: number }>(
    db,
    "SELECT count(*) AS total FROM projects WHERE status = ?",
    status,
  ) ?? { total: 0 };
  return paginate(total, projectsPerPage, page, (limit, offset) =>
    all(
      db,
      `SELECT id, ${columns(lang, "title", "client")}, date, ${columns(lang, "amount")}
       FROM projects WHERE status = ? ORDER BY date DESC, id DESC LIMIT ? OFFSET ?`,
      status,
      limit,
      offset,
    ),
  );
}

export function listLatestProjects(db: Db, lang: Language): LatestProject[] {
  return all(
    db,
    `SELECT id, ${columns(lang, "title")}, homeimage, created_at FROM projects ORDER BY created_at DESC, id DESC`,
  );
}

/** A completed or current project, with its gallery and a few other projects (same status first). */
export function getProject(db: Db, lang: Language, id: number): ProjectDetail | undefined {
  const project = get<
    Omit<ProjectDetail["projects"], "project_images"> & { status: ProjectStatus }
  >(
    db,
    `SELECT id, status, ${columns(lang, "title")}, image, ${columns(lang, "image_content", "client", "location")},
            date, ${meta(lang)}, meta_image
     FROM projects WHERE id = ?`,
    id,
  );
  if (!project) return undefined;
  const { status, ...projects } = project;
  const gallery = all<{ name: string }>(
    db,
    "SELECT image AS name FROM project_images WHERE project_id = ? ORDER BY position",
    id,
  );
  const others = all<ProjectDetail["other_projects"][number]>(
    db,
    `SELECT id, ${columns(lang, "title")}, homeimage FROM projects
     WHERE id <> ? ORDER BY status = ? DESC, created_at DESC, id DESC LIMIT ?`,
    id,
    status,
    otherProjectCount,
  );
  return { projects: { ...projects, project_images: gallery }, other_projects: others };
}

// Equipment

export function listEquipment(db: Db, lang: Language): EquipmentItem[] {
  return all(
    db,
    `SELECT id, ${columns(lang, "title")}, image, ${columns(lang, "description")}, quantity
     FROM equipment ORDER BY position`,
  );
}
