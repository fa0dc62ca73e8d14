/**
 * `npm run bench`: speed and size figures of the production build, as visitors and a server
 * meet them, so that a change's cost shows up as numbers. One command builds the site (into
 * apps/web/$BUILD_DIR, default `build-bench`, leaving `build` alone), starts the production
 * server with the bundled reference API on 127.0.0.1, and measures, one thing at a time (two
 * cores: nothing runs beside a measurement):
 *   1. the client bundle: files, raw and gzip bytes per extension;
 *   2. Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown) and desktop preset, on the
 *      home, a project, the news list and the contact page in English and Arabic: the four
 *      category scores, FCP, LCP, CLS, TBT and bytes; the median of N runs by performance score;
 *   3. bytes of a first view by type (mobile runs) against the size budgets;
 *   4. requests/s and p50/p99 latency of /en and a project page under load (autocannon), beside
 *      nginx serving the same bytes, and the site server's memory after the load;
 *   5. site search: index build time and memory, query p50/p99 (scripts/bench/search.ts).
 * Prints tables (progress on stderr) and writes them as JSON to bench-results/<timestamp>.json.
 * Never fails on a number: only a failed build or start ends it early. Everything it starts is
 * stopped on the way out, on an error or Ctrl-C too.
 *   5. the sitemap at scale (bench/sitemap.ts): 20,000 news and 5,000 projects.
 * Options: --runs N (3), --quick (1 run, mobile only), --skip-build, --duration S (10),
 * --connections N (50), --only sitemap (that part alone); ports BENCH_PORT (3399),
 * BENCH_API_PORT (4399), BENCH_NGINX_PORT (3398), the sitemap's site on BENCH_PORT + 2.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../e2e/support/env.ts";
import { clientAssets } from "./bench/assets.ts";
import { byteTypes, KB, type PageBytes, pageBytes } from "./bench/bytes.ts";
import { fixed, kb, table } from "./bench/format.ts";
import {
  categories,
  type LighthouseRun,
  type LighthouseSummary,
  lighthouseRun,
  medianRun,
  type Preset,
  summary,
} from "./bench/lighthouse.ts";
import { type LoadFigures, load, loadAcceptEncoding } from "./bench/load.ts";
import { type RunningNginx, startNginx, staticPage } from "./bench/nginx.ts";
import { positiveInteger } from "./bench/options.ts";
import { cleanup, isStopping, progress, runCommand } from "./bench/processes.ts";
import { QUERY_P99_GOAL_MS, type SearchRow, searchBench, searchTable } from "./bench/search.ts";
import {
  type BenchSite,
  buildSite,
  firstId,
  type Memory,
  memoryOf,
  rawGet,
  startSite,
} from "./bench/site.ts";
import { printSitemap, type SitemapFigures, sitemapAtScale } from "./bench/sitemap.ts";

// --- options ---------------------------------------------------------------------------------

const { values: args } = parseArgs({
  options: {
    runs: { type: "string" },
    quick: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
  },
});

const options = {
  runs: positiveInteger("runs", args.runs ?? (args.quick ? "1" : "3")),
  presets: (args.quick ? ["mobile"] : ["mobile", "desktop"]) as Preset[],
  build: !args["skip-build"],
  buildDir: process.env.BUILD_DIR ?? "build-bench",
  loadSeconds: positiveInteger("duration", args.duration),
  connections: positiveInteger("connections", args.connections),
  port: Number(process.env.BENCH_PORT ?? 3399),
  apiPort: Number(process.env.BENCH_API_PORT ?? 4399),
  nginxPort: Number(process.env.BENCH_NGINX_PORT ?? 3398),
};
const dataDir = path.join(repoRoot, "node_modules/.cache/bench");

// --- results ---------------------------------------------------------------------------------

interface PageLighthouse {
  page: string;
  preset: Preset;
  /** Performance score of every run that finished, in run order. */
  performanceOfRuns: (number | null)[];
  median?: LighthouseSummary;
  errors: string[];
}

interface LoadRow {
  page: string;
  /** Encoding and size of the body each server sent to the load generator. */
  body: { site: string; nginx: string };
  site?: LoadFigures;
  nginx?: LoadFigures;
  /** site / nginx. */
  ratio?: { requestsPerSecond: number; p50: number; p99: number };
}

