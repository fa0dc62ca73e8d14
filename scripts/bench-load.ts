/**
 * `npm run bench:load`: the production site under sustained load, then with its content API
 * failing half-way. Builds the site (into apps/web/$BUILD_DIR, default `build-bench`), starts the
 * reference API as a process of its own and the site (one worker) reading it, both on
 * 127.0.0.1, warms the pages, then runs autocannon, in order:
 *   - "healthy" rounds (--rounds, 2): a mix of pages in both languages, again and again, to see
 *     whether memory stays flat;
 *   - "cached pages": the same without the contact pages (made per visitor), and
 *   - "nginx, same bytes": Debian's nginx serving those pages' bytes from files, the ceiling of
 *     what this machine and load generator can do at this concurrency;
 *   - per page kind (home, a list, detail pages, a search's results, the news feed, the
 *     sitemap; both languages each): the site and nginx serving the same bytes, at
 *     --kind-connections (50) for --kind-duration seconds (6) each, in --kind-turns turns (3;
 *     the site first in odd ones), with the median turn's ratio against issue 33's goal (0.9 of nginx for pages, 0.5 for
 *     answers under 5 KB on the wire);
 *   - "API fails": the mix again, the API process stopped half-way through.
 * Prints, per round: requests/s, p50/p99 latency, answers by status, and the site server's
 * memory at the start and the end; then where that memory went at the end (the site's own
 * metrics). Writes it all as JSON to bench-results/load-<timestamp>.json. Never fails on a
 * number. Options: --duration S (60), --connections N (200), --rounds N (2), --kind-duration S
 * (6), --kind-connections N (50), --kind-turns N (3), --skip-build; ports BENCH_PORT (3399), BENCH_API_PORT (4399),
 * BENCH_NGINX_PORT (3398), BENCH_METRICS_PORT (3397).
 */
import fs from "node:fs";
import path from "node:path";
import { languages } from "@site/contract/languages";
import { repoRoot } from "../e2e/support/env.ts";
import { fixed, table } from "./bench/format.ts";
import { type MixFigures, mixRound, statusCounts } from "./bench/load.ts";
import { staticPage, withNginx } from "./bench/nginx.ts";
import { benchArgs, benchPorts, positiveInteger } from "./bench/options.ts";
import { type KindRow, kindRound, kindsReport, pageKinds, untilKept } from "./bench/page-kinds.ts";
import { progress } from "./bench/processes.ts";
import { resultsHeader, runBench } from "./bench/results.ts";
import {
  type BenchSite,
  buildSite,
  type DemoIds,
  demoIds,
  type Memory,
  memoryOf,
  rawGet,
  startApi,
  startSite,
} from "./bench/site.ts";
import {
  type DistinctSearches,
  distinctSearches,
  distinctSearchesReport,
  type MemoryAccount,
  memoryAccount,
  memoryReport,
} from "./bench/site-costs.ts";

const { values: args, common } = benchArgs(
  { duration: "60", connections: "200" },
  {
    rounds: { type: "string", default: "2" },
    "kind-duration": { type: "string", default: "6" },
    "kind-connections": { type: "string", default: "50" },
    "kind-turns": { type: "string", default: "3" },
  },
);

const options = {
  ...common,
  healthyRounds: positiveInteger("rounds", args.rounds),
  kinds: {
    seconds: positiveInteger("kind-duration", args["kind-duration"]),
    connections: positiveInteger("kind-connections", args["kind-connections"]),
    turns: positiveInteger("kind-turns", args["kind-turns"]),
  },
  ...benchPorts(),
  metricsPort: Number(process.env.BENCH_METRICS_PORT ?? 3397),
};
const dataDir = path.join(repoRoot, "node_modules/.cache/bench-load");

interface Round {
  name: string;
  figures?: MixFigures;
  memory: { start?: Memory; end?: Memory };
  /** Seconds into the round when the API was stopped. */
  apiStoppedAt?: number;
  error?: string;
}

const results = {
  ...resultsHeader(options),
  pages: [] as string[],
  rounds: [] as Round[],
  kinds: [] as KindRow[],
  memory: undefined as MemoryAccount | undefined,
  distinctSearches: undefined as DistinctSearches | undefined,
};

/** Pages of every kind, in both languages; detail pages use the first id of each list. */
function mixOfPages(ids: DemoIds): string[] {
  const paths = [
    "",
    "/overview",
    "/projects",
    "/CurrentProjects",
    "/services",
    "/news",
    "/HSE",
    "/equipment",
    "/iso",
    "/contactUs",
    ...(ids.project ? [`/projects/${ids.project}`] : []),
    ...(ids.news ? [`/news/${ids.news}`] : []),
    ...(ids.service ? [`/services/${ids.service}`] : []),
  ];
  return languages.flatMap((lang) => paths.map((rest) => `/${lang}${rest}`));
}

