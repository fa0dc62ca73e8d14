/**
 * The contact outbox: messages the content API could not take yet, kept durably on the
 * website's server (in the outbox's database: outbox-db.server.ts) until the outbox worker
 * (outbox-worker.server.ts) delivers them, and the messages held for a person. Each row carries
 * the submission's idempotency key, so delivery is at-least-once and the API stores the message
 * once.
 *
 * Row life: pending → sending (claimed by a worker, attempts + 1) → delivered, or back to
 * pending with a later `next_attempt_at`, or moved to the held messages (the API refused it:
 * `holdRefused`). A claim that is never confirmed (the process died mid-send) expires after a
 * lease and the row is sent again.
 *
 * The queue and the held messages are one class because they share one bound: the messages
 * waiting (for the API or for a person) are at most `capacity` (OUTBOX_MAX_MESSAGES): past it a
 * new one is refused (`OutboxFullError`) and the visitor is told it was not sent, keeping what
 * they wrote, rather than the disk filling during a long outage or a flood from many addresses.
 * Messages the spam checks doubted may fill half of it, so a flood of those leaves room for the
 * rest. A message moves between the two in one transaction, and is never kept in both.
 */
import { existsSync } from "node:fs";
import type { SQLOutputValue } from "node:sqlite";
import type { ContactForm, Language } from "@site/contract";
import type { OutgoingMessage } from "./contact-api.server.ts";
import { OutboxDatabase, type Row } from "./outbox-db.server.ts";

export type OutboxStatus = "pending" | "sending" | "delivered";

export interface OutboxEntry extends OutgoingMessage {
  id: number;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms. */
  nextAttemptAt: number;
  claimedAt: number | null;
  lastError: string | null;
  apiId: string | null;
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
}

/** A message waiting for a person: one the spam checks doubted, or the API refused. */
export interface HeldMessage extends OutgoingMessage {
  id: number;
  reason: string;
  createdAt: number;
  /** Held by the spam checks, not refused by the API. */
  doubted: boolean;
}

/**
 * Refusal of a new message: `capacity` messages wait already, or, for a doubted one, half of it
 * are doubted ones.
 */
export class OutboxFullError extends Error {
  readonly capacity: number;
  constructor(capacity: number, doubted = false) {
    super(
      doubted
        ? `the outbox is full for doubted messages: ${Math.floor(capacity / 2)} are held`
        : `the outbox is full: ${capacity} messages wait for the API or for a person`,
    );
    this.name = "OutboxFullError";
    this.capacity = capacity;
  }
}

export interface OutboxOptions {
  /** Most messages waiting for the API or held for a person; a new one past it is refused. */
  capacity?: number;
}

export class Outbox {
  readonly file: string;
  readonly capacity: number;
  /**
   * The database the outbox is kept in, one connection: the spam checks keep their records in
   * it too (spent-tokens.server.ts, spam-counts.server.ts), through the same `outboxWriter`.
   */
  readonly database: OutboxDatabase;

  private constructor(database: OutboxDatabase, capacity: number) {
    this.file = database.file;
    this.database = database;
    this.capacity = capacity;
  }

  /** Opens the outbox at `file`, creating folders, file and tables as needed (outbox-db.server.ts). */
  static open(file: string, { capacity = Number.POSITIVE_INFINITY }: OutboxOptions = {}): Outbox {
    return new Outbox(OutboxDatabase.open(file), capacity);
  }

  /** Opens the outbox only when its file exists (the worker never creates it). */
  static openExisting(file: string, options?: OutboxOptions): Outbox | undefined {
    return existsSync(file) ? Outbox.open(file, options) : undefined;
  }

