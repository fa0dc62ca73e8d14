/**
 * The server the browser tests run against: `npm start`'s production server with the bundled
 * reference API, on loopback, with fresh databases.
 */
import fs from "node:fs";
import path from "node:path";
import { E2E_API_PORT, E2E_PORT, e2eDataDir, e2eStorageDir, repoRoot } from "./env.ts";

fs.rmSync(e2eDataDir, { recursive: true, force: true });
fs.mkdirSync(e2eDataDir, { recursive: true });
Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  API_PORT: String(E2E_API_PORT),
  API_DATABASE_PATH: path.join(e2eDataDir, "content.sqlite"),
  API_STORAGE_DIR: e2eStorageDir,
  OUTBOX_DATABASE_PATH: path.join(e2eDataDir, "outbox.sqlite"),
  SITE_URL: "https://www.arkan-contracting.example",
});
delete process.env.API_BASE_URL;
await import(path.join(repoRoot, "apps/web/server/start.ts"));
