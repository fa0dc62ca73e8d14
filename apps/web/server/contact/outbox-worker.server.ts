/**
 * Delivers the contact outbox (outbox.server.ts) in the background: every `pollMs` it claims
 * the due rows and sends each to the content API with its idempotency key. A 2xx marks a row
 * delivered; a refusal that waiting cannot fix (422...) holds it for a person, with the reason;
 * anything else (API down, slow, 5xx, 429, a redirect) retries with exponential back-off plus
 * jitter, never sooner than a `Retry-After` asks.
 * Started by server/start.ts and server/dev.ts; `stop()` finishes the sends in flight.
 */

import { type Backoff, backoffMs } from "../backoff.ts";
import { type Logger, loggerFor, reasonOf } from "../log.server.ts";
import { countOutboxDelivery, watchOutbox } from "../operations/metrics.server.ts";
import type { Settings } from "../settings.server.ts";
import { type ContactOutcome, type OutgoingMessage, sendContact } from "./contact-api.server.ts";
import { Outbox, type OutboxEntry } from "./outbox.server.ts";

/**
 * Delay before retry number `attempt` (1 = after the first failed attempt): `baseMs` doubling
 * up to `maxMs`, minus up to 20% jitter so many queued messages do not retry in lockstep.
 */
export function retryDelay(attempt: number, backoff: Backoff, random = Math.random) {
  return Math.round(backoffMs(attempt, backoff) * (1 - 0.2 * random()));
}

export type Send = (message: OutgoingMessage) => Promise<ContactOutcome>;

export interface DeliveryOptions {
  send: Send;
  backoff: Backoff;
  /** A claim older than this is taken to be from a sender that died, and is sent again. */
  leaseMs: number;
  batchSize?: number;
  now?: () => number;
  random?: () => number;
  logger?: Logger;
  /** Checked before each claim; false ends the round early. */
  keepGoing?: () => boolean;
}

export interface DeliveryReport {
  delivered: number;
  retried: number;
  /** Refused by the API for good: moved to the held messages, for a person. */
  held: number;
}

/** Claims the due rows of `outbox` and tries each once. */
export async function deliverDue(
  outbox: Outbox,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const now = options.now ?? Date.now;
  const log = options.logger ?? loggerFor("outbox");
  const report: DeliveryReport = { delivered: 0, retried: 0, held: 0 };
  for (let count = 0; count < (options.batchSize ?? 10); count++) {
    // One claim at a time, so stopping mid-round leaves no row claimed but unsent.
    if (options.keepGoing?.() === false) break;
    const [entry] = outbox.claimDue({ now: now(), limit: 1, leaseMs: options.leaseMs });
    if (!entry) break;
    const outcome = await attempt(entry, options.send);
    const at = now();
    if (outcome.kind === "created") {
      outbox.markDelivered(entry.id, { now: at, apiId: outcome.id });
      report.delivered++;
      log.info({ outbox: entry.id, attempts: entry.attempts }, "delivered");
      // Delivered after failing: the API is back, and the others need not wait out their
      // back-offs (the round goes on with them).
      if (entry.attempts > 1) {
        const hurried = outbox.hurry(at);
        if (hurried > 0)
          log.info({ hurried }, "the API takes messages again: retrying the others now");
      }
    } else if (outcome.kind === "invalid" || outcome.kind === "rejected") {
      const reason =
        outcome.kind === "invalid"
          ? `refused by the API (422): ${JSON.stringify(outcome.errors)}`
          : `refused by the API: ${outcome.reason}`;
      const held = outbox.holdRefused(entry, reason, at);
      report.held++;
      log.error({ outbox: entry.id, held }, `held for a person: ${reason}`);
    } else {
      const error =
        outcome.kind === "rate-limited" ? "HTTP 429: too many requests" : outcome.reason;
      // Never sooner than the API asked (`Retry-After`).
      const delay = Math.max(
        retryDelay(entry.attempts, options.backoff, options.random),
        outcome.retryAfterMs ?? 0,
      );
      outbox.markRetry(entry.id, { now: at, nextAttemptAt: at + delay, error });
      report.retried++;
      log.warn(
        {
          outbox: entry.id,
          attempts: entry.attempts,
          reason: error,
          retryInSeconds: Math.round(delay / 1000),
        },
        "delivery failed; will retry",
      );
    }
  }
  return report;
}

