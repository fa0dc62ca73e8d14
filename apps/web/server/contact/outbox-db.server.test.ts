/**
 * The outbox's database: opening it where it cannot be written, and bringing a file an earlier
 * version wrote up to date, read back through the outbox.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { Outbox } from "./outbox.server.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-db-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
const freshFile = () => path.join(dir, `outbox-${++counter}.sqlite`);

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

describe("opening the outbox's database", () => {
  it("refuses to open where it cannot write", () => {
    const file = path.join(dir, "a-file");
    writeFileSync(file, "not a folder");
    expect(() => Outbox.open(path.join(file, "outbox.sqlite"))).toThrow();
  });
});

describe("an outbox file from before refusals were held", () => {
  it("moves its refused ('failed') messages to the held ones on opening, keeping the rest", () => {
    const file = freshFile();
    Outbox.open(file).close();
    const old = new DatabaseSync(file);
    const insert = old.prepare(
      `INSERT INTO outbox (idempotency_key, lang, client_address, payload, status, next_attempt_at,
         last_error, created_at, updated_at) VALUES (?, 'ar', '198.51.100.4', ?, ?, 0, ?, ?, ?)`,
    );
    const form = { name: "Sarah Ahmed", email: "sarah@example.com", message: "Hello" };
    const refusedAt = T0 + 3_600_000;
    insert.run("refused-1", JSON.stringify(form), "failed", "HTTP 400: bad", T0, refusedAt);
    insert.run("refused-2", JSON.stringify(form), "failed", null, T0, refusedAt);
    insert.run("waiting-1", JSON.stringify(form), "pending", null, T0, T0);
    // And the held table as it was, without `doubted`.
    old.exec("ALTER TABLE held DROP COLUMN doubted");
    old.close();

    const outbox = Outbox.open(file);
    expect(outbox.held()).toEqual([
      expect.objectContaining({
        idempotencyKey: "refused-1",
        lang: "ar",
        clientAddress: "198.51.100.4",
        form,
        reason: "refused by the API: HTTP 400: bad",
        // Dated by the refusal, as a refusal held now is: its retention runs from then.
        createdAt: refusedAt,
        doubted: false,
      }),
      expect.objectContaining({
        idempotencyKey: "refused-2",
        reason: "refused by the API: no reason recorded",
      }),
    ]);
    expect(outbox.list().map((entry) => entry.idempotencyKey)).toEqual(["waiting-1"]);
    outbox.close();
    // Opening again changes nothing.
    const again = Outbox.open(file);
    expect(again.held()).toHaveLength(2);
    again.close();
  });

  it("opens, with nothing to bring up to date, while another process writes to it", () => {
    const file = freshFile();
    Outbox.open(file).close();
    const other = new DatabaseSync(file);
    other.exec("BEGIN IMMEDIATE");
    try {
      const started = Date.now();
      const outbox = Outbox.open(file);
      // Not the 5 s a write lock would wait for, then fail.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(outbox.waiting()).toBe(0);
      outbox.close();
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });
});
