/**
 * Starts extra production site servers for tests that need their own settings (an API that is
 * down or slow, a low rate limit), each on a free port of 127.0.0.1; `stop()` ends it. A site is
 * never left without an API: without an `API_BASE_URL`, one is
 * started here first and the site reads it as any backend (media through its /storage proxy).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type ContentApi,
  type ContentApiOptions,
  loadApiSettings,
  startContentApi,
} from "@site/content-api";
import { stopChild } from "./child-process.ts";
import { repoRoot } from "./env.ts";
import { freePort } from "./redis.ts";

export { freePort };

export interface RunningSite {
  url: string;
  /** The server's process (the primary, with WORKERS > 1). */
  pid: number;
  output: () => string;
  /** The structured (JSON) log lines the server wrote so far. */
  logged: () => LogEntry[];
  stop: () => Promise<void>;
}

type LogEntry = Record<string, string | number> & { level: string; component: string };

export interface SiteOptions {
  /** Default: a free port. */
  port?: number;
  /** Extra options for Node, e.g. `["--import", file]`. */
  nodeArgs?: string[];
}

/**
 * Starts a production site with `env`. Without `API_BASE_URL` in `env`, a reference API (its
 * `API_*` settings read from `env`, its database in a temporary folder unless given) is started
 * here first, on a free port, and stopped with the site.
 */
export async function startSite(
  env: Record<string, string> = {},
  options: SiteOptions = {},
): Promise<RunningSite> {
  // Each site keeps its last good answers apart (a site must not serve another API's content).
  const store = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-answers-"));
  let api: ContentApi | undefined;
  const stopApi = async () => {
    await api?.close();
    fs.rmSync(store, { recursive: true, force: true });
  };
  if (env.API_BASE_URL === undefined) {
    api = await startContentApi(
      loadApiSettings({
        API_DATABASE_PATH: path.join(store, "content.sqlite"),
        API_STORAGE_DIR: path.join(store, "storage"),
        ...env,
        API_PORT: env.API_PORT ?? "0",
      }),
    );
    env = { ...env, API_BASE_URL: api.url, MEDIA_BASE_URL: env.MEDIA_BASE_URL ?? "/" };
  }
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(repoRoot, "apps/web/server/start.ts")],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        ANSWER_STORE_PATH: path.join(store, "answers.sqlite"),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Website ready")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`site exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`site did not start in 60 s: ${output}`)), 60_000);
  });
  await ready.catch(async (error: unknown) => {
    child.kill("SIGTERM");
    await stopApi();
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    logged: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogEntry),
    stop: async () => {
      await stopChild(child);
      await stopApi();
    },
  };
}

/** A reference API on a free loopback port, its database and storage in `dir`. */
export async function startApiIn(
  dir: string,
  options: Partial<ContentApiOptions> = {},
): Promise<ContentApi> {
  return startContentApi({
    port: await freePort(),
    host: "127.0.0.1",
    databasePath: path.join(dir, "content.sqlite"),
    storageDir: path.join(dir, "storage"),
    ...options,
  });
}

/** A site server reading a reference API of its own, both in a temporary folder. */
export interface SiteWithApi {
  api: ContentApi;
  site: RunningSite;
  /** The temporary folder: the API's database and storage, the site's outbox. */
  dir: string;
  /** Stops both (the API may have been closed already) and removes the folder. */
  stop: () => Promise<void>;
}

/**
 * Starts a reference API (on `api.port` or a free one, with options such as `pagedForm` or
 * `seedDir`) and a production site reading it (with `env`), both on free ports.
 */
export async function startSiteWithApi(
  api: Partial<ContentApiOptions> = {},
  env: Record<string, string> = {},
): Promise<SiteWithApi> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-site-"));
  const contentApi = await startApiIn(dir, api);
  const site = await startSite({
    API_BASE_URL: contentApi.url,
    OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
    ...env,
  }).catch(async (error: unknown) => {
    await contentApi.close();
    throw error;
  });
  return {
    api: contentApi,
    site,
    dir,
    stop: async () => {
      await site.stop();
      await contentApi.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes columns of one news row straight into the API's database, as an editor's save would. */
export function editNews(
  on: Pick<SiteWithApi, "dir">,
  id: number | string,
  columns: Record<string, string>,
) {
  const db = new DatabaseSync(path.join(on.dir, "content.sqlite"));
  const assignments = Object.keys(columns).map((name) => `${name} = ?`);
  db.prepare(`UPDATE news SET ${assignments.join(", ")} WHERE id = ?`).run(
    ...Object.values(columns),
    id,
  );
  db.close();
}