async function attempt(entry: OutboxEntry, send: Send): Promise<ContactOutcome> {
  const { form, lang, idempotencyKey, clientAddress } = entry;
  try {
    return await send({ form, lang, idempotencyKey, clientAddress });
  } catch (error) {
    return { kind: "unavailable", reason: error instanceof Error ? error.message : String(error) };
  }
}

export interface OutboxWorkerOptions extends DeliveryOptions {
  databasePath: string;
  pollMs: number;
  /** Delivered messages older than this many days are deleted (personal data). */
  keepDeliveredDays?: number;
  /** Held messages older than this many days are deleted (personal data). */
  keepHeldDays?: number;
  /** The outbox's capacity (OUTBOX_MAX_MESSAGES), shown in the metrics. */
  capacity?: number;
}

export interface OutboxWorker {
  /** Runs one delivery round now (also what the timer does). */
  runOnce(): Promise<DeliveryReport>;
  /** Stops the timer, waits for the round in flight, closes the outbox. */
  stop(): Promise<void>;
}

/** Starts polling the outbox at `databasePath` (which it opens once it exists). */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const log = options.logger ?? loggerFor("outbox");
  const { send } = options;
  let outbox: Outbox | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DeliveryReport> | undefined;
  let stopped = false;
  const idle: DeliveryReport = { delivered: 0, retried: 0, held: 0 };
  const capacity = options.capacity ?? Number.POSITIVE_INFINITY;
  const open = () => Outbox.openExisting(options.databasePath, { capacity });

  const round = async (): Promise<DeliveryReport> => {
    if (stopped) return idle;
    outbox ??= open();
    if (!outbox) return idle;
    const report = await deliverDue(outbox, {
      ...options,
      send,
      logger: log,
      keepGoing: () => !stopped,
    });
    countOutboxDelivery("delivered", report.delivered);
    countOutboxDelivery("retried", report.retried);
    // The metric's label keeps its published name (dashboards, docs/operating.md).
    countOutboxDelivery("failed", report.held);
    const now = options.now?.() ?? Date.now();
    if (options.keepDeliveredDays) outbox.forgetDelivered(options.keepDeliveredDays, now);
    if (options.keepHeldDays) outbox.forgetHeld(options.keepHeldDays, now);
    return report;
  };

  const runOnce = (): Promise<DeliveryReport> => {
    // One round at a time: a slow API never makes rounds overlap.
    running ??= round()
      .catch((error: unknown) => {
        log.error(`delivery round failed: ${reasonOf(error)}`);
        return idle;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, options.pollMs);
    timer.unref();
  };
  schedule();
  // The outbox's gauges, read at each scrape (METRICS_PORT).
  watchOutbox(() => {
    if (stopped) return undefined;
    outbox ??= open();
    // No outbox yet: no message has ever needed one.
    return (
      outbox?.gauges(options.now?.() ?? Date.now()) ?? {
        counts: { pending: 0, sending: 0, delivered: 0, held: 0 },
        oldestWaitingSeconds: 0,
        capacity,
      }
    );
  });

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      outbox?.close();
      outbox = undefined;
    },
  };
}

/** The worker as configured by the site's settings (OUTBOX_*), sending to API_BASE_URL. */
export function outboxWorkerFromSettings(settings: Settings, logger?: Logger): OutboxWorker {
  return startOutboxWorker({
    databasePath: settings.OUTBOX_DATABASE_PATH,
    pollMs: settings.OUTBOX_POLL_MS,
    keepDeliveredDays: settings.OUTBOX_KEEP_DELIVERED_DAYS,
    keepHeldDays: settings.OUTBOX_KEEP_UNSENT_DAYS,
    capacity: settings.OUTBOX_MAX_MESSAGES,
    backoff: { baseMs: settings.OUTBOX_RETRY_BASE_MS, maxMs: settings.OUTBOX_RETRY_MAX_MS },
    // A send can take up to the API time-out; a claim twice that old belongs to a dead sender.
    leaseMs: Math.max(60_000, 2 * settings.API_TIMEOUT_MS),
    send: (message) =>
      sendContact(message, { baseUrl: settings.API_BASE_URL, timeoutMs: settings.API_TIMEOUT_MS }),
    logger,
  });
}
