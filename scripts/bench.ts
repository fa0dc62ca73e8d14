/**
 * `npm run bench`: speed and size figures of the production build, as visitors and a server
 * meet them, so that a change's cost shows up as numbers. One command builds the site (into
 * apps/web/$BUILD_DIR, default `build-bench`, leaving `build` alone), starts the production
 * server and the reference API (a process of its own) on 127.0.0.1, and measures, one thing at
 * a time (two cores: nothing runs beside a measurement):
 *   1. the client bundle: files, raw and gzip bytes per extension;
 *   2. Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown) and desktop preset, on the
 *      home, a project, the news list and the contact page in English and Arabic: the four
 *      category scores, FCP, LCP, CLS, TBT and bytes; the median of N runs by performance score;
 *   3. bytes of a first view by type (mobile runs) against the size budgets;
 *   4. requests/s and p50/p99 latency of /en and a project page under load (autocannon), beside
 *      nginx serving the same bytes, and the site server's memory after the load;
 *   5. site search: index build time and memory, query p50/p99, the API requests of a
 *      refresh (scripts/bench/search.ts);
 *   6. the sitemap at scale (bench/sitemap.ts): 20,000 news and 5,000 projects;
 *   7. a click on a hovered link to the next page's first paint, in Chromium (bench/navigation.ts).
 * Prints tables (progress on stderr) and writes them as JSON to bench-results/<timestamp>.json.
 * Never fails on a number: only a failed build or start ends it early. Everything it starts is
 * stopped on the way out, on an error or Ctrl-C too. Parts 1 to 4 are bench/report-*.ts, the
 * site they measure bench/kept-site.ts, the results they fill in bench/run-state.ts.
 * Options: --runs N (3), --quick (1 run, mobile only), --skip-build, --duration S (10),
 * --connections N (50), --only sitemap|lighthouse|navigation (that part alone), --pages
 * /en,/ar/contactUs (Lighthouse on these pages only; `project` names the first project),
 * --reduced-motion (the clicks of part 7 as a visitor who asks for it: no view transition);
 * LIGHTHOUSE_CLI, another Lighthouse's cli/index.js (to compare versions); ports BENCH_PORT (3399),
 * BENCH_API_PORT (4399), BENCH_NGINX_PORT (3398), the sitemap's site on BENCH_PORT + 2.
 */
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../e2e/support/env.ts";
import { fixed } from "./bench/format.ts";
import { KeptSite } from "./bench/kept-site.ts";
import type { Preset } from "./bench/lighthouse.ts";
import { CLICK_TO_PAINT_GOAL_MS, navigationBench, navigationTable } from "./bench/navigation.ts";
import { benchArgs, benchPorts, positiveInteger } from "./bench/options.ts";
import { cleanup, isStopping, progress, runCommand } from "./bench/processes.ts";
import { reportAssets } from "./bench/report-assets.ts";
import { reportBytes } from "./bench/report-bytes.ts";
import { reportLighthouse } from "./bench/report-lighthouse.ts";
import { loadTest } from "./bench/report-load.ts";
import { writeResults } from "./bench/results.ts";
import { problemsOf, type SpeedOptions, type SpeedRun, speedResults } from "./bench/run-state.ts";
import {
  QUERY_P99_GOAL_MS,
  refreshRequests,
  refreshTable,
  searchBench,
  searchTable,
} from "./bench/search.ts";
import { buildSite, firstId } from "./bench/site.ts";
import { printSitemap, sitemapAtScale } from "./bench/sitemap.ts";

// --- options ---------------------------------------------------------------------------------

const { values: args, common } = benchArgs(
  { duration: "10", connections: "50" },
  {
    runs: { type: "string" },
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    pages: { type: "string" },
    "reduced-motion": { type: "boolean", default: false },
  },
);

const options: SpeedOptions = {
  runs: positiveInteger("runs", args.runs ?? (args.quick ? "1" : "3")),
  presets: (args.quick ? ["mobile"] : ["mobile", "desktop"]) as Preset[],
  build: common.build,
  buildDir: common.buildDir,
  loadSeconds: common.seconds,
  connections: common.connections,
  ...benchPorts(),
};
const dataDir = path.join(repoRoot, "node_modules/.cache/bench");