  /**
   * Queues a new message, to be sent from `notBefore` on (as the API asked: `Retry-After`). A
   * message kept already (queued, or held for a person) is not kept twice (`created: false`,
   * the id of the row that keeps it). Throws `OutboxFullError` when `capacity` messages wait
   * already. Committed when this returns.
   */
  enqueue(
    message: OutgoingMessage,
    now = Date.now(),
    notBefore = now,
  ): { id: number; created: boolean } {
    return this.database.transaction(() => {
      const kept = this.#keptId(message.idempotencyKey);
      if (kept !== undefined) return { id: kept, created: false };
      this.#checkRoom(false);
      return { id: this.#queue(message, now, notBefore), created: true };
    });
  }

  /**
   * Keeps a new message for a person: `doubted` by the spam checks, or refused by the API. A
   * message kept already (held, or queued) is not kept twice: the id of the row that keeps it.
   * Throws `OutboxFullError` when `capacity` messages wait already, or for a doubted one when
   * doubted ones fill half of it: a flood of them leaves room for real visitors' messages.
   */
  hold(
    message: OutgoingMessage,
    reason: string,
    now = Date.now(),
    { doubted = false }: { doubted?: boolean } = {},
  ): number {
    return this.database.transaction(() => {
      const kept = this.#keptId(message.idempotencyKey);
      if (kept !== undefined) return kept;
      this.#checkRoom(doubted);
      return this.#keep(message, reason, now, doubted);
    });
  }

  /** Messages waiting for the API (pending, sending) or for a person (held). */
  waiting(): number {
    const row = this.database
      .prepare(
        `SELECT (SELECT count(*) FROM outbox WHERE status IN ('pending', 'sending'))
              + (SELECT count(*) FROM held) AS n`,
      )
      .get() as { n: number };
    return Number(row.n);
  }

  #checkRoom(doubted: boolean) {
    if (this.waiting() >= this.capacity) throw new OutboxFullError(this.capacity);
    if (!doubted) return;
    const held = this.database
      .prepare("SELECT count(*) AS n FROM held WHERE doubted = 1")
      .get() as {
      n: number;
    };
    if (Number(held.n) >= this.capacity / 2) throw new OutboxFullError(this.capacity, true);
  }

