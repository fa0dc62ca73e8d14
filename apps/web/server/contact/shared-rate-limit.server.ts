/**
 * The contact rate limit counted once for the whole site, however many processes serve it:
 * in Redis when REDIS_URL is set (every instance), else by the primary process when WORKERS
 * runs several on one machine (server/cluster.ts relays the workers' messages here: both ends
 * of that exchange are this module's), else in this process. When Redis or the primary does
 * not answer in time, this process's own counts decide, so a visitor is never kept waiting or
 * refused because of them.
 */
import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import { limitClientOf, RateLimiter } from "../rate-limit.server.ts";
import { type ClusterEnvelope, clusterChannel, isEnvelope } from "../scale-out/fan-out.server.ts";
import type { RedisLink } from "../scale-out/redis.server.ts";
import type { Settings } from "../settings.server.ts";

/** The window of the contact limit: CONTACT_RATE_LIMIT sends per 10 minutes. */
const contactRateWindowMs = 10 * 60 * 1000;

/** The contact form's limit as the action uses it, wherever the counts are kept. */
export interface ContactLimiter {
  /** Counts one send by `client`; false (and nothing counted) when over the limit. */
  take(client: string, key?: string): Promise<boolean>;
  /** Un-counts the send `key` (it failed and the visitor will try again). */
  giveBack(client: string, key?: string): Promise<void>;
}

export interface LimitOptions {
  limit: number;
  windowMs: number;
}

/** The contact limit the settings ask for, wherever it is counted. */
export function contactLimitOptions(settings: Pick<Settings, "CONTACT_RATE_LIMIT">): LimitOptions {
  return { limit: settings.CONTACT_RATE_LIMIT, windowMs: contactRateWindowMs };
}

/** Counts in this process's memory. */
export function memoryLimiter(limiter: RateLimiter): ContactLimiter {
  return {
    take: async (client, key) => limiter.take(client, key),
    giveBack: async (client, key) => limiter.giveBack(client, key),
  };
}

/** How long a worker waits for the primary's count. */
const PRIMARY_TIMEOUT_MS = 1_000;

/**
 * The primary's side of `clusterLimiter`: the counts of every worker, kept in the primary.
 * Returns what the primary does with a worker's message (cluster.ts); others are ignored.
 */
export function primaryCounts(
  options: LimitOptions,
): (worker: Worker, message: ClusterEnvelope) => void {
  const limiter = new RateLimiter(options);
  return (worker, message) => {
    if (message.kind === "rate-take") {
      const allowed = limiter.take(String(message.client), message.key as string | undefined);
      if (worker.isConnected()) {
        worker.send({ channel: clusterChannel, kind: "rate-taken", id: message.id, allowed });
      }
    } else if (message.kind === "rate-give-back") {
      limiter.giveBack(String(message.client), message.key as string | undefined);
    }
  };
}

/** Counts in the primary process (`primaryCounts`), or in `own` when it does not answer. */
function clusterLimiter(own: ContactLimiter): ContactLimiter {
  const waiting = new Map<string, (allowed: boolean) => void>();
  process.on("message", (envelope: unknown) => {
    if (!isEnvelope(envelope) || envelope.kind !== "rate-taken") return;
    waiting.get(String(envelope.id))?.(Boolean(envelope.allowed));
  });
  const send = (message: Record<string, unknown>) => {
    if (!process.send || !process.connected) return false;
    return process.send({ channel: clusterChannel, ...message });
  };
  return {
    take(client, key) {
      const id = randomUUID();
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(undefined), PRIMARY_TIMEOUT_MS);
        const finish = (allowed: boolean | undefined) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(allowed ?? own.take(client, key));
        };
        waiting.set(id, finish);
        if (!send({ kind: "rate-take", id, client, key })) finish(undefined);
      });
    },
    async giveBack(client, key) {
      send({ kind: "rate-give-back", client, key });
      await own.giveBack(client, key);
    },
  };
}

// Sliding window in a sorted set per client: members are `<submission key>|<unique>`, scored
// by Redis's own clock (instances' clocks may differ).
const takeScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

const giveBackScript = `
for _, member in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, -1)) do
  if string.sub(member, 1, #ARGV[1]) == ARGV[1] then
    redis.call('ZREM', KEYS[1], member)
    return 1
  end
end
return 0`;

/** Counts in Redis, shared by every process on it; `own` counts while Redis fails. */
export function redisLimiter(
  link: RedisLink,
  options: LimitOptions,
  own: ContactLimiter,
): ContactLimiter {
  const keyOf = (client: string) => `${link.prefix}contact-rate:${client}`;
  return {
    async take(client, key = "") {
      try {
        const member = `${key}|${randomUUID()}`;
        const allowed = await link.run((redis) =>
          redis.eval(takeScript, 1, keyOf(client), options.windowMs, options.limit, member),
        );
        return allowed === 1;
      } catch {
        return own.take(client, key);
      }
    },
    async giveBack(client, key = "") {
      await link
        .run((redis) => redis.eval(giveBackScript, 1, keyOf(client), `${key}|`))
        .catch(() => {});
      await own.giveBack(client, key);
    },
  };
}

/**
 * The site's contact limit: Redis when there is a link, else the primary when this is one of
 * several workers, else this process; visitors counted by `limitClientOf` (IPv6 per /64).
 */
export function sharedContactLimiter(options: LimitOptions, link?: RedisLink): ContactLimiter {
  const memory = memoryLimiter(new RateLimiter(options));
  const local = cluster.isWorker ? clusterLimiter(memory) : memory;
  const limiter = link ? redisLimiter(link, options, local) : local;
  return {
    take: (client, key) => limiter.take(limitClientOf(client), key),
    giveBack: (client, key) => limiter.giveBack(limitClientOf(client), key),
  };
}
