/**
 * Serves the production build on PORT (started through `start.ts`, which sets the mode first).
 * Settings are checked first; a wrong one stops the start with one readable line. With
 * WORKERS > 1 this process starts the outbox worker once, and forks
 * that many server processes sharing the port (node:cluster, cluster.ts), relaying purges
 * between them, counting their contact limit, replacing any that dies.
 * With METRICS_PORT, this process (the primary, with WORKERS > 1) answers `/metrics` for all of
 * them; with OTEL_EXPORTER_OTLP_ENDPOINT, each serving process traces its requests
 * (operations/).
 */
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { startWorkers } from "./cluster.ts";
import { CompanyFileError, readCompanyFile } from "./company.server.ts";
import { outboxWorkerFromSettings } from "./contact/outbox-worker.server.ts";
import { contactLimitOptions } from "./contact/shared-rate-limit.server.ts";
import type { createSiteApp as CreateSiteApp } from "./http/app.ts";
import type { AnswerFromCache } from "./http/cached-answers.ts";
import { loggerFor } from "./log.server.ts";
import { startMetrics } from "./operations/metrics-endpoint.server.ts";
import { startTracing } from "./operations/tracing.server.ts";
import { repoRoot } from "./repo-root.ts";
import { loadSettings, SettingsError } from "./settings.server.ts";
import { stopOnSignals } from "./shutdown.ts";

const log = loggerFor("cluster");

/** Runs `step`; an operator's mistake it reports (one line) stops the start. */
async function orStop<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const known = [SettingsError, CompanyFileError];
    if (known.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exit(1);
    }
    throw error;
  }
}

/** How to reach a listening address from this machine. */
const hostName = (host: string) => (host === "0.0.0.0" ? "localhost" : host);

const settings = await orStop(() => loadSettings(repoRoot));
// The company file too, before anything else: the build's own copy of CompanyFileError is not
// this one, and with several processes a wrong file would stop each worker, over and over.
await orStop(() => readCompanyFile(settings.COMPANY_FILE));
if (cluster.isPrimary) log.info(`Reading content from ${settings.API_BASE_URL}`);

/** Starts the metrics of this process; a port already taken stops the start. */
const metricsFor = (role: "single" | "primary" | "worker") =>
  startMetrics(settings, role).catch((error: Error) => {
    console.error(
      `Could not listen for metrics on ${settings.METRICS_HOST}:${settings.METRICS_PORT}: ${error.message}`,
    );
    process.exit(1);
  });

if (cluster.isPrimary && settings.WORKERS > 1) {
  // Contact messages the API could not take wait in the outbox; this delivers them later.
  const outboxWorker = outboxWorkerFromSettings(settings);
  const metrics = await metricsFor("primary");
  const workerEnv = {
    // One signing secret for the contact form in every worker (a form may come back to another).
    FORM_SECRET: settings.FORM_SECRET ?? randomBytes(32).toString("base64url"),
  };
  const workers = startWorkers({
    count: settings.WORKERS,
    env: workerEnv,
    rateLimit: contactLimitOptions(settings),
    log,
  });
  cluster.once("listening", (_worker, address) =>
    log.info(
      `Website ready on http://${hostName(settings.HOST)}:${address.port} with ${settings.WORKERS} server processes`,
    ),
  );
  stopOnSignals(undefined, [
    () => workers.stop(),
    () => outboxWorker.stop(),
    async () => void metrics?.close(),
  ]);
} else {
  await serve();
}

async function serve() {
  // Before the build loads: its requests and API calls are traced from the first.
  const tracing = await startTracing(settings);
  const metrics = await metricsFor(cluster.isWorker ? "worker" : "single");
  const buildDir = path.resolve(repoRoot, "apps/web", settings.BUILD_DIR);
  // The server build's entry is server/http/app.ts, bundled with the routes (vite.config.ts).
  const { createSiteApp } = (await import(path.join(buildDir, "server/index.js"))) as {
    createSiteApp: typeof CreateSiteApp;
  };
  const app = createSiteApp({
    settings,
    clientDir: path.join(buildDir, "client"),
  });
  // Contact messages the API could not take wait in the outbox; this delivers them later.
  // (With several server processes, the first process runs it.)
  const outboxWorker = cluster.isPrimary ? outboxWorkerFromSettings(settings) : undefined;

  // A page-cache hit is answered before the Express app sees the request (cached-answers.ts).
  const answerFromCache = app.locals.answerFromCache as AnswerFromCache | undefined;
  const server = http.createServer((req, res) => {
    if (!answerFromCache?.(req, res)) app(req, res);
  });
  server.listen(settings.PORT, settings.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : settings.PORT;
    // With several processes, the first one says when the site is ready.
    if (cluster.isPrimary) {
      log.info(
        `Website ready on http://${hostName(settings.HOST)}:${port} (${app.get("env")} mode)`,
      );
    }
  });
  // Longer than a load balancer's idle time-out (often 60 s), so it never reuses a connection
  // this server has just closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("error", (error) => {
    console.error(`Could not listen on ${settings.HOST}:${settings.PORT}: ${error.message}`);
    process.exit(1);
  });

  stopOnSignals(server, [
    async () => outboxWorker?.stop(),
    async () => void metrics?.close(),
    async () => tracing?.shutdown(),
  ]);
}