const results = {
  startedAt: new Date().toISOString(),
  finishedAt: "",
  options,
  machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version },
  git: { commit: "", changedFiles: 0 },
  versions: { lighthouse: "", chromium: "", nginx: "" },
  projectId: "",
  assets: {} as ReturnType<typeof clientAssets>,
  lighthouse: [] as PageLighthouse[],
  bytes: [] as (PageBytes & { page: string })[],
  load: {
    acceptEncoding: loadAcceptEncoding,
    seconds: options.loadSeconds,
    connections: options.connections,
    nginxWorkers: 1,
    /** 1-minute load average of the machine when the load test began. */
    loadAverage: 0,
    pages: [] as LoadRow[],
  },
  memory: {} as { beforeLoad?: Memory; afterLoad?: Memory },
  search: [] as SearchRow[],
  sitemap: undefined as SitemapFigures | undefined,
  problems: [] as string[],
};

function problem(text: string): void {
  results.problems.push(text);
  progress(`problem: ${text}`);
}

function writeResults(): string {
  results.finishedAt = new Date().toISOString();
  const dir = path.join(repoRoot, "bench-results");
  fs.mkdirSync(dir, { recursive: true });
  // ISO 8601 basic format (no colons, so the name is safe everywhere): 20250102T030405Z.
  const stamp = results.startedAt.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  const file = path.join(dir, `${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

// --- 1. client assets ------------------------------------------------------------------------

function reportAssets(): void {
  results.assets = clientAssets(path.join(repoRoot, "apps/web", options.buildDir));
  const rows = Object.entries(results.assets).map(([ext, t]) => [
    ext,
    String(t.files),
    kb(t.raw),
    kb(t.gzip),
  ]);
  const title = `Client assets (apps/web/${options.buildDir}/client/assets)`;
  console.log(table(title, ["ext", "files", "KB", "gzip KB"], rows));
}

// --- 2. Lighthouse ---------------------------------------------------------------------------

async function lighthousePage(
  page: string,
  preset: Preset,
): Promise<{ row: PageLighthouse; median?: LighthouseRun }> {
  const done: LighthouseRun[] = [];
  const errors: string[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const label = `lighthouse ${preset} ${page} run ${run}/${options.runs}`;
    try {
      const figures = await lighthouseRun((await site()).url + page, preset);
      done.push(figures);
      progress(`${label}: performance ${figures.scores.performance ?? "-"}`);
    } catch (error) {
      if (isStopping()) throw error;
      errors.push(String(error));
      problem(`${label}: ${String(error)}`);
    }
  }
  const median = medianRun(done);
  if (median) {
    results.versions.lighthouse = median.lighthouseVersion;
    results.versions.chromium = median.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? median.userAgent;
  }
  const row: PageLighthouse = {
    page,
    preset,
    performanceOfRuns: done.map((figures) => figures.scores.performance ?? null),
    ...(median ? { median: summary(median) } : {}),
    errors,
  };
  return { row, median };
}

function printLighthouse(preset: Preset, rows: PageLighthouse[]): void {
  const title =
    preset === "mobile"
      ? "Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown)"
      : "Lighthouse, desktop preset";
  const lines = rows.map((row) => {
    const m = row.median;
    if (!m) return [row.page, "failed"];
    return [
      row.page,
      ...categories.map((category) => fixed(m.scores[category])),
      fixed(m.fcpMs),
      fixed(m.lcpMs),
      fixed(m.cls, 3),
      fixed(m.tbtMs),
      kb(m.totalBytes),
      row.performanceOfRuns.map((score) => fixed(score)).join(" "),
    ];
  });
  console.log(
    table(
      title,
      [
        "page",
        "perf",
        "a11y",
        "best-pr",
        "seo",
        "FCP ms",
        "LCP ms",
        "CLS",
        "TBT ms",
        "KB",
        "perf of runs",
      ],
      lines,
      [
        `median of ${options.runs} run(s) by performance score; KB = transferred, 1 KB = 1024 bytes`,
        ...rows.flatMap((row) =>
          row.median?.shortfalls.length
            ? [`${row.page} loses points on ${row.median.shortfalls.join(", ")}`]
            : [],
        ),
      ],
    ),
  );
}

// --- 3. bytes per page -----------------------------------------------------------------------

async function reportBytes(medians: Map<string, LighthouseRun>): Promise<void> {
  for (const [page, run] of medians) {
    try {
      results.bytes.push({ page, ...(await pageBytes(run.requests)) });
    } catch (error) {
      if (isStopping()) throw error;
      problem(`bytes of ${page}: ${String(error)}`);
    }
  }
  const budgetCell = (bytes: PageBytes, what: string) => {
    const check = bytes.budgets.find((budget) => budget.what === what);
    return check ? `${kb(check.bytes)} ${check.within ? "ok" : "OVER"}` : "-";
  };
  const rows = results.bytes.map((bytes) => [
    bytes.page,
    ...byteTypes.map((type) => kb(bytes.transferred[type])),
    kb(bytes.total),
    bytes.react ? "yes" : "no",
    budgetCell(bytes, "JS gzip"),
    budgetCell(bytes, "CSS gzip"),
    budgetCell(bytes, "fonts"),
  ]);
  console.log(
    table(
      "Bytes of a first view (phone-sized Chromium, Lighthouse mobile median run), KB",
      [
        "page",
        ...byteTypes,
        "total",
        "React",
        "JS gzip (<=90 with React, else 0)",
        "CSS gzip (<=20)",
        "fonts (<=60)",
      ],
      rows,
      [
        "html..total: transferred as Chromium got them (Brotli where the server offers it), headers included",
        "React: the page has islands and loads their script (React, React DOM and the islands' chunks)",
        `JS/CSS gzip: bodies of the same files sent to a gzip-only client; ok = within budget (1 KB = ${KB} bytes)`,
      ],
    ),
  );
}

// --- 4. load beside nginx, memory --------------------------------------------------------------

async function loadOnce(url: string, label: string): Promise<LoadFigures | undefined> {
  try {
    progress(`load ${label}: warm-up 2 s, then ${options.loadSeconds} s`);
    await load(url, 2, options.connections);
    const figures = await load(url, options.loadSeconds, options.connections);
    progress(`load ${label}: ${figures.requestsPerSecond.toFixed(0)} requests/s`);
    return figures;
  } catch (error) {
    if (isStopping()) throw error;
    problem(`load ${label}: ${String(error)}`);
    return undefined;
  }
}

async function describeBody(url: string): Promise<string> {
  const answer = await rawGet(url, loadAcceptEncoding).catch(() => undefined);
  return answer ? `${answer.encoding} ${kb(answer.body.length)} KB` : "-";
}

async function loadTest(pages: { page: string; name: string }[]): Promise<void> {
  const running = await site();
  const files = await Promise.all(
    pages.map(({ page, name }) =>
      staticPage(running.url, page, name, (page) =>
        problem(
          `${page}: the site's gzip answer is not the identity answer compressed; nginx gets its own gzip`,
        ),
      ),
    ),
  );
  let nginx: RunningNginx | undefined;
  try {
    nginx = await startNginx(options.nginxPort, files);
    results.versions.nginx = nginx.version;
  } catch (error) {
    if (isStopping()) throw error;
    problem(`nginx: ${String(error)}; the site is measured alone`);
  }
  results.memory.beforeLoad = memoryOf(running.pid);
  results.load.loadAverage = os.loadavg()[0] ?? 0;
  for (const { page, name } of pages) {
    const row: LoadRow = {
      page,
      body: {
        site: await describeBody(running.url + page),
        nginx: nginx ? await describeBody(`${nginx.url}/${name}`) : "-",
      },
    };
    row.site = await loadOnce(running.url + page, `site ${page}`);
    if (nginx) row.nginx = await loadOnce(`${nginx.url}/${name}`, `nginx ${page}`);
    if (row.site && row.nginx) {
      row.ratio = {
        requestsPerSecond: row.site.requestsPerSecond / row.nginx.requestsPerSecond,
        p50: row.site.p50Ms / row.nginx.p50Ms,
        p99: row.site.p99Ms / row.nginx.p99Ms,
      };
    }
    results.load.pages.push(row);
  }
  results.memory.afterLoad = memoryOf(running.pid);
  await nginx?.stop();
  const ended = running.ended();
  if (ended) problem(`the site server ended during the load test (${ended})`);
  printLoad();
}

