/**
 * The primary process when WORKERS > 1 (serve.ts): forks the server processes sharing the
 * port, and between them
 * - relays each worker's messages (purges, changed answers) to the others (fan-out.server.ts);
 * - keeps the contact rate limit's counts for all of them (shared-rate-limit.server.ts's
 *   `primaryCounts`);
 * - starts a worker that died again, at once the first time and then backing off while they
 *   keep dying young, so a crash at start does not spin the machine;
 * - on stop, asks every worker to finish its requests (shutdown.ts) and waits for them.
 */
import cluster, { type Worker } from "node:cluster";
import { type Backoff, backoffMs } from "./backoff.ts";
import { type LimitOptions, primaryCounts } from "./contact/shared-rate-limit.server.ts";
import type { Logger } from "./log.server.ts";
import { countWorkerRestart } from "./operations/metrics.server.ts";
import { isEnvelope } from "./scale-out/fan-out.server.ts";
import { DRAIN_DEADLINE_MS } from "./shutdown.ts";

/** A worker that lived this long is healthy: the back-off starts again from nothing. */
const HEALTHY_AFTER_MS = 30_000;

/**
 * How long to wait before replacing a worker that died, after it lived `livedMs`: nothing
 * after a long life, else 1 s, 2 s, 4 s... up to 30 s while workers keep dying young.
 */
export class RestartBackoff {
  #failures = 0;
  readonly #backoff: Backoff;
  constructor(baseMs = 1_000, maxMs = 30_000) {
    this.#backoff = { baseMs, maxMs };
  }

  next(livedMs: number): number {
    if (livedMs >= HEALTHY_AFTER_MS) this.#failures = 0;
    // The first of a run of young deaths is replaced at once; the back-off counts the others.
    const delay = this.#failures === 0 ? 0 : backoffMs(this.#failures, this.#backoff);
    this.#failures++;
    return delay;
  }
}

export interface WorkerPoolOptions {
  count: number;
  env: Record<string, string>;
  rateLimit: LimitOptions;
  log: Logger;
  backoff?: RestartBackoff;
}

export interface WorkerPool {
  /** Asks every worker to stop after its requests in flight; resolves once all have exited. */
  stop(): Promise<void>;
}

export function startWorkers(options: WorkerPoolOptions): WorkerPool {
  const { log } = options;
  const backoff = options.backoff ?? new RestartBackoff();
  const countContacts = primaryCounts(options.rateLimit);
  const startedAt = new Map<Worker, number>();
  const pending = new Set<NodeJS.Timeout>();
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork(options.env);
    startedAt.set(worker, Date.now());
  };
  for (let i = 0; i < options.count; i++) fork();

  cluster.on("message", (worker, message: unknown) => {
    if (!isEnvelope(message)) return;
    if (message.kind === "broadcast") {
      for (const other of Object.values(cluster.workers ?? {})) {
        if (other && other !== worker && other.isConnected()) other.send(message);
      }
    } else countContacts(worker, message);
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    const delay = backoff.next(lived);
    countWorkerRestart();
    log.warn(
      { pid: worker.process.pid, exit: signal ?? code, livedSeconds: Math.round(lived / 1000) },
      `Server process ${worker.process.pid} ended (${signal ?? code}) after ${Math.round(lived / 1000)} s; starting another in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delay);
    pending.add(timer);
  });

  return {
    async stop() {
      stopping = true;
      for (const timer of pending) clearTimeout(timer);
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      await Promise.all(workers.map(stopWorker));
    },
  };
}

/** SIGTERM (the worker drains, shutdown.ts), then SIGKILL if it is still there past its deadline. */
function stopWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => worker.process.kill("SIGKILL"), DRAIN_DEADLINE_MS + 5_000);
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    worker.process.kill("SIGTERM");
  });
}
