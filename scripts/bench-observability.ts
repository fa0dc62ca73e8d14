/**
 * `npm run bench:observability`: what metrics and traces cost (issue 32, docs/performance.md).
 * Builds the site (apps/web/$BUILD_DIR, default `build-bench`), starts the reference API, then
 * starts the site (one worker) again and again in three settings, in turn so a busy machine
 * weighs on each alike:
 *   - "off": neither METRICS_PORT nor OTEL_EXPORTER_OTLP_ENDPOINT (prom-client and
 *     OpenTelemetry not loaded);
 *   - "metrics": METRICS_PORT set, scraped once a second during the load;
 *   - "tracing": OTEL_EXPORTER_OTLP_ENDPOINT set, spans sent to a sink in this process.
 * Each start records the time from spawn to "Website ready" (the line's own timestamp) and the
 * resident memory once ready; then autocannon loads the cached pages (both languages) and the
 * requests per second and latencies are kept. Prints a table per setting (medians over the
 * rounds) and writes bench-results/observability-<timestamp>.json. Never fails on a number.
 * Options: --duration S (15), --connections N (50), --rounds N (3), --skip-build; ports
 * BENCH_PORT (3399), BENCH_API_PORT (4399), and the metrics port BENCH_PORT + 2.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { repoRoot } from "../e2e/support/env.ts";
import { fixed, table } from "./bench/format.ts";
import { type MixFigures, mixRound } from "./bench/load.ts";
import { benchArgs, benchPorts, positiveInteger } from "./bench/options.ts";
import { progress } from "./bench/processes.ts";
import { resultsHeader, runBench } from "./bench/results.ts";
import { buildSite, firstId, memoryOf, rawGet, startApi, startSite } from "./bench/site.ts";

const { values: args, common } = benchArgs(
  { duration: "15", connections: "50" },
  { rounds: { type: "string", default: "3" } },
);
const options = { ...common, rounds: positiveInteger("rounds", args.rounds), ...benchPorts() };
const dataDir = path.join(repoRoot, "node_modules/.cache/bench-observability");

type Setting = "off" | "metrics" | "tracing";
const settings: Setting[] = ["off", "metrics", "tracing"];

interface Run {
  setting: Setting;
  round: number;
  startMs?: number;
  readyRssMb?: number;
  endRssMb?: number;
  figures?: MixFigures;
  error?: string;
}

const results = { ...resultsHeader(options), pages: [] as string[], runs: [] as Run[] };

/** An OTLP/HTTP endpoint that takes every export and counts the bytes. */
async function spanSink(): Promise<{ url: string; bytes: () => number; close: () => void }> {
  let bytes = 0;
  const server = http.createServer((req, res) => {
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, bytes: () => bytes, close: () => server.close() };
}

async function cachedPages(apiUrl: string): Promise<string[]> {
  const [news, service] = await Promise.all(
    ["/api/news", "/api/services"].map((list) => firstId(apiUrl, list)),
  );
  const rest = [
    "",
    "/overview",
    "/projects",
    "/services",
    "/news",
    "/HSE",
    "/equipment",
    "/iso",
    ...(news ? [`/news/${news}`] : []),
    ...(service ? [`/services/${service}`] : []),
  ];
  return ["en", "ar"].flatMap((lang) => rest.map((page) => `/${lang}${page}`));
}

async function measure(setting: Setting, round: number, apiUrl: string, sinkUrl: string) {
  const file = (name: string) => path.join(dataDir, name);
  const metricsPort = options.port + 2;
  const env: Record<string, string> = {
    BUILD_DIR: options.buildDir,
    API_BASE_URL: apiUrl,
    OUTBOX_DATABASE_PATH: file("outbox.sqlite"),
    IMAGE_CACHE_DIR: file("image-cache"),
    ANSWER_STORE_PATH: file(`answers-${setting}-${round}.sqlite`),
    WORKERS: "1",
    ACCESS_LOG: "false",
    ...(setting === "metrics" ? { METRICS_PORT: String(metricsPort) } : {}),
    ...(setting === "tracing" ? { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl } : {}),
  };
  const run: Run = { setting, round };
  const spawnedAt = Date.now();
  const site = await startSite(options.port, env, file("site.log"));
  try {
    const ready = site
      .output()
      .split("\n")
      .find((line) => line.includes("Website ready"));
    const readyAt = ready ? Date.parse((JSON.parse(ready) as { time: string }).time) : Date.now();
    run.startMs = readyAt - spawnedAt;
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.readyRssMb = memoryOf(site.pid)?.rssMb;
    for (const page of results.pages) await rawGet(site.url + page, "gzip");
    // Prometheus's part: a scrape a second while the load runs.
    const scrapes =
      setting === "metrics"
        ? setInterval(
            () => void fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => {}),
            1_000,
          )
        : undefined;
    const outcome = await mixRound(`${setting} #${round}`, site.url, results.pages, options);
    clearInterval(scrapes);
    run.figures = outcome.figures;
    run.error = outcome.error;
    run.endRssMb = memoryOf(site.pid)?.rssMb;
  } finally {
    await site.stop();
  }
  return run;
}

const median = (values: (number | undefined)[]) => {
  const known = values
    .filter((value): value is number => value !== undefined)
    .sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle] : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
};

function print() {
  const off = median(
    results.runs.filter((r) => r.setting === "off").map((r) => r.figures?.requestsPerSecond),
  );
  const rows = settings.map((setting) => {
    const runs = results.runs.filter((r) => r.setting === setting);
    const rps = median(runs.map((r) => r.figures?.requestsPerSecond));
    return [
      setting,
      fixed(median(runs.map((r) => r.startMs))),
      fixed(median(runs.map((r) => r.readyRssMb))),
      fixed(rps),
      off && rps ? `${(((rps - off) / off) * 100).toFixed(1)} %` : "-",
      fixed(median(runs.map((r) => r.figures?.p50Ms))),
      fixed(median(runs.map((r) => r.figures?.p99Ms))),
      fixed(median(runs.map((r) => r.endRssMb))),
    ];
  });
  console.log(
    table(
      `Metrics and traces: ${options.rounds} starts per setting, ${options.seconds} s of cached pages at ${options.connections} connections (medians)`,
      ["setting", "start ms", "RSS ready MB", "req/s", "vs off", "p50 ms", "p99 ms", "RSS end MB"],
      rows,
      [
        `one site process (WORKERS=1); autocannon shares the machine's ${results.machine.cpus} CPUs with it`,
        `start: spawn to the "Website ready" line; metrics: scraped once a second during the load`,
      ],
    ),
  );
  for (const r of results.runs) if (r.error) console.log(`  ${r.setting} #${r.round}: ${r.error}`);
}

async function run(): Promise<void> {
  if (options.build) await buildSite(options.buildDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const api = await startApi(
    options.apiPort,
    {
      API_DATABASE_PATH: path.join(dataDir, "content.sqlite"),
      API_STORAGE_DIR: path.join(dataDir, "storage"),
    },
    path.join(dataDir, "api.log"),
  );
  const sink = await spanSink();
  try {
    results.pages = await cachedPages(api.url);
    for (let round = 1; round <= options.rounds; round++) {
      for (const setting of settings) {
        results.runs.push(await measure(setting, round, api.url, sink.url));
      }
    }
    progress(`spans received by the sink: ${sink.bytes()} bytes`);
  } finally {
    sink.close();
  }
  print();
}

await runBench(run, results, "observability-");