function printLoad(): void {
  const figures = (server: string, f: LoadFigures | undefined, body: string) =>
    f
      ? [
          server,
          fixed(f.requestsPerSecond),
          fixed(f.p50Ms, 1),
          fixed(f.p99Ms, 1),
          fixed(f.bytesPerSecond / f.requestsPerSecond / KB, 1),
          `${f.errors}/${f.non2xx}`,
          body,
        ]
      : [server, "failed"];
  const rows = results.load.pages.flatMap((row) => [
    [row.page, ...figures("site", row.site, row.body.site)],
    [row.page, ...figures("nginx", row.nginx, row.body.nginx)],
    [
      row.page,
      "site/nginx",
      fixed(row.ratio?.requestsPerSecond, 2),
      fixed(row.ratio?.p50, 2),
      fixed(row.ratio?.p99, 2),
    ],
  ]);
  console.log(
    table(
      `Load: ${options.loadSeconds} s, ${options.connections} connections (autocannon), site beside nginx (1 worker, same bytes)`,
      ["page", "server", "req/s", "p50 ms", "p99 ms", "KB/resp", "errors/non-2xx", "body"],
      rows,
      [
        `Accept-Encoding: ${loadAcceptEncoding} (same gzip bytes from both; the site would pick Brotli for "gzip, br")`,
        `load average ${results.load.loadAverage.toFixed(1)} on ${results.machine.cpus} CPUs before the load; autocannon shares them,`,
        "so a server faster than the load generator (nginx, likely) shows the generator's limit",
      ],
      2,
    ),
  );
  const memory = (when: string, m: Memory | undefined) => [
    when,
    fixed(m?.rssMb),
    fixed(m?.peakRssMb),
  ];
  console.log(
    table(
      "Site server memory (one Node process, with the bundled reference API inside)",
      ["when", "RSS MB", "peak RSS MB"],
      [
        memory("before the load", results.memory.beforeLoad),
        memory("after the load", results.memory.afterLoad),
      ],
    ),
  );
}

