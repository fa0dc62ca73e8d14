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
 *     sitemap; both languages each): the site, then nginx serving the same bytes, at
 *     --kind-connections (50) for --kind-duration seconds (10) each, with their ratio against
 *     issue 33's goal (0.9 of nginx for pages, 0.5 for answers under 5 KB on the wire);
 *   - "API fails": the mix again, the API process stopped half-way through.
 * Prints, per round: requests/s, p50/p99 latency, answers by status, and the site server's
 * memory at the start and the end; then where that memory went at the end (the site's own
 * metrics). Writes it all as JSON to bench-results/load-<timestamp>.json. Never fails on a
 * number. Options: --duration S (60), --connections N (200), --rounds N (2), --kind-duration S
 * (10), --kind-connections N (50), --skip-build; ports BENCH_PORT (3399), BENCH_API_PORT (4399),
 * BENCH_NGINX_PORT (3398), BENCH_METRICS_PORT (3397).
 */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { repoRoot } from "../e2e/support/env.ts";
import { fixed, kb, table } from "./bench/format.ts";
import { type MixFigures, mixRound, statusCounts } from "./bench/load.ts";
import { nginxPath, startNginx, staticPage } from "./bench/nginx.ts";
import { benchArgs, benchPorts, positiveInteger } from "./bench/options.ts";
import { progress } from "./bench/processes.ts";
import { resultsHeader, runBench } from "./bench/results.ts";
import {
  type BenchSite,
  buildSite,
  firstId,
  type Memory,
  memoryOf,
  rawGet,
  startApi,
  startSite,
} from "./bench/site.ts";

const { values: args, common } = benchArgs(
  { duration: "60", connections: "200" },
  {
    rounds: { type: "string", default: "2" },
    "kind-duration": { type: "string", default: "10" },
    "kind-connections": { type: "string", default: "50" },
  },
);