// --- the run ---------------------------------------------------------------------------------

const results = speedResults(options);
const problem = problemsOf(results);
const kept = new KeptSite(options, dataDir, problem);
const speedRun: SpeedRun = { options, results, problem, site: () => kept.site() };

/** The eight pages, with the first project of the API's list (the site must be running). */
async function benchPages(): Promise<string[]> {
  const id = await firstId(`http://127.0.0.1:${options.apiPort}`, "/api/Completed-projects");
  if (!id) problem("no project id from GET /api/Completed-projects; using 1");
  results.projectId = id ?? "1";
  const pages = [
    "/en",
    "/ar",
    `/en/projects/${results.projectId}`,
    `/ar/projects/${results.projectId}`,
  ].concat(["/en/news", "/ar/news", "/en/contactUs", "/ar/contactUs"]);
  if (!args.pages) return pages;
  return args.pages
    .split(",")
    .map((page) => page.replace(/\/project$/, `/projects/${results.projectId}`));
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
  const where = {
    port: options.port + 2,
    buildDir: options.buildDir,
    dataDir,
    logFile: kept.logFile,
  };
  results.sitemap = await sitemapAtScale(where).catch((error: unknown) => {
    if (isStopping()) throw error;
    problem(`sitemap: ${String(error)}`);
    return undefined;
  });
  if (results.sitemap) printSitemap(results.sitemap);
}

async function navigation(): Promise<void> {
  progress("clicks on hovered links, in Chromium");
  try {
    const runs = Math.max(options.runs, 5);
    const reduced = args["reduced-motion"] ?? false;
    const base = (await kept.site()).url;
    results.navigation = await navigationBench(base, ["en", "ar"], runs, reduced);
    console.log(navigationTable(results.navigation, runs, reduced));
    for (const row of results.navigation.filter(
      (r) => (r.medianMs ?? Number.POSITIVE_INFINITY) > CLICK_TO_PAINT_GOAL_MS,
    )) {
      problem(`click ${row.from} → ${row.to}: ${row.medianMs?.toFixed(0)} ms to the first paint`);
    }
  } catch (error) {
    if (isStopping()) throw error;
    problem(`navigation: ${String(error)}`);
  }
}

async function run(): Promise<void> {
  await describeRun();
  if (args.only === "sitemap") {
    if (options.build) await buildSite(options.buildDir);
    return sitemap();
  }
  if (args.only === "lighthouse" || args.only === "navigation") {
    if (options.build) await buildSite(options.buildDir);
    await kept.site();
    kept.pages = await benchPages();
    await kept.warm(await kept.site());
    if (args.only === "lighthouse") await reportLighthouse(speedRun, kept.pages);
    else await navigation();
    return kept.stop();
  }
  progress(
    `${options.presets.length * (args.pages?.split(",").filter(Boolean).length ?? 8) * options.runs} Lighthouse runs (about 30 s each), then ${
      2 * 2 * (options.loadSeconds + 2)
    } s of load`,
  );
  if (options.build) await buildSite(options.buildDir);
  reportAssets(speedRun);
  fs.rmSync(kept.logFile, { force: true });
  await kept.site();
  kept.pages = await benchPages();
  await kept.warm(await kept.site());
  const mobileMedians = await reportLighthouse(speedRun, kept.pages);
  await kept.site(); // the byte counts ask it for the gzip sizes
  await reportBytes(speedRun, mobileMedians);
  try {
    await loadTest(speedRun, [
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
  results.searchRefresh = await refreshRequests(`http://127.0.0.1:${options.apiPort}`);
  console.log(refreshTable(results.searchRefresh));
  await navigation();
  await kept.stop();
  await sitemap();
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    problem(`interrupted (${signal})`);
    void cleanup().finally(() => {
      progress(`partial results in ${path.relative(repoRoot, writeResults(results))}`);
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
  console.log(`\nResults written to ${path.relative(repoRoot, writeResults(results))}`);
}
