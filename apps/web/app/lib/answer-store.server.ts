/**
 * The last good answer of each content API request, on disk (SQLite beside the outbox), so a
 * site restarted while the API is down still serves every page seen before, marked stale
 * (cache.server.ts falls back to it when a load fails and memory holds nothing).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export interface StoredAnswer {
  value: unknown;
  storedAt: number;
}

export interface AnswerStore {
  get(key: string): StoredAnswer | undefined;
  set(key: string, value: unknown, storedAt: number): void;
}

/** The store at `file`; a store that cannot be opened or written is skipped, never fatal. */
export function openAnswerStore(
  file: string,
  log: (line: string) => void = console.warn,
): AnswerStore {
  let db: DatabaseSync | undefined;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    db = new DatabaseSync(file, { timeout: 1_000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(
      "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, stored_at INTEGER NOT NULL)",
    );
  } catch (error) {
    log(`[cache] no answers on disk (${file}): ${error instanceof Error ? error.message : error}`);
    db = undefined;
  }
  const read = db?.prepare("SELECT value, stored_at FROM answers WHERE key = ?");
  const write = db?.prepare(
    "INSERT INTO answers (key, value, stored_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at",
  );
  return {
    get(key) {
      try {
        const row = read?.get(key) as { value: string; stored_at: number } | undefined;
        return row ? { value: JSON.parse(row.value), storedAt: Number(row.stored_at) } : undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value, storedAt) {
      try {
        write?.run(key, JSON.stringify(value), storedAt);
      } catch (error) {
        log(
          `[cache] could not keep ${key} on disk: ${error instanceof Error ? error.message : error}`,
        );
      }
    },
  };
}