  /** The row, queued or held, that keeps the message `key` already. */
  #keptId(key: string): number | undefined {
    return this.#idOf("outbox", key) ?? this.#idOf("held", key);
  }

  #idOf(table: "outbox" | "held", key: string): number | undefined {
    const row = this.database.prepare(`SELECT id FROM ${table} WHERE idempotency_key = ?`).get(key);
    return row === undefined ? undefined : Number(row.id);
  }

  /** Inserts a row to deliver (the key is known to be new). */
  #queue(message: OutgoingMessage, now: number, notBefore: number): number {
    const result = this.database
      .prepare(
        `INSERT INTO outbox (idempotency_key, lang, client_address, payload, next_attempt_at,
           created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        message.idempotencyKey,
        message.lang,
        message.clientAddress,
        JSON.stringify(message.form),
        Math.max(now, notBefore),
        now,
        now,
      );
    return Number(result.lastInsertRowid);
  }

  /** Inserts a held row (the key is known to be new). */
  #keep(message: OutgoingMessage, reason: string, now: number, doubted = false): number {
    const result = this.database
      .prepare(
        `INSERT INTO held (idempotency_key, lang, client_address, payload, reason, created_at,
           doubted) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        message.idempotencyKey,
        message.lang,
        message.clientAddress,
        JSON.stringify(message.form),
        reason,
        now,
        doubted ? 1 : 0,
      );
    return Number(result.lastInsertRowid);
  }

  /**
   * Claims up to `limit` rows to send now: pending ones that are due, and ones whose claim
   * is older than `leaseMs` (their sender died). Each claim counts as an attempt.
   */
  claimDue({
    now = Date.now(),
    limit = 10,
    leaseMs,
  }: {
    now?: number;
    limit?: number;
    leaseMs: number;
  }) {
    return this.database.transaction(() => {
      const rows = this.database
        .prepare(
          `SELECT * FROM outbox
           WHERE (status = 'pending' AND next_attempt_at <= ?)
              OR (status = 'sending' AND claimed_at <= ?)
           ORDER BY next_attempt_at, id
           LIMIT ?`,
        )
        .all(now, now - leaseMs, limit) as Row[];
      const claim = this.database.prepare(
        `UPDATE outbox SET status = 'sending', claimed_at = ?, attempts = attempts + 1,
           updated_at = ? WHERE id = ?`,
      );
      for (const row of rows) claim.run(now, now, row.id as number);
      return rows.map((row) =>
        toEntry({ ...row, status: "sending", claimed_at: now, attempts: Number(row.attempts) + 1 }),
      );
    });
  }

  /** The API answered 201 for a claimed row. */
  markDelivered(
    id: number,
    { now = Date.now(), apiId }: { now?: number; apiId?: string | number },
  ) {
    this.database
      .prepare(
        `UPDATE outbox SET status = 'delivered', delivered_at = ?, updated_at = ?, api_id = ?,
           claimed_at = NULL, last_error = NULL WHERE id = ?`,
      )
      .run(now, now, apiId === undefined ? null : String(apiId), id);
  }

  /** The attempt failed for a passing reason: try again at `nextAttemptAt`. */
  markRetry(
    id: number,
    {
      now = Date.now(),
      nextAttemptAt,
      error,
    }: { now?: number; nextAttemptAt: number; error: string },
  ) {
    this.database
      .prepare(
        `UPDATE outbox SET status = 'pending', next_attempt_at = ?, last_error = ?,
           claimed_at = NULL, updated_at = ? WHERE id = ? AND status = 'sending'`,
      )
      .run(nextAttemptAt, error, now, id);
  }

  /**
   * Makes the messages waiting out the worker's back-off due now (the API took one again:
   * after a long outage the others would wait up to OUTBOX_RETRY_MAX_MS more). Not those the
   * API asked to wait (429), nor those the visitor's own send queued, which wait as it said
   * (a `Retry-After`, or a send still at work in the API). Returns how many.
   */
  hurry(now = Date.now()): number {
    const { changes } = this.database
      .prepare(
        `UPDATE outbox SET next_attempt_at = ?, updated_at = ?
           WHERE status = 'pending' AND next_attempt_at > ? AND attempts > 0
             AND (last_error IS NULL OR last_error NOT LIKE 'HTTP 429%')`,
      )
      .run(now, now, now);
    return Number(changes);
  }

  /**
   * The API refused a queued message for good (a 422, a 400): it moves to the held messages,
   * with the reason, for a person to read and release (once the API is fixed) or delete.
   */
  holdRefused(entry: OutboxEntry, reason: string, now = Date.now()): number {
    // A move, not a new message: `capacity` does not refuse it.
    return this.database.transaction(() => {
      const id = this.#idOf("held", entry.idempotencyKey) ?? this.#keep(entry, reason, now);
      this.database.prepare("DELETE FROM outbox WHERE id = ? AND status = 'sending'").run(entry.id);
      return id;
    });
  }

  /** Rows with the given statuses (all by default), oldest first. */
  list(statuses: readonly OutboxStatus[] = ["pending", "sending", "delivered"]) {
    const marks = statuses.map(() => "?").join(", ");
    const rows = this.database
      .prepare(`SELECT * FROM outbox WHERE status IN (${marks}) ORDER BY created_at, id`)
      .all(...statuses) as Row[];
    return rows.map(toEntry);
  }

  counts(): Record<OutboxStatus, number> {
    const counts: Record<OutboxStatus, number> = {
      pending: 0,
      sending: 0,
      delivered: 0,
    };
    const rows = this.database
      .prepare("SELECT status, count(*) AS n FROM outbox GROUP BY status")
      .all();
    for (const row of rows) counts[row.status as OutboxStatus] = Number(row.n);
    return counts;
  }

  /**
   * What the metrics show of the outbox: messages by state (held ones too), the age in seconds
   * of the oldest waiting for delivery (0: none waits), and the capacity.
   */
  gauges(now = Date.now()): {
    counts: Record<string, number>;
    oldestWaitingSeconds: number;
    capacity: number;
  } {
    const held = this.database.prepare("SELECT count(*) AS n FROM held").get() as { n: number };
    const oldest = this.database
      .prepare("SELECT min(created_at) AS at FROM outbox WHERE status IN ('pending', 'sending')")
      .get() as { at: number | null };
    return {
      counts: { ...this.counts(), held: Number(held.n) },
      oldestWaitingSeconds: oldest.at === null ? 0 : Math.max(0, (now - Number(oldest.at)) / 1000),
      capacity: this.capacity,
    };
  }

  held(): HeldMessage[] {
    return (this.database.prepare("SELECT * FROM held ORDER BY id").all() as Row[]).map((row) => ({
      id: Number(row.id),
      idempotencyKey: String(row.idempotency_key),
      lang: String(row.lang) as OutgoingMessage["lang"],
      clientAddress: String(row.client_address),
      form: JSON.parse(String(row.payload)) as ContactForm,
      reason: String(row.reason),
      createdAt: Number(row.created_at),
      doubted: Number(row.doubted) === 1,
    }));
  }

  /**
   * Moves a held message into the outbox, to be delivered like any other (a move: `capacity`
   * does not refuse it); false if unknown.
   */
  release(id: number, now = Date.now()): boolean {
    return this.database.transaction(() => {
      const message = this.held().find((entry) => entry.id === id);
      if (!message) return false;
      if (this.#idOf("outbox", message.idempotencyKey) === undefined) {
        this.#queue(message, now, now);
      }
      this.database.prepare("DELETE FROM held WHERE id = ?").run(id);
      return true;
    });
  }

  /** Deletes a held message for good; false if unknown. */
  discard(id: number): boolean {
    return this.database.prepare("DELETE FROM held WHERE id = ?").run(id).changes > 0;
  }

  /** Deletes every held message the spam checks doubted (a flood of them); how many went. */
  discardDoubted(): number {
    return Number(this.database.prepare("DELETE FROM held WHERE doubted = 1").run().changes);
  }

  /** Deletes delivered messages older than `days` (personal data is kept no longer). */
  forgetDelivered(days: number, now = Date.now()): number {
    const before = now - days * 24 * 60 * 60 * 1000;
    return Number(
      this.database
        .prepare("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < ?")
        .run(before).changes,
    );
  }

  /**
   * Deletes held messages older than `days` (OUTBOX_KEEP_UNSENT_DAYS: personal data waiting for
   * a person is not kept for ever either). Returns how many went.
   */
  forgetHeld(days: number, now = Date.now()): number {
    const before = now - days * 24 * 60 * 60 * 1000;
    return Number(
      this.database.prepare("DELETE FROM held WHERE created_at < ?").run(before).changes,
    );
  }

  /** Closes the database (the spam checks' records' too: one connection). */
  close() {
    this.database.close();
  }
}

