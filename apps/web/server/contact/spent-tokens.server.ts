/**
 * Which form tokens (fill-token.server.ts) have sent a message: a token sends one message only,
 * so a bot cannot fetch one form and post through it again and again. Kept in Redis when
 * REDIS_URL is set (every instance), else in the outbox's database, which every process of
 * this instance shares. A message that was not accepted gives its token back; the same message
 * sent again (a retry after a lost answer) may use its token again.
 */
import type { RedisLink } from "../scale-out/redis.server.ts";
import type { OutboxWriter } from "./outbox.server.ts";

export interface SpentTokens {
  /** Marks `token` spent by the message `key`; false when another message spent it. */
  spend(token: string, key: string, expiresAt: number): Promise<boolean>;
  /** Makes `token` usable again: the message `key` that spent it was not accepted. */
  giveBack(token: string, key: string): Promise<void>;
}

/** In the outbox's database (shared by the processes of one instance). */
export function outboxSpentTokens(outbox: OutboxWriter): SpentTokens {
  return {
    spend: async (token, key, expiresAt) =>
      outbox((store) => store.spendToken(token, key, expiresAt)),
    giveBack: async (token, key) => outbox((store) => store.unspendToken(token, key)),
  };
}

// Deletes the mark only when the same message made it.
const giveBackScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** In Redis, shared by every instance; `own` decides while Redis fails. */
function redisSpentTokens(link: RedisLink, own: SpentTokens): SpentTokens {
  const keyOf = (token: string) => `${link.prefix}form-token:${token}`;
  return {
    async spend(token, key, expiresAt) {
      try {
        const set = await link.run((redis) =>
          redis.set(keyOf(token), key, "PXAT", expiresAt, "NX"),
        );
        if (set === "OK") return true;
        return (await link.run((redis) => redis.get(keyOf(token)))) === key;
      } catch {
        return own.spend(token, key, expiresAt);
      }
    },
    async giveBack(token, key) {
      await link
        .run((redis) => redis.eval(giveBackScript, 1, keyOf(token), key))
        .catch(() => own.giveBack(token, key));
    },
  };
}

/** The site's record: Redis when there is a link, else the outbox's database. */
export function spentTokens(outbox: OutboxWriter, link?: RedisLink): SpentTokens {
  const local = outboxSpentTokens(outbox);
  return link ? redisSpentTokens(link, local) : local;
}