async function round(
  name: string,
  site: Pick<BenchSite, "url"> & Partial<BenchSite>,
  during?: { afterSeconds: number; act: () => Promise<void> },
  paths = results.pages,
): Promise<Round> {
  const row: Round = { name, memory: { start: site.pid ? memoryOf(site.pid) : undefined } };
  let timer: NodeJS.Timeout | undefined;
  const outcome = await mixRound(name, site.url, paths, options, () => {
    timer = during
      ? setTimeout(() => {
          row.apiStoppedAt = during.afterSeconds;
          void during.act();
        }, during.afterSeconds * 1000)
      : undefined;
  });
  clearTimeout(timer);
  Object.assign(row, outcome);
  row.memory.end = site.pid ? memoryOf(site.pid) : undefined;
  if (site.ended?.()) row.error = `the site server ended (${site.ended?.()})`;
  return row;
}

/** The same pages' bytes from nginx, when it is installed. */
async function nginxRound(site: BenchSite, pages: string[]): Promise<Round> {
  const name = "nginx, same bytes";
  const files = await Promise.all(
    pages.map((page, i) => staticPage(site.url, page, `page-${i + 1}.html`)),
  );
  return withNginx(options.nginxPort, files, (url, paths) =>
    round(name, { url }, undefined, paths),
  ).catch((error: unknown) => ({ name, memory: {}, error: String(error) }));
}

function print(): void {
  const rows = results.rounds.map((r) => [
    r.name,
    fixed(r.figures?.requestsPerSecond),
    fixed(r.figures?.p50Ms),
    fixed(r.figures?.p99Ms),
    statusCounts(r.figures),
    fixed(r.memory.start?.rssMb),
    fixed(r.memory.end?.rssMb),
    fixed(r.memory.end?.peakRssMb),
  ]);
  console.log(
    table(
      `Load: ${options.seconds} s per round, ${options.connections} connections, ${results.pages.length} pages in both languages (autocannon)`,
      [
        "round",
        "req/s",
        "p50 ms",
        "p99 ms",
        "answers by status",
        "RSS start MB",
        "end MB",
        "peak MB",
      ],
      rows,
      [
        `one site process (WORKERS=1); autocannon shares the machine's ${results.machine.cpus} CPUs with it`,
        `"API fails": the reference API process is stopped ${Math.round(options.seconds / 2)} s into the round`,
        `"cached pages": without the contact pages; "nginx, same bytes": one nginx worker serving those pages' bytes from files`,
      ],
    ),
  );
  for (const r of results.rounds) if (r.error) console.log(`  ${r.name}: ${r.error}`);
  console.log(kindsReport(results.kinds, options.kinds));
  if (results.distinctSearches) console.log(distinctSearchesReport(results.distinctSearches));
  if (results.memory) console.log(memoryReport(results.memory));
}

async function run(): Promise<void> {
  if (options.build) await buildSite(options.buildDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const file = (name: string) => path.join(dataDir, name);
  const metricsUrl = `http://127.0.0.1:${options.metricsPort}/metrics`;
  const api = await startApi(
    options.apiPort,
    { API_DATABASE_PATH: file("content.sqlite"), API_STORAGE_DIR: file("storage") },
    file("api.log"),
  );
  const site = await startSite(
    options.port,
    {
      BUILD_DIR: options.buildDir,
      API_BASE_URL: api.url,
      OUTBOX_DATABASE_PATH: file("outbox.sqlite"),
      IMAGE_CACHE_DIR: file("image-cache"),
      ANSWER_STORE_PATH: file("answers.sqlite"),
      WORKERS: "1",
      ACCESS_LOG: "false",
      METRICS_PORT: String(options.metricsPort),
      // The distinct searches below come from one address, one after another.
      SEARCH_RATE_LIMIT: "1000000",
    },
    file("site.log"),
  );
  const ids = await demoIds(api.url);
  results.pages = mixOfPages(ids);
  for (const page of results.pages) {
    const answer = await rawGet(site.url + page, "gzip");
    if (answer.status !== 200) progress(`warning: ${page} answered ${answer.status}`);
  }
  for (let n = 1; n <= options.healthyRounds; n++) {
    results.rounds.push(await round(`healthy ${n}`, site));
  }
  // The contact page is made per visitor (its form carries a token): the rest is cached.
  const cached = results.pages.filter((page) => !page.endsWith("/contactUs"));
  results.rounds.push(await round("cached pages", site, undefined, cached));
  results.rounds.push(await nginxRound(site, cached));
  results.distinctSearches = await distinctSearches(site, api.url, metricsUrl);
  for (const kind of pageKinds(ids)) {
    for (const page of kind.paths) await untilKept(site.url + page);
    results.kinds.push(await kindRound(site, options.nginxPort, options.kinds, kind));
  }
  results.rounds.push(
    await round("API fails", site, {
      afterSeconds: Math.round(options.seconds / 2),
      act: async () => {
        progress("stopping the content API");
        await api.stop();
      },
    }),
  );
  try {
    results.memory = await memoryAccount(metricsUrl, file("answers.sqlite"), site.url);
  } catch (error) {
    progress(`no memory account: ${String(error)}`);
  }
  print();
}

await runBench(run, results, "load-");
