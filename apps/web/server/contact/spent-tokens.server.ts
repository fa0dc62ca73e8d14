/**
 * Which form tokens (fill-token.server.ts) have sent a message: a token sends one message only,
 * so a bot cannot fetch one form and post through it again and again. Kept in Redis when
 * REDIS_URL is set (every instance), else in the outbox's database (outbox-db.server.ts: the
 * tables spent_tokens and taken_tokens), which every process of this instance shares; Redis
 * falls back to that local record while it fails. A message that was not accepted gives its
 * token back; the same message sent again (a retry after a lost answer) may use its token again.
 */
import type { RedisLink } from "../scale-out/redis.server.ts";
import type { OutboxWriter } from "./outbox.server.ts";
import type { OutboxDatabase } from "./outbox-db.server.ts";

/**
 * What spending a token found: `send` (this message spends it now, or spent it before and was
 * not taken: a retry after a lost answer), `taken` (this message spent it and was taken: the
 * same post again, a reload or a second click) or `other` (another message spent it).
 */
export type Spending = "send" | "taken" | "other";

export interface SpentTokens {
  /** Marks `token` spent by the message `key` until `expiresAt`, saying what it found. */
  spend(token: string, key: string, expiresAt: number): Promise<Spending>;
  /** The message `key` that spent `token` was taken (stored, queued or held). */
  taken(token: string, key: string, expiresAt: number): Promise<void>;
  /** Makes `token` usable again: the message `key` that spent it was not accepted. */
  giveBack(token: string, key: string): Promise<void>;
  /** Whether the message `key` was taken with `token`, changing nothing. */
  wasTaken(token: string, key: string): Promise<boolean>;
}

/**
 * The local record: the tables spent_tokens and taken_tokens of the outbox's database, which
 * every process of this instance shares.
 */
export class LocalTokenRecord {
  readonly #database: OutboxDatabase;

  constructor(database: OutboxDatabase) {
    this.#database = database;
  }

  /**
   * Marks a form token spent by the message `key`, until `expiresAt` (then the token is too old
   * to count anyway); false when another message spent it. The same message again (a retry of
   * a send whose answer was lost) may use it. Expired marks are forgotten on the way.
   */
  spendToken(token: string, key: string, expiresAt: number, now = Date.now()): boolean {
    return this.#database.transaction(() => {
      this.#mark("spent_tokens", token, key, expiresAt, now);
      const row = this.#database
        .prepare("SELECT idempotency_key FROM spent_tokens WHERE token = ?")
        .get(token);
      return row?.idempotency_key === key;
    });
  }

  /** Whether the message `key` that spent `token` was taken already (`markTaken`). */
  tokenTaken(token: string, key: string, now = Date.now()): boolean {
    const row = this.#database
      .prepare(
        "SELECT 1 FROM taken_tokens WHERE token = ? AND idempotency_key = ? AND expires_at >= ?",
      )
      .get(token, key, now);
    return row !== undefined;
  }

  /** The message `key` that spent `token` was taken (stored, queued or held), until `expiresAt`. */
  markTaken(token: string, key: string, expiresAt: number, now = Date.now()) {
    this.#database.transaction(() => this.#mark("taken_tokens", token, key, expiresAt, now));
  }

  /** Gives a token back when the message `key` that spent it was not accepted after all. */
  unspendToken(token: string, key: string) {
    this.#database
      .prepare("DELETE FROM spent_tokens WHERE token = ? AND idempotency_key = ?")
      .run(token, key);
  }

  /** Marks `token` as the message `key`'s unless it is marked already, forgetting expired marks. */
  #mark(
    table: "spent_tokens" | "taken_tokens",
    token: string,
    key: string,
    expiresAt: number,
    now: number,
  ) {
    this.#database.prepare(`DELETE FROM ${table} WHERE expires_at < ?`).run(now);
    this.#database
      .prepare(
        `INSERT INTO ${table} (token, idempotency_key, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (token) DO NOTHING`,
      )
      .run(token, key, expiresAt);
  }
}

/**
 * In the outbox's database (shared by the processes of one instance), through the contact
 * desk's outbox writer: one connection, reopened after a failed write as the outbox's is.
 */
export function outboxSpentTokens(outbox: OutboxWriter): SpentTokens {
  const record = <T>(work: (local: LocalTokenRecord) => T) =>
    outbox(({ database }) => work(new LocalTokenRecord(database)));
  return {
    spend: async (token, key, expiresAt) =>
      record((local) => {
        if (!local.spendToken(token, key, expiresAt)) return "other";
        return local.tokenTaken(token, key) ? "taken" : "send";
      }),
    taken: async (token, key, expiresAt) =>
      record((local) => local.markTaken(token, key, expiresAt)),
    giveBack: async (token, key) => record((local) => local.unspendToken(token, key)),
    wasTaken: async (token, key) => record((local) => local.tokenTaken(token, key)),
  };
}

// Deletes the mark only when the same message made it.
const giveBackScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** In Redis, shared by every instance; `own` decides while Redis fails. */
function redisSpentTokens(link: RedisLink, own: SpentTokens): SpentTokens {
  const keyOf = (token: string) => `${link.prefix}form-token:${token}`;
  const takenKeyOf = (token: string) => `${link.prefix}form-token-taken:${token}`;
  return {
    async spend(token, key, expiresAt) {
      try {
        const set = await link.run((redis) =>
          redis.set(keyOf(token), key, "PXAT", expiresAt, "NX"),
        );
        if (set === "OK") return "send";
        const [spentBy, takenFor] = await link.run((redis) =>
          redis.mget(keyOf(token), takenKeyOf(token)),
        );
        if (spentBy !== key) return "other";
        if (takenFor === key) return "taken";
        // Marked in the local record while Redis failed a moment ago.
        return (await own.spend(token, key, expiresAt)) === "taken" ? "taken" : "send";
      } catch {
        return own.spend(token, key, expiresAt);
      }
    },
    async taken(token, key, expiresAt) {
      await link
        .run((redis) => redis.set(takenKeyOf(token), key, "PXAT", expiresAt))
        .catch(() => own.taken(token, key, expiresAt));
    },
    async giveBack(token, key) {
      await link
        .run((redis) => redis.eval(giveBackScript, 1, keyOf(token), key))
        .catch(() => own.giveBack(token, key));
    },
    async wasTaken(token, key) {
      try {
        if ((await link.run((redis) => redis.get(takenKeyOf(token)))) === key) return true;
      } catch {
        // Redis failing: the local record alone.
      }
      // Marked in the local record while Redis failed.
      return own.wasTaken(token, key);
    },
  };
}

/** The site's record: Redis when there is a link, else the outbox's database. */
export function spentTokens(outbox: OutboxWriter, link?: RedisLink): SpentTokens {
  const local = outboxSpentTokens(outbox);
  return link ? redisSpentTokens(link, local) : local;
}
