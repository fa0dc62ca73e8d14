/**
 * The site `npm run bench` measures, kept running: the production server reading the reference
 * API (a process of its own on BENCH_API_PORT: the site no longer bundles it), on a fresh
 * database each start, its caches warmed on the pages measured. A site that ended (a crash, or
 * a process killed from outside) is reported with its last output and started again, up to
 * three times.
 */
import fs from "node:fs";
import path from "node:path";
import { progress } from "./processes.ts";
import type { SpeedOptions } from "./run-state.ts";
import { type BenchSite, rawGet, startApi, startSite } from "./site.ts";

export class KeptSite {
  #current: BenchSite | undefined;
  #api: BenchSite | undefined;
  #restarts = 0;
  /** The pages warmed after each start. */
  pages: string[] = [];

  readonly logFile: string;
  readonly #options: SpeedOptions;
  readonly #dataDir: string;
  readonly #problem: (text: string) => void;

  constructor(options: SpeedOptions, dataDir: string, problem: (text: string) => void) {
    this.#options = options;
    this.#dataDir = dataDir;
    this.#problem = problem;
    this.logFile = path.join(dataDir, "site.log");
  }

  /** The running site, started (again) if need be. */
  async site(): Promise<BenchSite> {
    const current = this.#current;
    const ended = current?.ended();
    if (current && !ended) return current;
    if (current) {
      const last = current.output().trim().split("\n").slice(-4).join(" | ");
      this.#problem(`the site server ended (${ended}), restarting it; its last lines: ${last}`);
      this.#restarts += 1;
      if (this.#restarts > 3)
        throw new Error(`the site server ended ${this.#restarts} times, see ${this.logFile}`);
    }
    this.#current = await this.#start();
    await this.warm(this.#current);
    return this.#current;
  }

  /** Stops the site and its API. */
  async stop(): Promise<void> {
    await this.#current?.stop();
    await this.#api?.stop();
    this.#api = undefined;
  }

  /** Fills the site's caches: Lighthouse measures the pages, not the first API calls. */
  async warm(running: BenchSite): Promise<void> {
    for (const page of this.pages) {
      const answer = await rawGet(running.url + page, "identity").catch(() => undefined);
      if (answer?.status !== 200) this.#problem(`${page} answered ${answer?.status ?? "nothing"}`);
    }
  }

  async #start(): Promise<BenchSite> {
    const dataDir = this.#dataDir;
    const { port, apiPort, buildDir } = this.#options;
    await this.#api?.stop();
    // A fresh database each run (the seed is read again in well under a second); the image
    // cache stays, so sized images are not made during the measurements.
    for (const name of ["content.sqlite", "storage", "outbox.sqlite"]) {
      for (const file of fs.globSync(`${name}*`, { cwd: dataDir })) {
        fs.rmSync(path.join(dataDir, file), { recursive: true, force: true });
      }
    }
    progress(`starting the site on 127.0.0.1:${port} (API on ${apiPort})`);
    this.#api = await startApi(
      apiPort,
      {
        API_DATABASE_PATH: path.join(dataDir, "content.sqlite"),
        API_STORAGE_DIR: path.join(dataDir, "storage"),
      },
      path.join(dataDir, "api.log"),
    );
    return startSite(
      port,
      {
        BUILD_DIR: buildDir,
        API_BASE_URL: this.#api.url,
        OUTBOX_DATABASE_PATH: path.join(dataDir, "outbox.sqlite"),
        IMAGE_CACHE_DIR: path.join(dataDir, "image-cache"),
        // One server process, beside one nginx worker.
        WORKERS: "1",
        // Canonical and hreflang links on the origin Lighthouse visits, as in production.
        SITE_URL: `http://127.0.0.1:${port}`,
      },
      this.logFile,
    );
  }
}
