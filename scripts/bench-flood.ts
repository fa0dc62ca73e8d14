/**
 * `npm run bench:flood`: what a stranger's junk costs the site's memory (issue 30). Builds the
 * site (into apps/web/$BUILD_DIR, default `build-bench`), starts the reference API and one
 * production process on 127.0.0.1, fills its page cache with the real pages of both languages,
 * then sends, each from a fresh measurement of the process's resident memory:
 *   - 20,000 distinct junk URLs (`/sitemap/<15 KB>.xml`, unknown pages, ids with long junk);
 *   - 600 distinct query strings no page reads (`/en?q=x1`, `/en/overview?page=7`, ...);
 * and prints the RSS growth after each, the page cache's answer to the real pages afterwards
 * (HIT: still kept) and the time and load average. Never fails on a number.
 * Options: --skip-build, --junk N (20000), --queries N (600).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../e2e/support/env.ts";
import { freshGet } from "../e2e/support/fresh-get.ts";
import { freePort } from "../e2e/support/redis.ts";
import { fixed, table } from "./bench/format.ts";
import { benchArgs, positiveInteger } from "./bench/options.ts";
import { onCleanup, progress } from "./bench/processes.ts";
import { resultsHeader, runBench } from "./bench/results.ts";
import { buildSite, memoryOf, startApi, startSite } from "./bench/site.ts";

const { values, common } = benchArgs(
  { duration: "1", connections: "16" },
  { junk: { type: "string", default: "20000" }, queries: { type: "string", default: "600" } },
);
const junkCount = positiveInteger("junk", String(values.junk));
const queryCount = positiveInteger("queries", String(values.queries));
const dataDir = path.join(repoRoot, "node_modules/.cache/bench-flood");

const realPages = ["", "/overview", "/news", "/projects", "/services", "/HSE", "/iso"].flatMap(
  (rest) => [`/en${rest}`, `/ar${rest}`],
);

interface Step {
  name: string;
  requests: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  statuses: Record<string, number>;
  realPagesCached: string;
  seconds: number;
  loadAverage: number;
}

const results = { ...resultsHeader({ ...common, junkCount, queryCount }), steps: [] as Step[] };

/** Sends `targets`, `connections` at a time, counting statuses. */
async function flood(base: string, targets: string[]): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++] ?? "";
      const { status } = await freshGet(base + target).catch(() => ({ status: 0 }));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: common.connections }, worker));
  return statuses;
}

/** Resident memory once the process has had a moment to settle. */
async function settledRss(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return memoryOf(pid)?.rssMb ?? Number.NaN;
}

async function run(): Promise<void> {
  if (common.build) await buildSite(common.buildDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const file = (name: string) => path.join(dataDir, name);
  const api = await startApi(
    await freePort(),
    { API_DATABASE_PATH: file("content.sqlite"), API_STORAGE_DIR: file("storage") },
    file("api.log"),
  );
  onCleanup(() => api.stop());
  const site = await startSite(
    await freePort(),
    {
      BUILD_DIR: common.buildDir,
      API_BASE_URL: api.url,
      WORKERS: "1",
      ACCESS_LOG: "false",
      OUTBOX_DATABASE_PATH: file("outbox.sqlite"),
      ANSWER_STORE_PATH: file("answers.sqlite"),
      IMAGE_CACHE_DIR: file("images"),
    },
    file("site.log"),
  );
  onCleanup(() => site.stop());
  // The real pages, twice: rendered and kept, then warm.
  for (let i = 0; i < 2; i++) await flood(site.url, realPages);

  const junk = Array.from({ length: junkCount }, (_, i) => {
    const lang = i % 2 ? "ar" : "en";
    switch (i % 4) {
      case 0:
        return `/sitemap/${i}${"a".repeat(15_000)}.xml`;
      case 1:
        return `/${lang}/no-such-page-${i}-${"b".repeat(2_000)}`;
      case 2:
        return `/${lang}/news/${i}${"9".repeat(30)}`;
      default:
        return `/${lang}/news/01%2F..%2F%09%2Fevil-${i}.example`;
    }
  });
  const queries = Array.from({ length: queryCount }, (_, i) => {
    const lang = i % 2 ? "ar" : "en";
    return i % 3 === 0 ? `/${lang}?q=x${i}` : `/${lang}/overview?page=${i}&utm_source=${i}`;
  });

  for (const [name, targets] of [
    [`${junkCount} distinct junk URLs`, junk],
    [`${queryCount} distinct unread query strings`, queries],
  ] as const) {
    const rssBeforeMb = await settledRss(site.pid);
    const loadAverage = os.loadavg()[0] ?? 0;
    const started = performance.now();
    progress(`sending ${name}`);
    const statuses = await flood(site.url, targets);
    const seconds = (performance.now() - started) / 1000;
    const rssAfterMb = await settledRss(site.pid);
    const answers = await Promise.all(realPages.map((page) => freshGet(site.url + page)));
    const hits = answers.filter((answer) => answer.cache === "HIT").length;
    results.steps.push({
      name,
      requests: targets.length,
      rssBeforeMb,
      rssAfterMb,
      statuses,
      realPagesCached: `${hits}/${realPages.length}`,
      seconds,
      loadAverage,
    });
  }

  console.log(
    table(
      `Page cache under floods (${new Date().toISOString()}, ${os.cpus().length} cores)`,
      [
        "flood",
        "requests",
        "RSS before MB",
        "RSS after MB",
        "growth MB",
        "statuses",
        "real pages still HIT",
        "s",
        "load",
      ],
      results.steps.map((step) => [
        step.name,
        String(step.requests),
        fixed(step.rssBeforeMb, 1),
        fixed(step.rssAfterMb, 1),
        fixed(step.rssAfterMb - step.rssBeforeMb, 1),
        Object.entries(step.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(" "),
        step.realPagesCached,
        fixed(step.seconds, 1),
        fixed(step.loadAverage, 2),
      ]),
      ["Goal (issue 30): under 20 MB after the junk; no new entries after the query strings."],
    ),
  );
}

await runBench(run, results, "flood-");