// --- the run ---------------------------------------------------------------------------------

const siteLog = path.join(dataDir, "site.log");
let current: BenchSite | undefined;
let restarts = 0;
let pages: string[] = [];

/**
 * The running site. One that ended (a crash, or a process killed from outside) is reported
 * with its last output and started again, up to three times.
 */
async function site(): Promise<BenchSite> {
  const ended = current?.ended();
  if (current && !ended) return current;
  if (current) {
    const last = current.output().trim().split("\n").slice(-4).join(" | ");
    problem(`the site server ended (${ended}), restarting it; its last lines: ${last}`);
    restarts += 1;
    if (restarts > 3) throw new Error(`the site server ended ${restarts} times, see ${siteLog}`);
  }
  current = await start();
  await warm(current);
  return current;
}

/** Fills the site's caches: Lighthouse measures the pages, not the first API calls. */
async function warm(running: BenchSite): Promise<void> {
  for (const page of pages) {
    const answer = await rawGet(running.url + page, "identity").catch(() => undefined);
    if (answer?.status !== 200) problem(`${page} answered ${answer?.status ?? "nothing"}`);
  }
}

async function start(): Promise<BenchSite> {
  // A fresh database each run (the seed is read again in well under a second); the image
  // cache stays, so sized images are not made during the measurements.
  for (const name of ["content.sqlite", "storage", "outbox.sqlite"]) {
    for (const file of fs.globSync(`${name}*`, { cwd: dataDir })) {
      fs.rmSync(path.join(dataDir, file), { recursive: true, force: true });
    }
  }
  const port = options.port;
  progress(`starting the site on 127.0.0.1:${port} (API on ${options.apiPort})`);
  return startSite(
    port,
    {
      BUILD_DIR: options.buildDir,
      API_PORT: String(options.apiPort),
      API_DATABASE_PATH: path.join(dataDir, "content.sqlite"),
      API_STORAGE_DIR: path.join(dataDir, "storage"),
      OUTBOX_DATABASE_PATH: path.join(dataDir, "outbox.sqlite"),
      IMAGE_CACHE_DIR: path.join(dataDir, "image-cache"),
      // One server process, beside one nginx worker.
      WORKERS: "1",
      // Canonical and hreflang links on the origin Lighthouse visits, as in production.
      SITE_URL: `http://127.0.0.1:${port}`,
    },
    siteLog,
  );
}

