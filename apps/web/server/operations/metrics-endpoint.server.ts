/**
 * The `/metrics` listener (METRICS_PORT, on METRICS_HOST) and what each process starts for it:
 * the default process metrics where pages are served, and, in the primary of several workers,
 * the sum of the workers' metrics (prom-client's AggregatorRegistry) followed by its own. The
 * metrics themselves: metrics.server.ts. Decision 021 says why.
 */
import { createServer, type Server } from "node:http";
import { enableMetrics } from "./metrics.server.ts";

/** Where this process stands: alone, the primary of several workers, or one of them. */
export type ProcessRole = "single" | "primary" | "worker";

export interface MetricsSettings {
  METRICS_PORT?: number;
  METRICS_HOST: string;
}

/**
 * Starts what METRICS_PORT asks of a process in `role`: the default process metrics in each
 * process that serves pages, and the `/metrics` listener in the single process or the primary.
 * Returns the listener (to close on stop), or nothing. Without METRICS_PORT, nothing is collected.
 */
export async function startMetrics(
  settings: MetricsSettings,
  role: ProcessRole,
): Promise<Server | undefined> {
  if (settings.METRICS_PORT === undefined) return undefined;
  const client = await enableMetrics();
  const { register } = client;
  if (role !== "primary" && !register.getSingleMetric("process_cpu_seconds_total")) {
    client.collectDefaultMetrics();
    // Sums of the `nodejs_active_*` gauges by type, misnamed as counters (promtool says so).
    for (const name of ["handles", "requests", "resources"]) {
      register.removeSingleMetric(`nodejs_active_${name}_total`);
    }
  }
  // In a worker, this answers the primary's requests for its metrics.
  const aggregator = new client.AggregatorRegistry();
  if (role === "worker") return undefined;
  const scrape = async () =>
    role === "primary"
      ? joinExpositions(await aggregator.clusterMetrics(), await register.metrics())
      : register.metrics();
  const server = createServer((req, res) => {
    const path = req.url?.split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: GET /metrics\n");
      return;
    }
    scrape().then(
      (text) => res.writeHead(200, { "Content-Type": register.contentType }).end(text),
      (error: unknown) =>
        res
          .writeHead(500, { "Content-Type": "text/plain" })
          .end(`metrics unavailable: ${error instanceof Error ? error.message : error}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.METRICS_PORT, settings.METRICS_HOST, () => resolve());
  });
  return server;
}

/** Two expositions as one (their metric names never overlap: see the module's comment). */
const joinExpositions = (...texts: string[]) =>
  texts
    .map((text) => text.trim())
    .filter(Boolean)
    .join("\n")
    .concat("\n");
