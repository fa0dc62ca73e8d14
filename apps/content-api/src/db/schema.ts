/**
 * The tables, as a small headless CMS would keep them: one table per entity, localised text
 * in one column per language (`title_en`, `title_ar`), galleries in child tables, and the
 * contact messages written by the site. `PRAGMA user_version` numbers the migrations.
 */
import type { DatabaseSync } from "node:sqlite";

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
    title_en    TEXT NOT NULL,
    title_ar    TEXT NOT NULL,
    subtitle_en TEXT,
    subtitle_ar TEXT
  );
  CREATE TABLE extra_data (
    id         INTEGER PRIMARY KEY,
    sort_index INTEGER NOT NULL,
    icon       TEXT,
    title_en   TEXT NOT NULL,
    title_ar   TEXT NOT NULL,
    content_en TEXT NOT NULL,
    content_ar TEXT NOT NULL
  );
  CREATE TABLE about_home (
    id                  INTEGER PRIMARY KEY,
    title_en            TEXT NOT NULL,
    title_ar            TEXT NOT NULL,
    content_en          TEXT NOT NULL,
    content_ar          TEXT NOT NULL,
    image               TEXT,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT,
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
    title_en TEXT NOT NULL,
    title_ar TEXT NOT NULL,
    info_en  TEXT NOT NULL,
    info_ar  TEXT NOT NULL
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
    content_en          TEXT NOT NULL,
    content_ar          TEXT NOT NULL,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT
  );
  CREATE TABLE overview_images (
    overview_id INTEGER NOT NULL REFERENCES overviews (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    image       TEXT NOT NULL,
    PRIMARY KEY (overview_id, position)
  );
  CREATE TABLE hse (
    id                  INTEGER PRIMARY KEY,
    title_en            TEXT NOT NULL,
    title_ar            TEXT NOT NULL,
    content_en          TEXT NOT NULL,
    content_ar          TEXT NOT NULL,
    banner_image        TEXT,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT
  );
  CREATE TABLE hse_images (
    hse_id   INTEGER NOT NULL REFERENCES hse (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    image    TEXT NOT NULL,
    PRIMARY KEY (hse_id, position)
  );
  CREATE TABLE isos (
    id                  INTEGER PRIMARY KEY,
    title_en            TEXT NOT NULL,
    title_ar            TEXT NOT NULL,
    banner_img          TEXT,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT
  );
  CREATE TABLE iso_images (
    iso_id   INTEGER NOT NULL REFERENCES isos (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    image    TEXT NOT NULL,
    PRIMARY KEY (iso_id, position)
  );

  -- Header of the news, projects and equipment pages (one row each)
  CREATE TABLE page_headers (
    page                TEXT PRIMARY KEY CHECK (page IN ('news', 'projects', 'equipment')),
    title_en            TEXT,
    title_ar            TEXT,
    description_en      TEXT,
    description_ar      TEXT,
    image               TEXT,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT,
    meta_image          TEXT
  );

  -- Collections
  CREATE TABLE services (
    id                  INTEGER PRIMARY KEY,
    position            INTEGER NOT NULL,
    title_en            TEXT NOT NULL,
    title_ar            TEXT NOT NULL,
    description_en      TEXT,
    description_ar      TEXT,
    content_en          TEXT NOT NULL,
    content_ar          TEXT NOT NULL,
    banner_image        TEXT,
    icon                TEXT,
    white_icon          TEXT,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT
  );
  CREATE TABLE projects (
    id                  INTEGER PRIMARY KEY,
    status              TEXT NOT NULL CHECK (status IN ('completed', 'current')),
    title_en            TEXT NOT NULL,
    title_ar            TEXT NOT NULL,
    description_en      TEXT,
    description_ar      TEXT,
    client_en           TEXT NOT NULL,
    client_ar           TEXT NOT NULL,
    location_en         TEXT NOT NULL,
    location_ar         TEXT NOT NULL,
    date                TEXT NOT NULL,
    amount_en           NOT NULL, -- text or a number, kept as entered
    amount_ar           NOT NULL,
    image               TEXT,
    homeimage           TEXT,
    image_content_en    TEXT NOT NULL,
    image_content_ar    TEXT NOT NULL,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT,
    meta_image          TEXT,
    created_at          TEXT NOT NULL
  );
  CREATE INDEX projects_by_status ON projects (status, date DESC, id DESC);
  CREATE INDEX projects_by_created ON projects (created_at DESC, id DESC);
  CREATE TABLE project_images (
    project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    image      TEXT NOT NULL,
    PRIMARY KEY (project_id, position)
  );
  CREATE TABLE news (
    id                  INTEGER PRIMARY KEY,
    title_en            TEXT NOT NULL,
    title_ar            TEXT NOT NULL,
    description_en      TEXT NOT NULL,
    description_ar      TEXT NOT NULL,
    content_en          TEXT NOT NULL,
    content_ar          TEXT NOT NULL,
    image               TEXT,
    banner_image        TEXT,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT,
    created_at          TEXT NOT NULL
  );
  CREATE INDEX news_by_created ON news (created_at DESC, id DESC);
  CREATE TABLE extra_pages (
    id                  INTEGER PRIMARY KEY,
    position            INTEGER NOT NULL,
    title_en            TEXT NOT NULL,
    title_ar            TEXT NOT NULL,
    content_en          TEXT NOT NULL,
    content_ar          TEXT NOT NULL,
    image               TEXT,
    banner_image        TEXT,
    meta_title_en       TEXT,
    meta_title_ar       TEXT,
    meta_description_en TEXT,
    meta_description_ar TEXT
  );
  CREATE TABLE equipment (
    id             INTEGER PRIMARY KEY,
    position       INTEGER NOT NULL,
    title_en       TEXT NOT NULL,
    title_ar       TEXT NOT NULL,
    description_en TEXT,
    description_ar TEXT,
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
