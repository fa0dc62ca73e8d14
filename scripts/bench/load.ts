/**
 * Load tests with autocannon's command line (in its own process, so it has a core of its own
 * and the benchmark's own work does not slow the server down).
 */
import { fileURLToPath } from "node:url";
import { progress, runCommand } from "./processes.ts";

/**
 * Sent by the load generator. The site would choose Brotli for "gzip, br", which Debian's nginx
 * lacks; "gzip" makes both servers send the very same compressed bytes.
 */
export const loadAcceptEncoding = "gzip";

const cli = fileURLToPath(import.meta.resolve("autocannon/autocannon.js"));

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerSecond: number;
  requests: number;
  /** Connection errors and time-outs. */
  errors: number;
  non2xx: number;
}

/** The parts of autocannon's `--json` output read here. */
interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export async function load(
  url: string,
  seconds: number,
  connections: number,
): Promise<LoadFigures> {
  const result = await runCommand(
    process.execPath,
    [
      cli,
      "--json",
      "--connections",
      String(connections),
      "--duration",
      String(seconds),
      "--headers",
      `accept-encoding=${loadAcceptEncoding}`,
      url,
    ],
    { timeoutMs: (seconds + 60) * 1000 },
  );
  if (result.code !== 0) throw new Error(`autocannon exited with ${result.code}: ${result.stderr}`);
  return figuresOf(JSON.parse(result.stdout) as AutocannonJson);
}

function figuresOf(out: AutocannonJson): LoadFigures {
  return {
    requestsPerSecond: out.requests.average,
    p50Ms: out.latency.p50,
    p99Ms: out.latency.p99,
    bytesPerSecond: out.throughput.average,
    requests: out.requests.total,
    errors: out.errors + out.timeouts,
    non2xx: out.non2xx,
  };
}

export interface MixFigures extends LoadFigures {
  /** Answers by HTTP status ("200": 1234), and "errors" for connection errors and time-outs. */
  byStatus: Record<string, number>;
}

const mixRunner = fileURLToPath(import.meta.resolve("./load-mix-runner.ts"));

/** Load over several paths of `baseUrl` at once (each connection cycles through them). */
async function loadMix(
  baseUrl: string,
  paths: string[],
  seconds: number,
  connections: number,
): Promise<MixFigures> {
  const task = { url: baseUrl, paths, seconds, connections, acceptEncoding: loadAcceptEncoding };
  const result = await runCommand(process.execPath, [mixRunner, JSON.stringify(task)], {
    timeoutMs: (seconds + 60) * 1000,
  });
  if (result.code !== 0) throw new Error(`autocannon exited with ${result.code}: ${result.stderr}`);
  const out = JSON.parse(result.stdout) as AutocannonJson & {
    statusCodeStats: Record<string, { count: number }>;
  };
  const byStatus = Object.fromEntries(
    Object.entries(out.statusCodeStats).map(([status, { count }]) => [status, count]),
  );
  const figures = figuresOf(out);
  if (figures.errors > 0) byStatus.errors = figures.errors;
  return { ...figures, byStatus };
}

/** Answers by status as text ("200: 1234, errors: 2"), or "-" without figures. */
export const statusCounts = (figures?: Pick<MixFigures, "byStatus">): string =>
  figures
    ? Object.entries(figures.byStatus)
        .map(([status, count]) => `${status}: ${count}`)
        .join(", ")
    : "-";

/**
 * One round of `loadMix` at `seconds` and `connections`: its figures, or the error that ended
 * it. `during` runs once the load has begun (to stop or kill a server part-way).
 */
export async function mixRound(
  name: string,
  url: string,
  paths: string[],
  { seconds, connections }: { seconds: number; connections: number },
  during?: () => void,
): Promise<{ figures?: MixFigures; error?: string }> {
  progress(`${name}: ${seconds} s at ${connections} connections`);
  try {
    const load = loadMix(url, paths, seconds, connections);
    during?.();
    return { figures: await load };
  } catch (error) {
    progress(`${name}: ${String(error)}`);
    return { error: String(error) };
  }
}
