/**
 * The server the browser tests run against: `npm start`'s production server with the bundled
 * reference API, on loopback, with fresh databases.
 */
import fs from "node:fs";
import path from "node:path";
import {
  E2E_API_PORT,
  E2E_PORT,
  E2E_SITE_URL,
  e2eDataDir,
  e2eStorageDir,
  repoRoot,
} from "./env.ts";

fs.rmSync(e2eDataDir, { recursive: true, force: true });
fs.mkdirSync(e2eDataDir, { recursive: true });
Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  API_PORT: String(E2E_API_PORT),
  API_DATABASE_PATH: path.join(e2eDataDir, "content.sqlite"),
  API_STORAGE_DIR: e2eStorageDir,
  OUTBOX_DATABASE_PATH: path.join(e2eDataDir, "outbox.sqlite"),
  SITE_URL: E2E_SITE_URL,
  // Every test browser is the same client (127.0.0.1): the per-visitor contact limits of the
  // site and of the API are tested on servers of their own (e2e/contact-faults.spec.ts).
  CONTACT_RATE_LIMIT: "1000",
  API_CONTACT_RATE_LIMIT: "1000",
  // Tests fill the form faster than a person; the fill-time check has unit tests.
  CONTACT_MIN_FILL_MS: "0",
  // Thousands of requests: the access log has a test of its own (e2e/http.spec.ts).
  ACCESS_LOG: "false",
  IMAGE_CACHE_DIR: path.join(e2eDataDir, "images"),
  ANSWER_STORE_PATH: path.join(e2eDataDir, "answers.sqlite"),
});
// The reference API first, in this process; the website reads it as any company's API.
const { loadApiSettings, startContentApi } = await import("@site/content-api");
const api = await startContentApi(loadApiSettings());
Object.assign(process.env, { API_BASE_URL: api.url, MEDIA_BASE_URL: "/" });
await import(path.join(repoRoot, "apps/web/server/start.ts"));
