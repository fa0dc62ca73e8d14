/**
 * How many contact submissions each spam check dropped (only the honeypot drops: the other
 * checks hold a message for a person instead), counted in the outbox's database
 * (outbox-db.server.ts: the table dropped) so that every process of the instance adds to one
 * count and `npm run outbox` can show it: a dropped post leaves no message behind to count.
 */
import type { OutboxDatabase, Row } from "./outbox-db.server.ts";

/** Counts a submission the spam check `kind` dropped. */
export function countDropped(database: OutboxDatabase, kind: string) {
  database
    .prepare(
      "INSERT INTO dropped (kind, count) VALUES (?, 1) ON CONFLICT (kind) DO UPDATE SET count = count + 1",
    )
    .run(kind);
}

/** The submissions dropped so far, by spam check. */
export function droppedCounts(database: OutboxDatabase): Record<string, number> {
  const rows = database.prepare("SELECT kind, count FROM dropped").all() as Row[];
  return Object.fromEntries(rows.map((row) => [String(row.kind), Number(row.count)]));
}
