/**
 * One SQLite connection (node:sqlite) per server: WAL journal, foreign keys on, commits
 * flushed to disk before a write is answered.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { migrate } from "./schema.ts";

export type Db = DatabaseSync;
export type Row = Record<string, SQLInputValue>;

/** Opens (creating folders and file as needed) and migrates the database at `file`. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5_000 });
  db.exec("PRAGMA journal_mode = WAL");
  // NOTE: FULL (not NORMAL) so a committed contact message survives a power cut in WAL mode.
  db.exec("PRAGMA synchronous = FULL");
  migrate(db);
  return db;
}

const statements = new WeakMap<Db, Map<string, StatementSync>>();

/** A prepared statement, compiled once per connection. */
export function sql(db: Db, text: string): StatementSync {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = db.prepare(text);
    cache.set(text, statement);
  }
  return statement;
}

/**
 * Runs `fn` inside one transaction: committed when it returns, rolled back when it throws.
 * `immediate` takes the write lock up front (read-then-write sequences).
 */
export function transaction<T>(
  db: Db,
  fn: () => T,
  mode: "deferred" | "immediate" = "deferred",
): T {
  db.exec(mode === "immediate" ? "BEGIN IMMEDIATE" : "BEGIN");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** Inserts one row; keys are column names. Returns the new rowid. */
export function insert(db: Db, table: string, row: Row): number {
  const columns = Object.keys(row);
  const text = `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  const { lastInsertRowid } = sql(db, text).run(...columns.map((column) => row[column] ?? null));
  return Number(lastInsertRowid);
}
