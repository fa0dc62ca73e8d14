/**
 * The last good answer of each content API request, on disk (SQLite beside the outbox), so a
 * site restarted while the API is down still serves every page seen before, marked stale
 * (cache.server.ts falls back to it when a load fails and memory holds nothing).
 *
 * Bounded: answers older than `maxAgeMs` (ANSWER_STORE_MAX_AGE_DAYS) are neither served nor
 * kept, at most `maxRows` are kept (the oldest go), and what a purge or an API 404 removed
 * from the cache is removed here too. Writes are queued and done together in one transaction
 * shortly after, outside any visitor's request: a page's answer never waits for the disk.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Logger, loggerFor, reasonOf as reason } from "../log.server.ts";

export interface StoredAnswer {
  value: unknown;
  storedAt: number;
}

/** Whether `key` is `named` or one of its pages (`en /api/news?page=9` of `en /api/news`). */
export const isKeyOrPageOf = (key: string, named: string) =>
  key === named || key.startsWith(`${named}?`);

export interface AnswerStore {
  get(key: string): StoredAnswer | undefined;
  /** Queues the answer; it is written with the next batch. */
  set(key: string, value: unknown, storedAt: number): void;
  /** Forgets these keys (a purge, or the API said they are gone). */
  delete(keys: Iterable<string>): void;
  /**
   * Forgets these keys and every page of each (`en /api/news` and `en /api/news?page=9`): a
   * purge by content, which names a list, not the pages of it that were kept.
   */
  deleteWithPages(keys: Iterable<string>): void;
  /** Forgets everything (a purge of the whole site). */
  clear(): void;
  /** Writes the queued answers now. */
  flush(): void;
  close(): void;
}

export interface AnswerStoreOptions {
  logger?: Logger;
  /** Answers older than this are not served, and deleted. Default 30 days. */
  maxAgeMs?: number;
  /** Rows kept at most; past it the oldest answers are deleted. Default 5,000. */
  maxRows?: number;
  /** How long writes wait to be batched. Default 1 s. */
  flushMs?: number;
  now?: () => number;
}

const DAY = 24 * 60 * 60 * 1000;

/** The store at `file`; a store that cannot be opened or written is skipped, never fatal. */
export function openAnswerStore(file: string, options: AnswerStoreOptions = {}): AnswerStore {
  const log = options.logger ?? loggerFor("cache");
  const maxAgeMs = options.maxAgeMs ?? 30 * DAY;
  const maxRows = options.maxRows ?? 5_000;
  const flushMs = options.flushMs ?? 1_000;
  const now = options.now ?? Date.now;

  let db: DatabaseSync | undefined;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    db = new DatabaseSync(file, { timeout: 1_000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(
      "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, stored_at INTEGER NOT NULL)",
    );
    db.exec("CREATE INDEX IF NOT EXISTS answers_age ON answers (stored_at)");
  } catch (error) {
    log.warn({ file, reason: reason(error) }, "no answers on disk");
    db?.close();
    db = undefined;
  }
  const read = db?.prepare("SELECT value, stored_at FROM answers WHERE key = ?");
  const write = db?.prepare(
    "INSERT INTO answers (key, value, stored_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at",
  );
  const remove = db?.prepare("DELETE FROM answers WHERE key = ?");
  // A key and its pages: `key`, and `key?…` (between `key?` and `key@`, the next character).
  const removeWithPages = db?.prepare(
    "DELETE FROM answers WHERE key = ? OR (key >= ? || '?' AND key < ? || '@')",
  );
  const expire = db?.prepare("DELETE FROM answers WHERE stored_at < ?");
  const trim = db?.prepare(
    "DELETE FROM answers WHERE key IN (SELECT key FROM answers ORDER BY stored_at DESC LIMIT -1 OFFSET ?)",
  );

  /** Answers waiting to be written (and what `get` sees meanwhile); undefined: deleted. */
  const pending = new Map<string, StoredAnswer | undefined>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!db || pending.size === 0) return;
    const batch = [...pending];
    pending.clear();
    try {
      db.exec("BEGIN");
      for (const [key, answer] of batch) {
        if (answer) write?.run(key, JSON.stringify(answer.value), answer.storedAt);
        else remove?.run(key);
      }
      expire?.run(now() - maxAgeMs);
      trim?.run(maxRows);
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      log.warn({ answers: batch.length, reason: reason(error) }, "could not keep answers on disk");
    }
  };
  const schedule = () => {
    if (!db) return;
    timer ??= setTimeout(flush, flushMs);
    // A store alone never keeps the process running.
    timer.unref?.();
  };

  // Old answers of an earlier run go at once.
  try {
    expire?.run(now() - maxAgeMs);
  } catch (error) {
    log.warn({ reason: reason(error) }, "could not delete old answers");
  }

  // What is still queued is written on the way out (sqlite is synchronous: fine in "exit").
  if (db) process.once("exit", flush);

  const fresh = (answer: StoredAnswer | undefined) =>
    answer && answer.storedAt >= now() - maxAgeMs ? answer : undefined;

  return {
    get(key) {
      if (pending.has(key)) return fresh(pending.get(key));
      try {
        const row = read?.get(key) as { value: string; stored_at: number } | undefined;
        if (!row) return undefined;
        return fresh({ value: JSON.parse(row.value), storedAt: Number(row.stored_at) });
      } catch {
        // A row that does not parse is no answer.
        return undefined;
      }
    },
    set(key, value, storedAt) {
      if (!db) return;
      pending.set(key, { value, storedAt });
      schedule();
    },
    delete(keys) {
      if (!db) return;
      for (const key of keys) pending.set(key, undefined);
      schedule();
    },
    deleteWithPages(keys) {
      if (!db) return;
      const list = [...keys];
      for (const key of pending.keys()) {
        if (list.some((named) => isKeyOrPageOf(key, named))) {
          pending.delete(key);
        }
      }
      try {
        for (const key of list) removeWithPages?.run(key, key, key);
      } catch (error) {
        log.warn({ reason: reason(error) }, "could not delete answers on disk");
      }
    },
    clear() {
      pending.clear();
      try {
        db?.exec("DELETE FROM answers");
      } catch (error) {
        log.warn({ reason: reason(error) }, "could not empty the answers on disk");
      }
    },
    flush,
    close() {
      flush();
      process.off("exit", flush);
      db?.close();
      db = undefined;
    },
  };
}
