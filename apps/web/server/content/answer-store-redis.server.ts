/**
 * The last good API answers in Redis as well as on disk (answer-store.server.ts), so an
 * instance started during an API outage, with an empty disk, still serves the pages any
 * instance has seen. Writes go to both (Redis's in the background); a read takes the newer of
 * the two, and only the disk's when Redis does not answer in time.
 */

import type { Redis } from "ioredis";
import type { RedisLink } from "../scale-out/redis.server.ts";
import type { AnswerStore, StoredAnswer } from "./answer-store.server.ts";
import type { AnswerKeeper } from "./cache.server.ts";

/** Deletes the keys matching a SCAN pattern, found in batches. */
async function deleteMatching(redis: Redis, pattern: string) {
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    if (found.length > 0) await redis.del(...found);
    cursor = next;
  } while (cursor !== "0");
}

const globEscape = (text: string) => text.replace(/[*?[\]\\]/g, "\\$&");

/**
 * `maxAgeMs` (ANSWER_STORE_MAX_AGE_DAYS, like the disk's): an answer stays in Redis that long
 * after its last write, and an older one is never served.
 */
export function withRedisAnswers(
  disk: AnswerStore,
  link: RedisLink,
  maxAgeMs: number,
  now: () => number = Date.now,
): AnswerKeeper {
  const keyOf = (key: string) => `${link.prefix}answer:${key}`;
  return {
    async get(key) {
      const own = disk.get(key);
      const shared = await link
        .run((redis) => redis.get(keyOf(key)))
        .then((text) => (text ? (JSON.parse(text) as StoredAnswer) : undefined))
        .then((answer) => (answer && answer.storedAt >= now() - maxAgeMs ? answer : undefined))
        .catch(() => undefined);
      if (!shared) return own;
      return !own || shared.storedAt > own.storedAt ? shared : own;
    },
    set(key, value, storedAt) {
      disk.set(key, value, storedAt);
      const text = JSON.stringify({ value, storedAt } satisfies StoredAnswer);
      void link.run((redis) => redis.set(keyOf(key), text, "PX", maxAgeMs)).catch(() => {});
    },
    delete(keys) {
      const list = [...keys];
      disk.delete(list);
      if (list.length > 0) void link.run((redis) => redis.del(...list.map(keyOf))).catch(() => {});
    },
    deleteWithPages(keys) {
      const list = [...keys];
      disk.deleteWithPages(list);
      if (list.length === 0) return;
      void link
        .run(async (redis) => {
          await redis.del(...list.map(keyOf));
          // `?` matches any one character in a pattern: escaped, it is the query's.
          for (const key of list) await deleteMatching(redis, `${globEscape(keyOf(key))}\\?*`);
        })
        .catch(() => {});
    },
    clear() {
      disk.clear();
      // Every answer of this site in Redis.
      void link.run((redis) => deleteMatching(redis, `${globEscape(keyOf(""))}*`)).catch(() => {});
    },
  };
}
