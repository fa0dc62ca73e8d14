/**
 * The site's connection to Redis (or Valkey), when REDIS_URL is set: what every process and
 * instance shares (purges, the contact rate limit, the last good API answers). Redis is a
 * help, never a dependency of a page: commands fail fast (no queue while disconnected, a short
 * time-out), callers fall back to their own caches and counters, and a problem is logged once
 * and reported on `/readyz` as degraded until Redis answers again.
 */
import { Redis, type RedisOptions } from "ioredis";
import { type Logger, loggerFor, reasonOf } from "../log.server.ts";
import { watchRedis } from "../operations/metrics.server.ts";

/** Longest a command may take before the site carries on without Redis. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export interface RedisLink {
  /** Prefix of every key and channel (REDIS_KEY_PREFIX), so sites can share one Redis. */
  prefix: string;
  /** Runs one command; rejects at once when Redis is down, or after the time-out. */
  run<T>(command: (redis: Redis) => Promise<T>): Promise<T>;
  /** Subscribes to `channel`; `listener` gets each message published there. */
  subscribe(channel: string, listener: (message: string) => void): void;
  /** Called each time Redis answers again after a problem (messages may have been missed). */
  onRecovery(listener: () => void): void;
  /** Why Redis cannot be used now, in words fit for `/readyz` (no address), or undefined. */
  problem(): string | undefined;
  /**
   * Asks Redis now (a PING), then says `problem()`: `/readyz` tells how Redis is, not how it was
   * at this process's last command (a process with no traffic would not see a frozen Redis,
   * nor one that answers again).
   */
  check(): Promise<string | undefined>;
  close(): Promise<void>;
}

export function connectRedis(
  url: string,
  prefix: string,
  log: Logger = loggerFor("fan-out"),
): RedisLink {
  const options: RedisOptions = {
    connectTimeout: 2_000,
    // Reconnect for ever, backing off up to 5 s between attempts.
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  };
  // Commands fail at once while disconnected rather than wait in a queue: pages never wait.
  const commands = new Redis(url, {
    ...options,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // Subscriptions wait for the connection and are renewed after each reconnection.
  const subscriber = new Redis(url, options);
  const where = redactedUrl(url);

  let problem: string | undefined;
  let everReady = false;
  let closed = false;
  const recoveries: Array<() => void> = [];
  const ready = new Set<Redis>();
  /** `reason` is public (`/readyz`); `detail` (addresses, ports, the driver's words) is logged. */
  const report = (reason: string, detail?: string) => {
    // Logged once, until Redis answers again. A connection lost or refused replaces "slow",
    // which only an answered command clears: not to come while the connection is gone.
    const graver =
      problem === "Redis slow" &&
      (reason === "Redis connection lost" || reason === "Redis unreachable");
    if (closed || (problem && !graver)) return;
    problem = reason;
    const why = detail ? `${reason} (${detail})` : reason;
    log.error({ redis: where }, `${why}; using this process's own caches and counters`);
  };
  const recover = () => {
    if (ready.size < 2 || !problem) return;
    problem = undefined;
    log.info({ redis: where }, "Redis answers again");
    for (const listener of recoveries) listener();
  };
  for (const connection of [commands, subscriber]) {
    connection.on("ready", () => {
      ready.add(connection);
      if (ready.size === 2) everReady = true;
      recover();
    });
    connection.on("error", (error) => report("Redis unreachable", reasonOf(error)));
    connection.on("close", () => {
      ready.delete(connection);
      if (everReady) report("Redis connection lost");
    });
  }

  const problemNow = () => (everReady || problem ? problem : "Redis not connected yet");
  watchRedis(() => !closed && problemNow() === undefined);
  const run = async <T>(command: (redis: Redis) => Promise<T>): Promise<T> => {
    try {
      const result = await command(commands);
      if (problem?.startsWith("Redis slow")) {
        problem = undefined;
        log.info({ redis: where }, "Redis answers again");
      }
      return result;
    } catch (error) {
      const reason = reasonOf(error);
      report(/timed? ?out/i.test(reason) ? "Redis slow" : "Redis failed", reason);
      throw error;
    }
  };
  return {
    prefix,
    run,
    async check() {
      // Before the first connection there is nothing to ask: it is on its way.
      if (everReady && !closed) await run((redis) => redis.ping()).catch(() => {});
      return problemNow();
    },
    subscribe(channel, listener) {
      void subscriber
        .subscribe(channel)
        .catch((error: unknown) => report("Redis subscription failed", reasonOf(error)));
      subscriber.on("message", (from, message) => {
        if (from === channel) listener(message);
      });
    },
    onRecovery: (listener) => recoveries.push(listener),
    problem: problemNow,
    async close() {
      closed = true;
      for (const connection of [commands, subscriber]) connection.disconnect();
    },
  };
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(REDIS_URL)";
  }
}
