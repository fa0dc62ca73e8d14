/**
 * Part 4 of `npm run bench`: requests/s and p50/p99 latency of pages under load (autocannon),
 * beside nginx serving the same bytes, and the site server's memory before and after.
 */
import os from "node:os";
import { KB } from "./bytes.ts";
import { fixed, kb, table } from "./format.ts";
import { type LoadFigures, load, loadAcceptEncoding } from "./load.ts";
import { type RunningNginx, startNginx, staticPage } from "./nginx.ts";
import { isStopping, progress } from "./processes.ts";
import type { LoadRow, SpeedRun } from "./run-state.ts";
import { type Memory, memoryOf, rawGet } from "./site.ts";

async function loadOnce(
  run: SpeedRun,
  url: string,
  label: string,
): Promise<LoadFigures | undefined> {
  try {
    progress(`load ${label}: warm-up 2 s, then ${run.options.loadSeconds} s`);
    await load(url, 2, run.options.connections);
    const figures = await load(url, run.options.loadSeconds, run.options.connections);
    progress(`load ${label}: ${figures.requestsPerSecond.toFixed(0)} requests/s`);
    return figures;
  } catch (error) {
    if (isStopping()) throw error;
    run.problem(`load ${label}: ${String(error)}`);
    return undefined;
  }
}

async function describeBody(url: string): Promise<string> {
  const answer = await rawGet(url, loadAcceptEncoding).catch(() => undefined);
  return answer ? `${answer.encoding} ${kb(answer.body.length)} KB` : "-";
}

export async function loadTest(
  run: SpeedRun,
  pages: { page: string; name: string }[],
): Promise<void> {
  const running = await run.site();
  const files = await Promise.all(
    pages.map(({ page, name }) =>
      staticPage(running.url, page, name, (page) =>
        run.problem(
          `${page}: the site's gzip answer is not the identity answer compressed; nginx gets its own gzip`,
        ),
      ),
    ),
  );
  let nginx: RunningNginx | undefined;
  try {
    nginx = await startNginx(run.options.nginxPort, files);
    run.results.versions.nginx = nginx.version;
  } catch (error) {
    if (isStopping()) throw error;
    run.problem(`nginx: ${String(error)}; the site is measured alone`);
  }
  run.results.memory.beforeLoad = memoryOf(running.pid);
  run.results.load.loadAverage = os.loadavg()[0] ?? 0;
  for (const { page, name } of pages) {
    const row: LoadRow = {
      page,
      body: {
        site: await describeBody(running.url + page),
        nginx: nginx ? await describeBody(`${nginx.url}/${name}`) : "-",
      },
    };
    row.site = await loadOnce(run, running.url + page, `site ${page}`);
    if (nginx) row.nginx = await loadOnce(run, `${nginx.url}/${name}`, `nginx ${page}`);
    if (row.site && row.nginx) {
      row.ratio = {
        requestsPerSecond: row.site.requestsPerSecond / row.nginx.requestsPerSecond,
        p50: row.site.p50Ms / row.nginx.p50Ms,
        p99: row.site.p99Ms / row.nginx.p99Ms,
      };
    }
    run.results.load.pages.push(row);
  }
  run.results.memory.afterLoad = memoryOf(running.pid);
  await nginx?.stop();
  const ended = running.ended();
  if (ended) run.problem(`the site server ended during the load test (${ended})`);
  printLoad(run);
}

function printLoad(run: SpeedRun): void {
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
  const rows = run.results.load.pages.flatMap((row) => [
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
      `Load: ${run.options.loadSeconds} s, ${run.options.connections} connections (autocannon), site beside nginx (1 worker, same bytes)`,
      ["page", "server", "req/s", "p50 ms", "p99 ms", "KB/resp", "errors/non-2xx", "body"],
      rows,
      [
        `Accept-Encoding: ${loadAcceptEncoding} (same gzip bytes from both; the site would pick Brotli for "gzip, br")`,
        `load average ${run.results.load.loadAverage.toFixed(1)} on ${run.results.machine.cpus} CPUs before the load; autocannon shares them,`,
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
      "Site server memory (one Node process; the reference API runs in a process of its own)",
      ["when", "RSS MB", "peak RSS MB"],
      [
        memory("before the load", run.results.memory.beforeLoad),
        memory("after the load", run.results.memory.afterLoad),
      ],
    ),
  );
}
