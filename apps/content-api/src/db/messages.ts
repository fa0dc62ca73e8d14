/** Messages sent through the contact form: stored once, read by `npm run messages`. */
import type { ContactForm, Language } from "@site/contract";
import { type Db, insert, sql, transaction } from "./connection.ts";

export type StoredMessage = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  lang: Language;
  client_ip: string;
  idempotency_key: string | null;
  created_at: string;
};

export type SaveOutcome =
  | { kind: "stored"; id: number }
  | { kind: "repeat"; id: number }
  | { kind: "rate-limited" };

function findMessageIdByKey(db: Db, key: string): number | undefined {
  const row = sql(db, "SELECT id FROM contact_messages WHERE idempotency_key = ?").get(key) as
    | { id: number }
    | undefined;
  return row?.id;
}

/** Messages stored for `clientIp` since `since` (an ISO timestamp). */
function countMessagesSince(db: Db, clientIp: string, since: string): number {
  const row = sql(
    db,
    "SELECT count(*) AS n FROM contact_messages WHERE client_ip = ? AND created_at > ?",
  ).get(clientIp, since) as { n: number };
  return row.n;
}

/**
 * Stores a valid message, all in one write transaction: a known idempotency key answers with
 * the stored id, a client over `ratePerMinute` stores nothing. Committed when this returns.
 */
export function saveMessage(
  db: Db,
  input: {
    form: ContactForm;
    lang: Language;
    clientIp: string;
    idempotencyKey?: string | undefined;
    ratePerMinute: number;
    now?: Date;
  },
): SaveOutcome {
  const now = input.now ?? new Date();
  return transaction(
    db,
    (): SaveOutcome => {
      if (input.idempotencyKey) {
        const id = findMessageIdByKey(db, input.idempotencyKey);
        if (id !== undefined) return { kind: "repeat", id };
      }
      const since = new Date(now.getTime() - 60_000).toISOString();
      if (countMessagesSince(db, input.clientIp, since) >= input.ratePerMinute) {
        return { kind: "rate-limited" };
      }
      const { form } = input;
      const id = insert(db, "contact_messages", {
        name: form.name,
        email: form.email,
        phone: form.phone ?? null,
        subject: form.subject ?? null,
        message: form.message,
        lang: input.lang,
        client_ip: input.clientIp,
        idempotency_key: input.idempotencyKey ?? null,
        created_at: now.toISOString(),
      });
      return { kind: "stored", id };
    },
    "immediate",
  );
}

/** How many messages are stored. */
export function countMessages(db: Db): number {
  return Number(sql(db, "SELECT count(*) AS n FROM contact_messages").get()?.n);
}

/** Stored messages, newest first. */
export function listMessages(db: Db, limit = -1): StoredMessage[] {
  return sql(db, "SELECT * FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ?").all(
    limit,
  ) as unknown as StoredMessage[];
}
