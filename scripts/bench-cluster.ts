/**
 * `npm run bench:cluster`: the site as two instances sharing Redis behind Debian's nginx, run with
 * the documented configuration (deploy/nginx.conf: upstream with keep-alive, one-second
 * micro-cache). Builds the site (into apps/web/$BUILD_DIR, default `build-bench`), starts
 * Debian's redis-server, the reference API as a process of its own and two production
 * instances (one process each) on 127.0.0.1, then measures:
 *   - requests/s and p50/p99 at --connections (200) over the cached pages: one instance alone,
 *     then nginx in front of both, without and with the micro-cache;
 *   - the time from a purge on one instance to the other rendering the page afresh;
 *   - what visitors see while one instance is killed (SIGKILL) and started again, through nginx:
 *     answers by status and connection errors.
 * Prints tables and writes the JSON to bench-results/cluster-<timestamp>.json. Never fails on a
 * number. Options: --duration S (20), --connections N (200), --skip-build.
 */
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../e2e/support/env.ts";
import { freshGet } from "../e2e/support/fresh-get.ts";
import { freePort, startRedis } from "../e2e/support/redis.ts";
import { fixed, table } from "./bench/format.ts";
import { type MixFigures, mixRound, statusCounts } from "./bench/load.ts";
import { startBalancer } from "./bench/nginx-balancer.ts";
import { benchArgs } from "./bench/options.ts";
import { onCleanup, progress } from "./bench/processes.ts";
import { resultsHeader, runBench } from "./bench/results.ts";
import { type BenchSite, buildSite, rawGet, startApi, startSite } from "./bench/site.ts";

const options = benchArgs({ duration: "20", connections: "200" }, {}).common;
const dataDir = path.join(repoRoot, "node_modules/.cache/bench-cluster");
const purgeSecret = "bench-cluster-purge-secret-0123";
const purgeSamples = 20;

/** Cached pages of several kinds in both languages (the contact page is made per visitor). */
const pages = [
  "",
  "/overview",
  "/projects",
  "/services",
  "/news",
  "/HSE",
  "/equipment",
  "/iso",
].flatMap((rest) => [`/en${rest}`, `/ar${rest}`]);

interface Round {
  name: string;
  figures?: MixFigures;
  error?: string;
}

const results = {
  ...resultsHeader(options),
  pages,
  rounds: [] as Round[],
  purge: { samples: [] as number[], medianMs: 0, maxMs: 0 },
  contactFormsShared: false as boolean | undefined,
};

async function round(name: string, url: string, during?: () => void): Promise<Round> {
  return { name, ...(await mixRound(name, url, pages, options, during)) };
}

/** A GET on a new connection, returning the status and the site's page-cache header. */
const probe = freshGet;

/** Milliseconds from a purge posted to `a` until `b` renders the page again (not from its cache). */
async function purgeToFresh(a: BenchSite, b: BenchSite, page: string): Promise<number> {
  for (let i = 0; i < 50 && (await probe(b.url + page)).cache !== "HIT"; i++);
  const started = performance.now();
  const answer = await fetch(`${a.url}/purge`, {
    method: "POST",
    headers: { authorization: `Bearer ${purgeSecret}`, "content-type": "application/json" },
    body: JSON.stringify({ paths: [page] }),
  });
  if (answer.status !== 200) throw new Error(`purge answered ${answer.status}`);
  const deadline = started + 10_000;
  while (performance.now() < deadline) {
    if ((await probe(b.url + page)).cache !== "HIT") return performance.now() - started;
  }
  throw new Error("the other instance still served its cached page after 10 s");
}

/** The contact form's per-visitor key, to see whether the micro-cache ever shares one. */
const formKey = (html: string) => /name="submission" value="([^"]+)"/.exec(html)?.[1];

