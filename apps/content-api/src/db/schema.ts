/**
 * The tables, as a small headless CMS would keep them: one table per entity, localised text
 * in one column per language (`title_en`, `title_ar`), galleries in child tables, and the
 * contact messages written by the site. `PRAGMA user_version` numbers the migrations.
 */
import type { DatabaseSync } from "node:sqlite";

/** A text column per language: `title_en` and `title_ar`, with the same constraint. */
const localised = (name: string, constraint = "") =>
  ["en", "ar"]
    .map((lang) => `${name}_${lang} TEXT${constraint ? ` ${constraint}` : ""}`)
    .join(", ");

/** The search-engine title and description a page may override, in both languages. */
const seoColumns = `${localised("meta_title")}, ${localised("meta_description")}`;

/** A gallery: the images of one `parent` row, in order. */
const gallery = (table: string, key: string, parent: string) => `CREATE TABLE ${table} (
    ${key} INTEGER NOT NULL REFERENCES ${parent} (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    image TEXT NOT NULL,
    PRIMARY KEY (${key}, position)
  );`;

const migrations: string[] = [
  /* sql */ `
  -- Facts about this database (when it was seeded, from where).
  CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );

  -- Home page
  CREATE TABLE home_banners (
    id          INTEGER PRIMARY KEY,
    position    INTEGER NOT NULL,
    image       TEXT,
    ${localised("title", "NOT NULL")},
    ${localised("subtitle")}
  );
  CREATE TABLE extra_data (
    id         INTEGER PRIMARY KEY,
    sort_index INTEGER NOT NULL,
    icon       TEXT,
    ${localised("title", "NOT NULL")},
    ${localised("content", "NOT NULL")}
  );
  CREATE TABLE about_home (
    id                  INTEGER PRIMARY KEY,
    ${localised("title", "NOT NULL")},
    ${localised("content", "NOT NULL")},
    image               TEXT,
    ${seoColumns},
    meta_image          TEXT
  );

  -- Company-wide records
  CREATE TABLE company_profiles (
    id               INTEGER PRIMARY KEY,
    pdf_download_url TEXT NOT NULL
  );
  CREATE TABLE contact_info (
    id       INTEGER PRIMARY KEY,
    position INTEGER NOT NULL,
    ${localised("title", "NOT NULL")},
    ${localised("info", "NOT NULL")}
  );
  CREATE TABLE footers (
    id        INTEGER PRIMARY KEY,
    facebook  TEXT,
    youtube   TEXT,
    instagram TEXT,
    x         TEXT
  );

  -- About us: overview, HSE, ISO certificates, each with an image gallery
  CREATE TABLE overviews (
    id                  INTEGER PRIMARY KEY,
    banner_image        TEXT,
    ${localised("content", "NOT NULL")},
    ${seoColumns}
  );
  ${gallery("overview_images", "overview_id", "overviews")}
  CREATE TABLE hse (
    id                  INTEGER PRIMARY KEY,
    ${localised("title", "NOT NULL")},
    ${localised("content", "NOT NULL")},
    banner_image        TEXT,
    ${seoColumns}
  );
  ${gallery("hse_images", "hse_id", "hse")}
  CREATE TABLE isos (
    id                  INTEGER PRIMARY KEY,
    ${localised("title", "NOT NULL")},
    banner_img          TEXT,
    ${seoColumns}
  );
  ${gallery("iso_images", "iso_id", "isos")}

  -- Header of the news, projects and equipment pages (one row each)
  CREATE TABLE page_headers (
    page                TEXT PRIMARY KEY CHECK (page IN ('news', 'projects', 'equipment')),
    ${localised("title")},
    ${localised("description")},
    image               TEXT,
    ${seoColumns},
    meta_image          TEXT
  );

  -- Collections
  CREATE TABLE services (
    id                  INTEGER PRIMARY KEY,
    position            INTEGER NOT NULL,
    ${localised("title", "NOT NULL")},
    ${localised("description")},
    ${localised("content", "NOT NULL")},
    banner_image        TEXT,
    icon                TEXT,
    white_icon          TEXT,
    ${seoColumns}
  );
  CREATE TABLE projects (
    id                  INTEGER PRIMARY KEY,
    status              TEXT NOT NULL CHECK (status IN ('completed', 'current')),
    ${localised("title", "NOT NULL")},
    ${localised("description")},
    ${localised("client", "NOT NULL")},
    ${localised("location", "NOT NULL")},
    date                TEXT NOT NULL,
    amount_en           NOT NULL, -- text or a number, kept as entered
    amount_ar           NOT NULL,
    image               TEXT,
    homeimage           TEXT,
    ${localised("image_content", "NOT NULL")},
    ${seoColumns},
    meta_image          TEXT,
    created_at          TEXT NOT NULL
  );
  CREATE INDEX projects_by_status ON projects (status, date DESC, id DESC);
  CREATE INDEX projects_by_created ON projects (created_at DESC, id DESC);
  ${gallery("project_images", "project_id", "projects")}
  CREATE TABLE news (
    id                  INTEGER PRIMARY KEY,
    ${localised("title", "NOT NULL")},
    ${localised("description", "NOT NULL")},
    ${localised("content", "NOT NULL")},
    image               TEXT,
    banner_image        TEXT,
    ${seoColumns},
    created_at          TEXT NOT NULL
  );
  CREATE INDEX news_by_created ON news (created_at DESC, id DESC);
  CREATE TABLE extra_pages (
    id                  INTEGER PRIMARY KEY,
    position            INTEGER NOT NULL,
    ${localised("title", "NOT NULL")},
    ${localised("content", "NOT NULL")},
    image               TEXT,
    banner_image        TEXT,
    ${seoColumns}
  );
  CREATE TABLE equipment (
    id             INTEGER PRIMARY KEY,
    position       INTEGER NOT NULL,
    ${localised("title", "NOT NULL")},
    ${localised("description")},
    image          TEXT,
    quantity       -- a number or text, kept as entered
  );

  -- Messages sent through the contact form
  CREATE TABLE contact_messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    name            TEXT NOT NULL,
    email           TEXT NOT NULL,
    phone           TEXT,
    subject         TEXT,
    message         TEXT NOT NULL,
    lang            TEXT NOT NULL,
    client_ip       TEXT NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at      TEXT NOT NULL
  );
  CREATE INDEX contact_messages_by_client ON contact_messages (client_ip, created_at);
  `,
];

/** Brings the schema up to date in one transaction (safe when two processes start at once). */
export function migrate(db: DatabaseSync): void {
  const version = () =>
    (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (version() >= migrations.length) return;
  db.exec("BEGIN IMMEDIATE");
  try {
    for (let next = version(); next < migrations.length; next++) {
      db.exec(migrations[next] ?? "");
      db.exec(`PRAGMA user_version = ${next + 1}`);
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
