/**
 * The outbox's database: one SQLite file per instance (OUTBOX_DATABASE_PATH, via node:sqlite,
 * WAL, synchronous FULL) that every process of it shares. It holds the contact messages waiting
 * for the API or for a person (outbox.server.ts) and, beside them, the spam checks' records:
 * the form tokens spent (spent-tokens.server.ts) and the submissions dropped
 * (spam-counts.server.ts). One file, so one connection serves all three and an instance has one
 * path to keep. This module owns what they share: opening the file, its tables, bringing a file
 * an earlier version wrote up to date, and transactions.
 *
 * The tables keep the names and columns every earlier file has: an existing file opens as it is.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync, type SQLOutputValue, type StatementSync } from "node:sqlite";

export type Row = Record<string, SQLOutputValue>;

// NOTE: SQLite stores each CREATE TABLE as written, comments inside it too: a new file is
// written as the earlier ones were only while these statements stay as they are.
const schema = `
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  lang TEXT NOT NULL,
  client_address TEXT NOT NULL,
  payload TEXT NOT NULL,
  -- 'failed' was a refusal in older files: opening one moves those to the held messages.
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  claimed_at INTEGER,
  last_error TEXT,
  api_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);
-- Messages the spam checks doubted (sent too soon after the form was shown, without a valid form
-- token or with one another message spent), and those the API refused without a field to
-- correct: kept for a person to release to the API or delete (npm run outbox), never sent by
-- themselves.
CREATE TABLE IF NOT EXISTS held (
  id INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  lang TEXT NOT NULL,
  client_address TEXT NOT NULL,
  payload TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- 1: held by the spam checks (doubted), not refused by the API; they may fill half the room.
  doubted INTEGER NOT NULL DEFAULT 0
);
-- Form tokens spent by a message (spent-tokens.server.ts): a token sends one message only.
CREATE TABLE IF NOT EXISTS spent_tokens (
  token TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS spent_tokens_expiry ON spent_tokens (expires_at);
-- The spent tokens whose message was taken (stored, queued or held): the same post again (a
-- reload, a second click) is answered without sending it twice.
CREATE TABLE IF NOT EXISTS taken_tokens (
  token TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
-- How many submissions each spam check dropped (spam-counts.server.ts; only the honeypot drops).
CREATE TABLE IF NOT EXISTS dropped (
  kind TEXT PRIMARY KEY,
  count INTEGER NOT NULL
);
`;

/**
 * Brings a file written by an earlier version up to date, only where it needs it (each step
 * takes the write lock, which another process may hold): held messages gain `doubted`, and
 * refusals marked `failed` in the outbox, where nobody could release them, move to the held
 * messages, dated by the refusal as `Outbox.holdRefused` dates them.
 */
function upgrade(db: DatabaseSync) {
  const columns = db.prepare("PRAGMA table_info(held)").all() as Row[];
  if (!columns.some((column) => column.name === "doubted")) {
    db.exec("ALTER TABLE held ADD COLUMN doubted INTEGER NOT NULL DEFAULT 0");
  }
  if (db.prepare("SELECT 1 FROM outbox WHERE status = 'failed' LIMIT 1").get() === undefined)
    return;
  db.exec(`
    BEGIN IMMEDIATE;
    INSERT INTO held (idempotency_key, lang, client_address, payload, reason, created_at)
      SELECT idempotency_key, lang, client_address, payload,
             'refused by the API: ' || coalesce(last_error, 'no reason recorded'), updated_at
      FROM outbox WHERE status = 'failed'
      ON CONFLICT (idempotency_key) DO NOTHING;
    DELETE FROM outbox WHERE status = 'failed';
    COMMIT;
  `);
}

/** One connection to the outbox's database, which the outbox and the spam checks' records share. */
export class OutboxDatabase {
  readonly file: string;
  readonly #db: DatabaseSync;

  private constructor(file: string, db: DatabaseSync) {
    this.file = file;
    this.#db = db;
  }

  /**
   * Opens the database at `file`, creating folders, file and tables as needed. The file holds
   * visitors' messages: a new one is readable by its owner only.
   */
  static open(file: string): OutboxDatabase {
    if (file !== ":memory:") {
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      if (!existsSync(file)) closeSync(openSync(file, "a", 0o600));
    }
    const db = new DatabaseSync(file, { timeout: 5_000 });
    try {
      db.exec("PRAGMA journal_mode = WAL");
      // NOTE: FULL, not NORMAL: in WAL mode only FULL makes a commit survive a power cut.
      db.exec("PRAGMA synchronous = FULL");
      db.exec(schema);
      upgrade(db);
    } catch (error) {
      db.close();
      throw error;
    }
    return new OutboxDatabase(file, db);
  }

  prepare(sql: string): StatementSync {
    return this.#db.prepare(sql);
  }

  /**
   * Runs `work` in one write transaction, taking the write lock first (IMMEDIATE), so what it
   * reads cannot change under it from another process before it writes: all of it is committed
   * when this returns, or none of it when `work` throws.
   */
  transaction<T>(work: () => T): T {
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.#db.exec("COMMIT");
      return result;
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }

  /**
   * A copy of the whole database at `destination` (replacing it), made while the site goes
   * on writing: SQLite's online backup, consistent where copying the files of a database in WAL
   * mode is not. It holds visitors' messages: readable by its owner only.
   */
  async copyTo(destination: string): Promise<void> {
    mkdirSync(path.dirname(destination), { recursive: true });
    // Made beside it, then renamed over it: a copy that fails leaves the last one whole.
    const partial = `${destination}.partial-${process.pid}`;
    closeSync(openSync(partial, "w", 0o600));
    try {
      chmodSync(partial, 0o600);
      await backup(this.#db, partial);
      renameSync(partial, destination);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  }

  close() {
    if (this.#db.isOpen) this.#db.close();
  }
}
