/**
 * Starts an extra production site server for tests that need their own settings (an API that
 * is down or slow, a low rate limit). Listens on 127.0.0.1; `stop()` ends it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ContentApi, type ContentApiOptions, startContentApi } from "@site/content-api";
import { E2E_API_PORT, E2E_PORT, repoRoot } from "./env.ts";

export interface RunningSite {
  url: string;
  /** The server's process (the primary, with WORKERS > 1). */
  pid: number;
  output: () => string;
  /** The structured (JSON) log lines the server wrote so far. */
  logged: () => LogEntry[];
  stop: () => Promise<void>;
}

export type LogEntry = Record<string, string | number> & { level: string; area: string };

/** `nodeArgs`: extra options for Node, e.g. `["--import", file]`. */
export async function startSite(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<RunningSite> {
  // Each site keeps its last good answers apart (a site must not serve another API's content).
  const store = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-answers-"));
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, path.join(repoRoot, "apps/web/server/start.ts")],
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
  await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    logged: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogEntry),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(store, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
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
 * Starts a reference API (on `E2E_API_PORT + offset`, with `api` options such as `pagedForm`
 * or `seedDir`) and a production site reading it (on `E2E_PORT + offset`, with `env`).
 */
export async function startSiteWithApi(
  offset: number,
  api: Partial<ContentApiOptions> = {},
  env: Record<string, string> = {},
): Promise<SiteWithApi> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-site-"));
  const contentApi = await startContentApi({
    port: E2E_API_PORT + offset,
    host: "127.0.0.1",
    databasePath: path.join(dir, "content.sqlite"),
    storageDir: path.join(dir, "storage"),
    ...api,
  });
  const site = await startSite(E2E_PORT + offset, {
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