async function run(): Promise<void> {
  if (options.build) await buildSite(options.buildDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const file = (name: string) => path.join(dataDir, name);

  const redis = await startRedis();
  onCleanup(() => redis.stop());
  progress(`Redis on ${redis.url}`);
  const api = await startApi(
    await freePort(),
    { API_DATABASE_PATH: file("content.sqlite"), API_STORAGE_DIR: file("storage") },
    file("api.log"),
  );
  const instanceEnv = (name: string) => ({
    BUILD_DIR: options.buildDir,
    API_BASE_URL: api.url,
    REDIS_URL: redis.url,
    PURGE_SECRET: purgeSecret,
    TRUST_PROXY: "1",
    WORKERS: "1",
    ACCESS_LOG: "false",
    IMAGE_CACHE_DIR: file("image-cache"),
    OUTBOX_DATABASE_PATH: file(`${name}-outbox.sqlite`),
    ANSWER_STORE_PATH: file(`${name}-answers.sqlite`),
  });
  const [portA, portB] = [await freePort(), await freePort()];
  const a = await startSite(portA, instanceEnv("a"), file("a.log"));
  let b = await startSite(portB, instanceEnv("b"), file("b.log"));
  const instances: [string, string] = [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`];
  for (const page of pages) {
    for (const site of [a, b]) {
      const answer = await rawGet(site.url + page, "gzip");
      if (answer.status !== 200) progress(`warning: ${page} answered ${answer.status}`);
    }
  }

  results.rounds.push(await round("one instance alone", a.url));
  for (const microCache of [false, true]) {
    const nginx = await startBalancer(await freePort(), instances, microCache);
    try {
      const name = `nginx, 2 instances, ${microCache ? "1 s micro-cache" : "no micro-cache"}`;
      results.rounds.push(await round(name, nginx.url));
      if (microCache) {
        const keys = await Promise.all(
          [1, 2, 3, 4].map(async () => formKey((await probe(`${nginx.url}/en/contactUs`)).body)),
        );
        results.contactFormsShared = keys.includes(undefined) ? undefined : new Set(keys).size < 4;
      }
    } finally {
      await nginx.stop();
    }
  }

  progress(`purge on one instance, fresh page on the other: ${purgeSamples} samples`);
  for (let i = 0; i < purgeSamples; i++) {
    const page = pages[i % pages.length] ?? "/en";
    results.purge.samples.push(await purgeToFresh(a, b, page));
  }
  const sorted = [...results.purge.samples].sort((x, y) => x - y);
  results.purge.medianMs = sorted[Math.floor(sorted.length / 2)] ?? 0;
  results.purge.maxMs = sorted.at(-1) ?? 0;

  for (const microCache of [false, true]) {
    const nginx = await startBalancer(await freePort(), instances, microCache);
    try {
      const name = `B killed and restarted, ${microCache ? "1 s micro-cache" : "no micro-cache"}`;
      const quarter = (options.seconds * 1000) / 4;
      results.rounds.push(
        await round(name, nginx.url, () => {
          setTimeout(() => {
            progress("killing instance B (SIGKILL)");
            process.kill(b.pid, "SIGKILL");
          }, quarter);
          setTimeout(() => {
            progress("starting instance B again");
            void startSite(portB, instanceEnv("b"), file("b.log")).then((started) => {
              b = started;
              progress("instance B ready");
            });
          }, quarter * 2);
        }),
      );
    } finally {
      await nginx.stop();
    }
    // The next round starts with B up again.
    for (
      let i = 0;
      i < 600 && (await probe(`${b.url}/healthz`).catch(() => undefined))?.status !== 200;
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  print();
}

function print(): void {
  console.log(
    table(
      `Cluster: ${options.seconds} s per round, ${options.connections} connections, ${pages.length} cached pages in both languages (autocannon)`,
      ["round", "req/s", "p50 ms", "p99 ms", "answers by status"],
      results.rounds.map((r) => [
        r.name,
        fixed(r.figures?.requestsPerSecond),
        fixed(r.figures?.p50Ms),
        fixed(r.figures?.p99Ms),
        r.error ?? statusCounts(r.figures),
      ]),
      [
        `every process on one machine of ${results.machine.cpus} CPUs (load average at start ${results.machine.loadAverage.map((n) => n.toFixed(1)).join(" ")}): two instances, Redis, the API, nginx, autocannon`,
        `"killed": instance B gets SIGKILL a quarter into the round and is started again at half`,
      ],
    ),
  );
  console.log(
    `\nPurge on instance A until instance B renders the page afresh: median ${fixed(results.purge.medianMs, 1)} ms, max ${fixed(results.purge.maxMs, 1)} ms (${purgeSamples} samples; through nginx add up to the 1 s micro-cache)`,
  );
  console.log(
    `Contact forms shared by the micro-cache: ${results.contactFormsShared === undefined ? "could not tell" : results.contactFormsShared ? "YES (wrong)" : "no"}`,
  );
}

await runBench(run, results, "cluster-");