/** The eight pages, with the first project of the API's list (the site must be running). */
async function benchPages(): Promise<string[]> {
  const id = await firstId(`http://127.0.0.1:${options.apiPort}`, "/api/Completed-projects");
  if (!id) problem("no project id from GET /api/Completed-projects; using 1");
  results.projectId = id ?? "1";
  return [
    "/en",
    "/ar",
    `/en/projects/${results.projectId}`,
    `/ar/projects/${results.projectId}`,
  ].concat(["/en/news", "/ar/news", "/en/contactUs", "/ar/contactUs"]);
}

/** What was measured: the commit, how many files differ from it, and how busy the machine is. */
async function describeRun(): Promise<void> {
  const head = await runCommand("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot });
  const changes = await runCommand("git", ["status", "--porcelain"], { cwd: repoRoot });
  results.git = {
    commit: head.stdout.trim(),
    changedFiles: changes.stdout.split("\n").filter(Boolean).length,
  };
  const [load1] = results.machine.loadAverage;
  console.log(
    `Benchmark of ${results.git.commit || "?"} (${results.git.changedFiles} files changed), ${results.startedAt}`,
  );
  console.log(
    `Node ${process.version}, ${results.machine.cpus} CPUs, load average ${fixed(load1, 1)} at start (other processes skew the figures)`,
  );
}

async function sitemap(): Promise<void> {
  const where = { port: options.port + 2, buildDir: options.buildDir, dataDir, logFile: siteLog };
  results.sitemap = await sitemapAtScale(where).catch((error: unknown) => {
    if (isStopping()) throw error;
    problem(`sitemap: ${String(error)}`);
    return undefined;
  });
  if (results.sitemap) printSitemap(results.sitemap);
}

async function run(): Promise<void> {
  await describeRun();
  if (args.only === "sitemap") {
    if (options.build) await buildSite(options.buildDir);
    return sitemap();
  }
  progress(
    `${options.presets.length * 8 * options.runs} Lighthouse runs (about 30 s each), then ${
      2 * 2 * (options.loadSeconds + 2)
    } s of load`,
  );
  if (options.build) await buildSite(options.buildDir);
  reportAssets();
  fs.rmSync(siteLog, { force: true });
  await site();
  pages = await benchPages();
  await warm(await site());
  const mobileMedians = new Map<string, LighthouseRun>();
  for (const preset of options.presets) {
    const rows: PageLighthouse[] = [];
    for (const page of pages) {
      const { row, median } = await lighthousePage(page, preset);
      rows.push(row);
      results.lighthouse.push(row);
      if (preset === "mobile" && median) mobileMedians.set(page, median);
    }
    printLighthouse(preset, rows);
  }
  await site(); // the byte counts ask it for the gzip sizes
  await reportBytes(mobileMedians);
  try {
    await loadTest([
      { page: "/en", name: "home.html" },
      { page: `/en/projects/${results.projectId}`, name: "project.html" },
    ]);
  } catch (error) {
    if (isStopping()) throw error;
    problem(`load test: ${String(error)}`);
  }
  // In this process, reading the site's reference API.
  progress("site search: building indexes and timing queries");
  results.search = await searchBench(`http://127.0.0.1:${options.apiPort}`);
  console.log(searchTable(results.search));
  for (const row of results.search.filter((r) => r.p99Ms >= QUERY_P99_GOAL_MS)) {
    problem(`search p99 ${row.p99Ms.toFixed(1)} ms (${row.corpus}, ${row.lang})`);
  }
  await current?.stop();
  await sitemap();
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    problem(`interrupted (${signal})`);
    void cleanup().finally(() => {
      progress(`partial results in ${path.relative(repoRoot, writeResults())}`);
      process.exit(130);
    });
  });
}

try {
  await run();
} catch (error) {
  if (!interrupted) {
    problem(`stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  await cleanup();
}
// Interrupted: the signal handler writes what was measured and exits.
if (!interrupted) {
  if (results.problems.length > 0) {
    console.log(`\nProblems\n${results.problems.map((text) => `  - ${text}`).join("\n")}`);
  }
  console.log(`\nResults written to ${path.relative(repoRoot, writeResults())}`);
}
