/**
 * The servers the browser tests run against: `npm start`'s production server on loopback, with
 * fresh databases, reading the reference API with its demo content. The API is started here,
 * in this process, and the site is given its address as any backend's (media through the
 * site's /storage proxy): the site is never left to start the API itself.
 *
 * With `--api-down`: the run's second site, whose API is unreachable (E2E_DOWN_URL).
 */
import fs from "node:fs";
import path from "node:path";
import { loadApiSettings, startContentApi } from "@site/content-api";
import {
  E2E_API_PORT,
  E2E_DOWN_PORT,
  E2E_PORT,
  E2E_SITE_URL,
  e2eDataDir,
  e2eStorageDir,
  repoRoot,
} from "./env.ts";

// Playwright stops its servers on Ctrl-C, not when it is itself killed (a CI job's SIGTERM):
// left behind, they would hold the ports. Its pipe to this server's input closes as it dies,
// and the server stops as if asked to. (Only a pipe: a terminal or /dev/null is no sign.)
const input = fs.fstatSync(0);
if (input.isFIFO() || input.isSocket()) {
  process.stdin.on("end", () => process.kill(process.pid, "SIGTERM")).resume();
}

if (process.argv.includes("--api-down")) {
  const dir = `${e2eDataDir}-down`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  Object.assign(process.env, {
    PORT: String(E2E_DOWN_PORT),
    HOST: "127.0.0.1",
    // Port 9 (discard) refuses connections on loopback: the API is unreachable at once.
    API_BASE_URL: "http://127.0.0.1:9",
    API_TIMEOUT_MS: "2000",
    OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
    SITE_URL: E2E_SITE_URL,
    ACCESS_LOG: "false",
    IMAGE_CACHE_DIR: path.join(dir, "images"),
    ANSWER_STORE_PATH: path.join(dir, "answers.sqlite"),
  });
} else {
  fs.rmSync(e2eDataDir, { recursive: true, force: true });
  fs.mkdirSync(e2eDataDir, { recursive: true });
  const api = await startContentApi({
    ...loadApiSettings({
      API_PORT: String(E2E_API_PORT),
      API_DATABASE_PATH: path.join(e2eDataDir, "content.sqlite"),
      API_STORAGE_DIR: e2eStorageDir,
      // Every test browser is the same client (127.0.0.1): the per-visitor contact limits of the
      // site and of the API are tested on servers of their own (e2e/contact-faults.spec.ts).
      API_CONTACT_RATE_LIMIT: "1000",
    }),
    log: console.log,
  });
  console.log(`Started the reference content API with demo content at ${api.url}`);
  Object.assign(process.env, {
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    API_BASE_URL: api.url,
    MEDIA_BASE_URL: "/",
    OUTBOX_DATABASE_PATH: path.join(e2eDataDir, "outbox.sqlite"),
    SITE_URL: E2E_SITE_URL,
    CONTACT_RATE_LIMIT: "1000",
    // Every test searches from one address (the search limit has a spec of its own).
    SEARCH_RATE_LIMIT: "100000",
    // Tests fill the form faster than a person; the fill-time check has unit tests.
    CONTACT_MIN_FILL_MS: "0",
    // Thousands of requests: the access log has a test of its own (e2e/http.spec.ts).
    ACCESS_LOG: "false",
    IMAGE_CACHE_DIR: path.join(e2eDataDir, "images"),
    ANSWER_STORE_PATH: path.join(e2eDataDir, "answers.sqlite"),
  });
}
await import(path.join(repoRoot, "apps/web/server/start.ts"));
