/**
 * What one server process tells all the others: a purge (the webhook's, or the CMS's), or that
 * an API answer it re-fetched has changed (the others drop their copy and the pages made from
 * it). With REDIS_URL, through Redis publish/subscribe: every process of every instance. With
 * several workers on one machine (WORKERS), through the primary process, which relays each
 * message to the other workers (server/cluster.ts); that also carries them while Redis is down.
 * A process applies its own messages itself, before publishing them.
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { loggerFor, reasonOf } from "../log.server.ts";
import { countFanOut } from "../operations/metrics.server.ts";
import type { RedisLink } from "./redis.server.ts";

export type SiteMessage =
  /**
   * Empty the caches: all of them, those of these page paths, or what was made from these
   * content keys (`api`: content-keys.server.ts). With an `id`, each process answers with a
   * `purged` message naming the pages it dropped.
   */
  | { kind: "purge"; paths?: string[]; api?: string[]; id?: string }
  /** The answer to the purge `id`: the pages one process dropped. */
  | { kind: "purged"; id: string; paths: string[] }
  /** These API answers changed: forget them and the pages made from them. */
  | { kind: "expire"; keys: string[] };

export interface FanOut {
  /**
   * Sends `message` to every other process of the site; resolves to how many other processes
   * it goes to (Redis counts those that got it; the primary relays to the other workers).
   */
  publish(message: SiteMessage): Promise<number>;
  /** `handler` gets the messages of the other processes. */
  subscribe(handler: (message: SiteMessage) => void): void;
}

/** Marks the site's messages between a primary and its workers (node:cluster IPC). */
export const clusterChannel = "arkan-site";

export interface ClusterEnvelope {
  channel: typeof clusterChannel;
  kind: string;
  [field: string]: unknown;
}

export const isEnvelope = (value: unknown): value is ClusterEnvelope =>
  typeof value === "object" &&
  value !== null &&
  (value as { channel?: unknown }).channel === clusterChannel;

/**
 * Through the primary process to the sibling workers, `workers` of them in all (WORKERS, which
 * every process reads alike); nothing in a process of its own.
 */
export function clusterFanOut(workers: number): FanOut {
  const send = process.send?.bind(process);
  return {
    async publish(message) {
      if (!cluster.isWorker || !send || !process.connected) return 0;
      send({ channel: clusterChannel, kind: "broadcast", message });
      // The primary relays to every other worker; one being restarted answers nothing, and a
      // purge waiting for answers stops waiting after its deadline.
      return Math.max(0, workers - 1);
    },
    subscribe(handler) {
      if (!cluster.isWorker) return;
      process.on("message", (envelope: unknown) => {
        if (isEnvelope(envelope) && envelope.kind === "broadcast") {
          handler(envelope.message as SiteMessage);
        }
      });
    },
  };
}

/**
 * Through Redis to every process on it, and through `local` (the primary) while Redis cannot
 * take a message. After Redis was lost and is back, messages may have been missed: the
 * process empties its caches, as after a purge.
 */
export function redisFanOut(link: RedisLink, local: FanOut): FanOut {
  const channel = `${link.prefix}messages`;
  const self = randomUUID();
  return {
    publish(message) {
      const text = JSON.stringify({ from: self, message });
      return link
        .run((redis) => redis.publish(channel, text))
        .then(
          // Redis counts this process's own subscription too.
          (receivers) => Math.max(0, receivers - 1),
          () => local.publish(message),
        );
    },
    subscribe(handler) {
      link.subscribe(channel, (text) => {
        try {
          const { from, message } = JSON.parse(text) as { from: string; message: SiteMessage };
          if (from !== self) handler(message);
        } catch (error) {
          loggerFor("fan-out").warn({ channel, reason: reasonOf(error) }, "unreadable message");
        }
      });
      local.subscribe(handler);
      link.onRecovery(() => handler({ kind: "purge" }));
    },
  };
}

/** `inner`, counting the messages sent and received (`fan_out_messages_total`). */
export function countedFanOut(inner: FanOut): FanOut {
  return {
    publish(message) {
      countFanOut("sent", message.kind);
      return inner.publish(message);
    },
    subscribe(handler) {
      inner.subscribe((message) => {
        countFanOut("received", message.kind);
        handler(message);
      });
    },
  };
}