function toEntry(row: Row): OutboxEntry {
  const nullableNumber = (value: SQLOutputValue | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    id: Number(row.id),
    idempotencyKey: String(row.idempotency_key),
    lang: row.lang as Language,
    clientAddress: String(row.client_address),
    form: JSON.parse(String(row.payload)) as ContactForm,
    status: row.status as OutboxStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    claimedAt: nullableNumber(row.claimed_at),
    lastError: row.last_error === null ? null : String(row.last_error),
    apiId: row.api_id === null ? null : String(row.api_id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    deliveredAt: nullableNumber(row.delivered_at),
  };
}

/**
 * The outbox at `databasePath` (OUTBOX_DATABASE_PATH) for the contact action, whose spam checks
 * keep their records in its database too (`Outbox.database`): opened on first use, and again on
 * the next call when a write failed (e.g. a read-only disk: the error is thrown, so the action
 * can tell the visitor). A full outbox is not a broken one: it stays open.
 */
export function outboxWriter(databasePath: string, options?: OutboxOptions) {
  let outbox: Outbox | undefined;
  return <T>(work: (outbox: Outbox) => T): T => {
    outbox ??= Outbox.open(databasePath, options);
    try {
      return work(outbox);
    } catch (error) {
      if (!(error instanceof OutboxFullError)) {
        outbox.close();
        outbox = undefined;
      }
      throw error;
    }
  };
}

export type OutboxWriter = ReturnType<typeof outboxWriter>;