const options = {
  ...common,
  healthyRounds: positiveInteger("rounds", args.rounds),
  kinds: {
    seconds: positiveInteger("kind-duration", args["kind-duration"]),
    connections: positiveInteger("kind-connections", args["kind-connections"]),
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

/** One page kind, served by the site and by nginx (the same bytes), side by side. */
interface KindRow {
  kind: string;
  paths: string[];
  /** Gzip bytes on the wire, the mean of the paths. */
  gzipBytes: number;
  site?: MixFigures;
  nginx?: MixFigures;
  error?: string;
}

/** Where the site process's memory went by the end of the run (its metrics, its files). */
interface MemoryAccount {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Outside V8's heap: Buffers (the page cache's bodies), libvips. */
  externalMb: number;
  pageCacheMb: { pages: number; searches: number };
  libvipsMb?: number;
  searchDocuments: number;
  /** The JSON of every API answer the site keeps (the answer store holds the same ones). */
  apiAnswersJsonMb: number;
  sitemapKb: number;
}

const results = {
  ...resultsHeader(options),
  pages: [] as string[],
  rounds: [] as Round[],
  kinds: [] as KindRow[],
  memory: undefined as MemoryAccount | undefined,
  distinctSearches: undefined as DistinctSearches | undefined,
};

/** Searches nobody asked before (each a page-cache miss): the site's CPU per search. */
interface DistinctSearches {
  searches: number;
  /** CPU time of the site process (user and system) per search, and wall time per search. */
  cpuMsPerSearch: number;
  wallMsPerSearch: number;
  /** Answers by status (200: found or not; 429 would mean the limit was reached). */
  byStatus: Record<string, number>;
}

/** CPU time a process has used, in ms (user and system, from /proc/<pid>/stat). */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One distinct search after another, one at a time (so the CPU measured is the searches'):
 * every word of 4 letters or more in the demo's titles, alone and narrowed to each kind, in
 * both languages. Each is a miss: the query and the render of its page.
 */
async function distinctSearches(site: BenchSite, apiUrl: string): Promise<DistinctSearches> {
  const queries: string[] = [];
  for (const lang of ["en", "ar"]) {
    const titles: string[] = [];
    for (const list of ["/api/news", "/api/Completed-projects", "/api/services"]) {
      const answer = (await (await fetch(apiUrl + list, { headers: { lang } })).json()) as {
        data?: { data?: { title?: string }[] } | { title?: string }[];
      };
      const rows = Array.isArray(answer.data) ? answer.data : (answer.data?.data ?? []);
      titles.push(...rows.map((row) => row.title ?? ""));
    }
    const words = new Set(
      titles
        .join(" ")
        .toLowerCase()
        .match(/[\p{L}]{4,}/gu) ?? [],
    );
    for (const word of words) {
      for (const kind of ["", "&kind=news", "&kind=projects", "&kind=services"]) {
        queries.push(`/${lang}/search?q=${encodeURIComponent(word)}${kind}`);
      }
    }
  }
  // The first search of a language builds its index (503 until then): not measured.
  for (const lang of ["en", "ar"]) await untilKept(`${site.url}/${lang}/search?q=index`);
  const byStatus: Record<string, number> = {};
  const cpuBefore = cpuMsOf(site.pid);
  const started = performance.now();
  for (const query of queries) {
    const answer = await rawGet(site.url + query, "gzip");
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  }
  const wallMs = performance.now() - started;
  return {
    searches: queries.length,
    cpuMsPerSearch: (cpuMsOf(site.pid) - cpuBefore) / queries.length,
    wallMsPerSearch: wallMs / queries.length,
    byStatus,
  };
}

/** The site's own account of its memory: a scrape of its metrics, and the answers it keeps. */
async function memoryAccount(metricsUrl: string, answersFile: string, siteUrl: string) {
  const text = await (await fetch(metricsUrl)).text();
  const sum = (series: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(series))
      .reduce((total, line) => total + Number(line.split(" ").at(-1)), 0);
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const db = new DatabaseSync(answersFile, { readOnly: true });
  const answers = db.prepare("SELECT sum(length(value)) AS bytes FROM answers").get() as {
    bytes: number | null;
  };
  db.close();
  const sitemap = await rawGet(`${siteUrl}/sitemap.xml`, "identity");
  return {
    rssMb: mb(sum("process_resident_memory_bytes")),
    heapUsedMb: mb(sum("nodejs_heap_size_used_bytes")),
    heapTotalMb: mb(sum("nodejs_heap_size_total_bytes")),
    externalMb: mb(sum("nodejs_external_memory_bytes")),
    pageCacheMb: {
      pages: mb(sum('page_cache_bytes{pool="pages"}')),
      searches: mb(sum('page_cache_bytes{pool="searches"}')),
    },
    libvipsMb: text.includes("libvips_memory_bytes ") ? mb(sum("libvips_memory_bytes")) : undefined,
    searchDocuments: sum("search_index_documents{"),
    apiAnswersJsonMb: mb(answers.bytes ?? 0),
    sitemapKb: sitemap.body.length / 1024,
  } satisfies MemoryAccount;
}

/** Issue 33's goal against nginx: 0.9 for pages, 0.5 for answers under 5 KB on the wire. */
const goalFor = (gzipBytes: number) => (gzipBytes < 5 * 1024 ? 0.5 : 0.9);

/** The page kinds of the per-kind rounds, each in both languages. */
async function pageKinds(apiUrl: string): Promise<{ kind: string; paths: string[] }[]> {
  const [project, news] = await Promise.all(
    ["/api/Completed-projects", "/api/news"].map((list) => firstId(apiUrl, list)),
  );
  const both = (rest: (lang: string) => string) => ["en", "ar"].map((lang) => rest(lang));
  const searchWords: Record<string, string> = { en: "tower", ar: "برج" };
  return [
    { kind: "home", paths: both((lang) => `/${lang}`) },
    { kind: "list (news)", paths: both((lang) => `/${lang}/news`) },
    { kind: "detail (project)", paths: both((lang) => `/${lang}/projects/${project}`) },
    { kind: "detail (news)", paths: both((lang) => `/${lang}/news/${news}`) },
    {
      kind: "search results",
      paths: both((lang) => `/${lang}/search?q=${encodeURIComponent(searchWords[lang] ?? "")}`),
    },
    { kind: "news feed", paths: both((lang) => `/${lang}/news/feed.xml`) },
    // The demo's sitemap is one document (an index of parts only past 50,000 addresses).
    { kind: "sitemap", paths: ["/sitemap.xml"] },
  ];
}

/**
 * Asks for `url` until the page cache answers it (a search answers 503 until its first index is
 * built), for 15 s at most: the kinds' rounds measure kept pages.
 */
async function untilKept(url: string): Promise<void> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const answer = await rawGet(url, "gzip");
    if (answer.headers["x-cache"] === "HIT") return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  progress(`warning: ${url} is not answered from the page cache`);
}

/** One kind: the site, then nginx with the same bytes, at the kinds' load. */
async function kindRound(
  site: BenchSite,
  nginxPort: number,
  { kind, paths }: { kind: string; paths: string[] },
): Promise<KindRow> {
  const row: KindRow = { kind, paths, gzipBytes: 0 };
  try {
    const files = await Promise.all(
      paths.map((page, i) => staticPage(site.url, page, `kind-${i + 1}.html`)),
    );
    row.gzipBytes = files.reduce((sum, file) => sum + file.gzip.length, 0) / files.length;
    const figures = (name: string, url: string, on: string[]) =>
      mixRound(`${kind}: ${name}`, url, on, options.kinds).then(({ figures, error }) => {
        if (error) throw new Error(error);
        return figures;
      });
    row.site = await figures("site", site.url, paths);
    if (!fs.existsSync(nginxPath)) throw new Error(`no ${nginxPath}`);
    const nginx = await startNginx(nginxPort, files);
    try {
      row.nginx = await figures(
        "nginx",
        nginx.url,
        files.map((file) => `/${file.name}`),
      );
    } finally {
      await nginx.stop();
    }
  } catch (error) {
    row.error = String(error);
  }
  return row;
}

/** Pages of every kind, in both languages; detail pages use the first id of each list. */
async function mixOfPages(apiUrl: string): Promise<string[]> {
  const [project, news, service] = await Promise.all(
    ["/api/Completed-projects", "/api/news", "/api/services"].map((list) => firstId(apiUrl, list)),
  );
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
    ...(project ? [`/projects/${project}`] : []),
    ...(news ? [`/news/${news}`] : []),
    ...(service ? [`/services/${service}`] : []),
  ];
  return ["en", "ar"].flatMap((lang) => paths.map((rest) => `/${lang}${rest}`));
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
  if (!fs.existsSync(nginxPath)) return { name, memory: {}, error: `no ${nginxPath}` };
  const files = await Promise.all(
    pages.map((page, i) => staticPage(site.url, page, `page-${i + 1}.html`)),
  );
  const nginx = await startNginx(options.nginxPort, files);
  try {
    return await round(
      name,
      { url: nginx.url },
      undefined,
      files.map((file) => `/${file.name}`),
    );
  } finally {
    await nginx.stop();
  }
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
  const ratioOf = (row: KindRow) =>
    row.site && row.nginx ? row.site.requestsPerSecond / row.nginx.requestsPerSecond : undefined;
  console.log(
    table(
      `Per page kind: ${options.kinds.seconds} s each at ${options.kinds.connections} connections, the site then nginx serving the same gzip bytes`,
      ["kind", "gzip KB", "site req/s", "p99 ms", "nginx req/s", "p99 ms", "ratio", "goal"],
      results.kinds.map((row) => {
        const ratio = ratioOf(row);
        const goal = goalFor(row.gzipBytes);
        return [
          row.kind,
          kb(row.gzipBytes),
          fixed(row.site?.requestsPerSecond),
          fixed(row.site?.p99Ms),
          fixed(row.nginx?.requestsPerSecond),
          fixed(row.nginx?.p99Ms),
          fixed(ratio, 2),
          ratio === undefined ? "-" : `${goal} ${ratio >= goal ? "met" : "not met"}`,
        ];
      }),
      [
        "one site process and one nginx worker; autocannon shares the machine's CPUs with them",
        "goal (issue 33): 0.9 of nginx for pages, 0.5 for answers under 5 KB on the wire",
      ],
    ),
  );
  for (const row of results.kinds) if (row.error) console.log(`  ${row.kind}: ${row.error}`);
  const searched = results.distinctSearches;
  if (searched) {
    console.log(
      `\nDistinct searches, one at a time (each a page-cache miss: the query and its page's render): ${searched.searches}, ${fixed(searched.cpuMsPerSearch, 2)} ms of the site's CPU and ${fixed(searched.wallMsPerSearch, 2)} ms each; answers ${Object.entries(
        searched.byStatus,
      )
        .map(([status, count]) => `${status}: ${count}`)
        .join(", ")} (goal, issue 33: at most 2 ms of CPU)`,
    );
  }
  const memory = results.memory;
  if (!memory) return;
  console.log(
    table(
      "Where the site process's memory went, at the end of the run (its metrics)",
      ["part", "MB", "bounded by"],
      [
        ["resident (RSS)", fixed(memory.rssMb, 1), "the parts below, and code"],
        [
          "V8 heap in use / reserved",
          `${fixed(memory.heapUsedMb, 1)} / ${fixed(memory.heapTotalMb, 1)}`,
          "HEAP_MODE (size)",
        ],
        ["outside the heap (Buffers, libvips)", fixed(memory.externalMb, 1), "the two below"],
        [
          "the rest: code, V8's own, native libraries",
          fixed(memory.rssMb - memory.heapTotalMb - memory.externalMb, 1),
          "-",
        ],
        ["page cache: pages", fixed(memory.pageCacheMb.pages, 1), "PAGE_CACHE_MAX_MB (7/8 of it)"],
        [
          "page cache: search results",
          fixed(memory.pageCacheMb.searches, 1),
          "PAGE_CACHE_MAX_MB (1/8 of it)",
        ],
        ["libvips", fixed(memory.libvipsMb, 1), "IMAGE_MEMORY_MB"],
        ["API answers (their JSON)", fixed(memory.apiAnswersJsonMb, 2), "CACHE_MAX_ENTRIES"],
        ["sitemap (its XML)", fixed(memory.sitemapKb / 1024, 2), "one build"],
        [
          "search index",
          `${memory.searchDocuments} documents`,
          "the content (npm run bench:search)",
        ],
      ],
      [
        "with METRICS_PORT on (prom-client adds a few MB); answers and the sitemap by their text size",
      ],
    ),
  );
}

async function run(): Promise<void> {
  if (options.build) await buildSite(options.buildDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const file = (name: string) => path.join(dataDir, name);
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
  results.pages = await mixOfPages(api.url);
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
  results.distinctSearches = await distinctSearches(site, api.url);
  for (const kind of await pageKinds(api.url)) {
    for (const page of kind.paths) await untilKept(site.url + page);
    results.kinds.push(await kindRound(site, options.nginxPort, kind));
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
    results.memory = await memoryAccount(
      `http://127.0.0.1:${options.metricsPort}/metrics`,
      file("answers.sqlite"),
      site.url,
    );
  } catch (error) {
    progress(`no memory account: ${String(error)}`);
  }
  print();
}

await runBench(run, results, "load-");
