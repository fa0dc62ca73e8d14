import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type ContentApi, startContentApi } from "@site/content-api";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseSettings } from "../settings.server.ts";
import { captureLog } from "../testing/log-capture.ts";
import { type ContactOutcome, type OutgoingMessage, sendContact } from "./contact-api.server.ts";
import { Outbox, OutboxFullError } from "./outbox.server.ts";
import {
  deliverDue,
  outboxWorkerFromSettings,
  retryDelay,
  type Send,
  startOutboxWorker,
} from "./outbox-worker.server.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
const freshFile = () => path.join(dir, `outbox-${++counter}.sqlite`);

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  form: {
    name: "Sarah Ahmed",
    email: "sarah@example.com",
    phone: "+966 50 123 4567",
    subject: "Tender for a school",
    message: "Please call me about the tender.",
  },
  lang: "en",
  idempotencyKey: `key-${++counter}`,
  clientAddress: "203.0.113.7",
  ...overrides,
});

const backoff = { baseMs: 5_000, maxMs: 600_000 };
const leaseMs = 60_000;
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** A fake API whose answers the test scripts, recording every message it is sent. */
function fakeApi(...answers: (ContactOutcome | Error)[]) {
  const sent: OutgoingMessage[] = [];
  const send: Send = async (m) => {
    sent.push(m);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer ?? { kind: "created", id: sent.length };
  };
  return { sent, send };
}

describe("Outbox", () => {
  let outbox: Outbox;
  beforeEach(() => {
    outbox = Outbox.open(freshFile());
  });
  afterEach(() => outbox.close());

  it("creates its folder and file on demand and keeps a message with everything to resend it", () => {
    const file = path.join(dir, "nested", "deeper", "outbox.sqlite");
    const own = Outbox.open(file);
    const m = message({
      lang: "ar",
      form: { name: "سارة", email: "s@example.com", message: "مرحبا" },
    });
    const { id, created } = own.enqueue(m, T0);
    own.close();

    const reopened = Outbox.open(file); // a restart: the message is still there
    const [entry] = reopened.list();
    reopened.close();
    expect(created).toBe(true);
    expect(entry).toMatchObject({
      id,
      status: "pending",
      attempts: 0,
      nextAttemptAt: T0,
      lang: "ar",
      idempotencyKey: m.idempotencyKey,
      clientAddress: "203.0.113.7",
      form: m.form,
    });
    const db = new DatabaseSync(file, { readOnly: true });
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    db.close();
  });

  it("keeps one row per idempotency key", () => {
    const m = message();
    const first = outbox.enqueue(m, T0);
    const again = outbox.enqueue({ ...m, form: { ...m.form, message: "changed" } }, T0 + 1);
    expect(again).toEqual({ id: first.id, created: false });
    expect(outbox.list()).toHaveLength(1);
    expect(outbox.list()[0]?.form.message).toBe(m.form.message);
  });

  it("claims only due rows, once, counting the attempt", () => {
    const a = outbox.enqueue(message(), T0).id;
    outbox.enqueue(message(), T0 + 10_000);
    const claimed = outbox.claimDue({ now: T0 + 1, leaseMs });
    expect(claimed.map((e) => [e.id, e.status, e.attempts])).toEqual([[a, "sending", 1]]);
    expect(outbox.claimDue({ now: T0 + 2, leaseMs })).toEqual([]);
  });
});

describe("retryDelay", () => {
  it("starts at 5 s and doubles up to 10 minutes", () => {
    const top = (attempt: number) => retryDelay(attempt, backoff, () => 0);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map(top)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000,
    ]);
  });

  it("jitters each delay down by at most 20%", () => {
    expect(retryDelay(1, backoff, () => 1)).toBe(4_000);
    expect(retryDelay(3, backoff, () => 0.5)).toBe(18_000);
    expect(retryDelay(12, backoff, () => 1)).toBe(480_000);
    for (let i = 0; i < 100; i++) {
      const delay = retryDelay(2, backoff);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(10_000);
    }
  });
});

describe("deliverDue", () => {
  let outbox: Outbox;
  let clock: number;
  const deliver = (send: Send) =>
    deliverDue(outbox, { send, backoff, leaseMs, now: () => clock, random: () => 0 });

  beforeEach(() => {
    outbox = Outbox.open(freshFile());
    clock = T0;
  });
  afterEach(() => outbox.close());

  it("delivers a message once, with its key, and marks it delivered", async () => {
    const m = message();
    outbox.enqueue(m, T0);
    const api = fakeApi({ kind: "created", id: 42 });

    expect(await deliver(api.send)).toEqual({ delivered: 1, retried: 0, held: 0 });
    clock += 3_600_000;
    expect(await deliver(api.send)).toEqual({ delivered: 0, retried: 0, held: 0 });

    expect(api.sent).toEqual([m]);
    expect(outbox.list()[0]).toMatchObject({
      status: "delivered",
      apiId: "42",
      deliveredAt: T0,
      attempts: 1,
    });
    expect(outbox.counts()).toEqual({ pending: 0, sending: 0, delivered: 1 });
  });

  it("retries on the back-off schedule while the API is away, sending the same key each time", async () => {
    const m = message();
    outbox.enqueue(m, T0);
    const api = fakeApi(
      { kind: "unavailable", reason: "unreachable (ECONNREFUSED)" },
      new Error("socket hang up"),
      { kind: "unavailable", reason: "HTTP 503" },
      { kind: "rate-limited" },
      { kind: "created", id: 7 },
    );
    const tries = async () => {
      const report = await deliver(api.send);
      return report.delivered + report.retried + report.held;
    };
    const attemptsAt: number[] = [];
    for (const wait of [0, 5_000, 10_000, 20_000, 40_000]) {
      clock += wait - 1;
      if (wait > 0) expect(await tries()).toBe(0); // not due yet
      clock += 1;
      expect(await tries()).toBe(1);
      attemptsAt.push(clock - T0);
    }
    expect(attemptsAt).toEqual([0, 5_000, 15_000, 35_000, 75_000]);
    expect(api.sent.map((s) => s.idempotencyKey)).toEqual(Array(5).fill(m.idempotencyKey));
    expect(outbox.list()[0]).toMatchObject({ status: "delivered", attempts: 5, lastError: null });
  });

  it("records why the last attempt failed", async () => {
    outbox.enqueue(message(), T0);
    await deliver(fakeApi({ kind: "unavailable", reason: "no answer within 20000 ms" }).send);
    expect(outbox.list()[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: T0 + 5_000,
      lastError: "no answer within 20000 ms",
    });
  });

  it("holds a message the API refuses (422) for a person, with the reason, and never retries it by itself", async () => {
    const m = message();
    outbox.enqueue(m, T0);
    const api = fakeApi({
      kind: "invalid",
      errors: { email: ["Please enter a valid email address."] },
    });
    expect(await deliver(api.send)).toEqual({ delivered: 0, retried: 0, held: 1 });
    clock += 86_400_000;
    await deliver(api.send);
    expect(api.sent).toHaveLength(1);
    expect(outbox.list()).toEqual([]);
    const [held] = outbox.held();
    expect(held).toMatchObject({ form: m.form, idempotencyKey: m.idempotencyKey, lang: m.lang });
    expect(held?.reason).toContain("Please enter a valid email address.");
    // Released once the API is fixed: delivered like any other.
    expect(outbox.release(held?.id ?? 0, clock)).toBe(true);
    const fixed = fakeApi({ kind: "created", id: 5 });
    expect((await deliver(fixed.send)).delivered).toBe(1);
    expect(fixed.sent).toEqual([m]);
  });

  it("once one message gets through after failing, retries the others now, not after their back-offs, except those the API asked to wait", async () => {
    const [a, b, c] = ["a", "b", "c"].map((key) => message({ idempotencyKey: key }));
    const failing = () => fakeApi({ kind: "unavailable", reason: "HTTP 503" }).send;
    // A long outage: `a` backs off further each time (5 s ... 320 s), `c` is asked to wait.
    outbox.enqueue(a ?? message(), T0);
    outbox.enqueue(c ?? message(), T0);
    // `d` was queued by the visitor's own send, to wait as the API said (Retry-After).
    const later = T0 + 36_000_000;
    outbox.enqueue(message({ idempotencyKey: "d" }), T0, later);
    await deliver(
      fakeApi(
        { kind: "unavailable", reason: "HTTP 503" },
        { kind: "rate-limited", retryAfterMs: 3_600_000 },
      ).send,
    );
    const dueOf = (key: string) =>
      outbox.list().find((entry) => entry.idempotencyKey === key)?.nextAttemptAt ?? 0;
    for (let round = 0; round < 6; round++) {
      clock = dueOf("a");
      await deliver(failing());
    }
    // `b`, sent late in the outage, fails once: due in 5 s, long before `a`.
    outbox.enqueue(b ?? message(), clock);
    await deliver(failing());
    expect(dueOf("a") - clock).toBeGreaterThan(60_000);
    // The API is back when `b` is tried again: `a` goes with it, `c` waits as asked.
    clock = dueOf("b");
    const back = fakeApi({ kind: "created", id: 1 });
    expect((await deliver(back.send)).delivered).toBe(2);
    expect(back.sent.map((m) => m.idempotencyKey)).toEqual(["b", "a"]);
    expect(outbox.list().find((entry) => entry.idempotencyKey === "c")).toMatchObject({
      status: "pending",
    });
    expect(dueOf("d")).toBe(later);
  });

  it("waits at least as long as the API asked (Retry-After) before trying again", async () => {
    outbox.enqueue(message(), T0);
    const api = fakeApi({ kind: "rate-limited", retryAfterMs: 3_600_000 });
    expect((await deliver(api.send)).retried).toBe(1);
    const [entry] = outbox.list();
    expect(entry?.nextAttemptAt).toBeGreaterThanOrEqual(clock + 3_600_000);
  });

  it("sends again a row that was claimed but never confirmed (the process died mid-send)", async () => {
    const file = outbox.file;
    const m = message();
    outbox.enqueue(m, T0);
    expect(outbox.claimDue({ now: T0, leaseMs })).toHaveLength(1); // ...and then the crash
    outbox.close();

    outbox = Outbox.open(file);
    const api = fakeApi({ kind: "created", id: 1 });
    clock = T0 + leaseMs - 1;
    expect((await deliver(api.send)).delivered).toBe(0); // the claim may still be in flight
    clock = T0 + leaseMs;
    expect((await deliver(api.send)).delivered).toBe(1);
    expect(api.sent).toEqual([m]);
    expect(outbox.list()[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });
});

describe("the outbox against the reference API", () => {
  let api: ContentApi;
  const apiDb = path.join(dir, "content.sqlite");
  beforeAll(async () => {
    api = await startContentApi({
      port: 0,
      databasePath: apiDb,
      storageDir: path.join(dir, "storage"),
    });
  });
  afterAll(() => api.close());

  const send: Send = (m) => sendContact(m, { baseUrl: api.url, timeoutMs: 5_000 });
  const stored = (key: string) => {
    const db = new DatabaseSync(apiDb, { readOnly: true });
    try {
      return db.prepare("SELECT * FROM contact_messages WHERE idempotency_key = ?").all(key);
    } finally {
      db.close();
    }
  };

  it("stores the message exactly once even when a delivery is repeated", async () => {
    const outbox = Outbox.open(freshFile());
    const m = message({ lang: "ar", clientAddress: "198.51.100.23" });
    outbox.enqueue(m);
    // First delivery succeeds at the API but its confirmation is "lost" (claim expires)...
    const [claimed] = outbox.claimDue({ leaseMs });
    if (!claimed) throw new Error("nothing was claimed");
    expect(await send(claimed)).toMatchObject({ kind: "created" });
    // ...so the worker sends it again later.
    const report = await deliverDue(outbox, {
      send,
      backoff,
      leaseMs,
      now: () => Date.now() + leaseMs,
    });
    expect(report.delivered).toBe(1);
    outbox.close();

    const rows = stored(m.idempotencyKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: m.form.name,
      email: m.form.email,
      phone: m.form.phone,
      subject: m.form.subject,
      message: m.form.message,
      lang: "ar",
      client_ip: "198.51.100.23",
    });
  });

  it("holds for a person what the API finds invalid", async () => {
    const outbox = Outbox.open(freshFile());
    outbox.enqueue(message({ form: { name: "X", email: "not-an-email", message: "Hi" } }));
    expect(await deliverDue(outbox, { send, backoff, leaseMs })).toEqual({
      delivered: 0,
      retried: 0,
      held: 1,
    });
    expect(outbox.list()).toEqual([]);
    expect(outbox.held()[0]?.reason).toContain("Please enter a valid email address.");
    outbox.close();
  });

  it("the worker delivers in the background and stops cleanly", async () => {
    const file = freshFile();
    const log = captureLog();
    const worker = startOutboxWorker({
      databasePath: file,
      pollMs: 20,
      backoff,
      leaseMs,
      send,
      logger: log.logger,
    });
    await new Promise((resolve) => setTimeout(resolve, 60)); // no outbox yet: nothing to do
    const outbox = Outbox.open(file);
    const m = message();
    outbox.enqueue(m);
    await vi.waitFor(() => expect(outbox.counts().delivered).toBe(1), { timeout: 5_000 });
    await worker.stop();
    outbox.close();
    expect(stored(m.idempotencyKey)).toHaveLength(1);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "info", message: "delivered" }),
    );
  });
});

describe("held messages and retention", () => {
  it("keeps a held message once, releases it into the outbox, or deletes it", () => {
    const outbox = Outbox.open(freshFile());
    const first = message();
    const id = outbox.hold(first, "too fast");
    expect(outbox.hold(first, "too fast")).toBe(id);
    const second = outbox.hold(message(), "too fast");
    expect(outbox.held().map((entry) => [entry.id, entry.reason])).toEqual([
      [id, "too fast"],
      [second, "too fast"],
    ]);
    expect(outbox.list()).toEqual([]);
    expect(outbox.release(id)).toBe(true);
    expect(outbox.list().map((entry) => entry.idempotencyKey)).toEqual([first.idempotencyKey]);
    expect(outbox.discard(second)).toBe(true);
    expect(outbox.held()).toEqual([]);
    expect(outbox.release(id)).toBe(false);
    expect(outbox.discard(999)).toBe(false);
    outbox.close();
  });

  it("forgets delivered messages after the retention, and nothing else", () => {
    const outbox = Outbox.open(freshFile());
    const day = 24 * 60 * 60 * 1000;
    const old = message();
    const recent = message();
    const waiting = message();
    for (const m of [old, recent, waiting]) outbox.enqueue(m, 0);
    const claimed = outbox.claimDue({ now: 0, leaseMs: 1000 });
    const idOf = (m: OutgoingMessage) =>
      claimed.find((e) => e.idempotencyKey === m.idempotencyKey)?.id ?? 0;
    outbox.markDelivered(idOf(old), { now: 0, apiId: "1" });
    outbox.markDelivered(idOf(recent), { now: 29 * day, apiId: "2" });
    expect(outbox.forgetDelivered(30, 31 * day)).toBe(1);
    expect(
      outbox
        .list()
        .map((e) => e.idempotencyKey)
        .sort(),
    ).toEqual([recent.idempotencyKey, waiting.idempotencyKey].sort());
    outbox.close();
  });

  it("forgets held messages after their retention, and nothing waiting", () => {
    const outbox = Outbox.open(freshFile());
    const day = 24 * 60 * 60 * 1000;
    const waiting = message();
    outbox.enqueue(waiting, 0);
    outbox.hold(message(), "too fast", 0);
    const recentHeld = outbox.hold(message(), "too fast", 80 * day);
    expect(outbox.held()).toHaveLength(2);
    expect(outbox.forgetHeld(90, 100 * day)).toBe(1);
    expect(outbox.held().map((entry) => entry.id)).toEqual([recentHeld]);
    expect(outbox.list().map((entry) => entry.idempotencyKey)).toEqual([waiting.idempotencyKey]);
    outbox.close();
  });

  it("the worker applies both retentions on its rounds", async () => {
    const file = freshFile();
    const day = 24 * 60 * 60 * 1000;
    const outbox = Outbox.open(file);
    outbox.enqueue(message(), 0);
    const [claimed] = outbox.claimDue({ now: 0, leaseMs: 1000 });
    outbox.markDelivered(claimed?.id ?? 0, { now: 0, apiId: "1" });
    outbox.hold(message(), "too fast", 0);
    expect(outbox.counts()).toMatchObject({ delivered: 1 });
    expect(outbox.held()).toHaveLength(1);
    const worker = startOutboxWorker({
      databasePath: file,
      pollMs: 60_000,
      backoff,
      leaseMs,
      send: fakeApi({ kind: "created", id: 1 }).send,
      logger: captureLog().logger,
      keepDeliveredDays: 30,
      keepHeldDays: 90,
      now: () => 100 * day,
    });
    await worker.runOnce();
    await worker.stop();
    expect(outbox.counts()).toMatchObject({ delivered: 0 });
    expect(outbox.held()).toEqual([]);
    outbox.close();
  });

  it("the worker made from the settings keeps what OUTBOX_KEEP_DELIVERED_DAYS and OUTBOX_KEEP_UNSENT_DAYS say", async () => {
    const file = freshFile();
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const outbox = Outbox.open(file);
    // Delivered 2 and 4 days ago; held 5 and 7 days ago.
    for (const age of [2, 4]) {
      outbox.enqueue(message(), now - age * day);
      const [entry] = outbox.claimDue({ now, leaseMs, limit: 1 });
      if (!entry) throw new Error("no entry claimed");
      outbox.markDelivered(entry.id, { now: now - age * day, apiId: "1" });
    }
    for (const age of [5, 7])
      outbox.hold(message(), "refused by the API: HTTP 400", now - age * day);
    expect(outbox.counts()).toMatchObject({ delivered: 2 });
    expect(outbox.held()).toHaveLength(2);
    const settings = parseSettings({
      API_BASE_URL: "http://127.0.0.1:9",
      OUTBOX_DATABASE_PATH: file,
      OUTBOX_POLL_MS: "3600000",
      OUTBOX_KEEP_DELIVERED_DAYS: "3",
      OUTBOX_KEEP_UNSENT_DAYS: "6",
    });
    const worker = outboxWorkerFromSettings(settings, captureLog().logger);
    await worker.runOnce();
    await worker.stop();
    // Not the built-in 30 and 90 days: the settings' 3 and 6.
    expect(outbox.counts()).toMatchObject({ delivered: 1 });
    expect(outbox.held()).toHaveLength(1);
    outbox.close();
  });
});

describe("the outbox's capacity", () => {
  it("refuses a new message, queued or held, once `capacity` wait for the API or a person", () => {
    const outbox = Outbox.open(freshFile(), { capacity: 2 });
    const queued = message();
    outbox.enqueue(queued, T0);
    outbox.hold(message(), "too fast", T0);
    expect(outbox.waiting()).toBe(2);
    expect(() => outbox.enqueue(message(), T0)).toThrow(OutboxFullError);
    expect(() => outbox.hold(message(), "too fast", T0)).toThrow(OutboxFullError);
    // The same message again is not a new one: it is answered, not refused.
    expect(outbox.enqueue(queued, T0)).toMatchObject({ created: false });
    expect(outbox.waiting()).toBe(2);
    outbox.close();
  });

  it("lets doubted messages fill half of it, leaving the rest for queued and refused ones", () => {
    const outbox = Outbox.open(freshFile(), { capacity: 4 });
    const doubted = () => outbox.hold(message(), "too fast", T0, { doubted: true });
    doubted();
    doubted();
    expect(() => doubted()).toThrow(OutboxFullError);
    // Real visitors' messages still find room: queued while the API is down, or refused by it.
    outbox.enqueue(message(), T0);
    outbox.hold(message(), "refused by the API: HTTP 400", T0);
    expect(outbox.waiting()).toBe(4);
    expect(() => outbox.enqueue(message(), T0)).toThrow(OutboxFullError);
    // A person clears the flood at once (npm run outbox -- delete-doubted).
    expect(outbox.discardDoubted()).toBe(2);
    expect(outbox.held().map((held) => held.doubted)).toEqual([false]);
    expect(outbox.enqueue(message(), T0)).toMatchObject({ created: true });
    outbox.close();
  });

  it("answers a message kept already, queued or held, without refusing it when full", () => {
    const outbox = Outbox.open(freshFile(), { capacity: 2 });
    const [queued, held] = [message(), message()];
    const queuedId = outbox.enqueue(queued, T0).id;
    const heldId = outbox.hold(held, "too fast", T0, { doubted: true });
    // Full now: the same messages again (a re-post whose token expired is held; a held one
    // whose API is down is queued) are kept where they are, not refused, nor kept twice.
    expect(outbox.hold(queued, "sent without a valid form token", T0)).toBe(queuedId);
    expect(outbox.enqueue(held, T0)).toEqual({ id: heldId, created: false });
    expect(outbox.waiting()).toBe(2);
    outbox.close();
  });

  it("counts what waits, not what was delivered, and never refuses a move", () => {
    const outbox = Outbox.open(freshFile(), { capacity: 2 });
    const [first, second] = [message(), message()];
    outbox.enqueue(first, T0);
    outbox.enqueue(second, T0);
    const [a, b] = outbox.claimDue({ now: T0, leaseMs });
    // Full: the API refusing one for good still moves it to the held messages...
    if (!a || !b) throw new Error("two claimed");
    outbox.holdRefused(a, "refused by the API: HTTP 400", T0);
    expect(outbox.held()).toHaveLength(1);
    // ...and a person may release it again.
    expect(outbox.release(outbox.held()[0]?.id ?? 0, T0)).toBe(true);
    expect(outbox.waiting()).toBe(2);
    // A delivery makes room.
    outbox.markDelivered(b.id, { now: T0, apiId: 9 });
    expect(outbox.waiting()).toBe(1);
    expect(outbox.enqueue(message(), T0)).toMatchObject({ created: true });
    expect(outbox.gauges(T0)).toMatchObject({ capacity: 2, counts: { pending: 2, delivered: 1 } });
    outbox.close();
  });

  it("is OUTBOX_MAX_MESSAGES, 10,000 unless set", () => {
    const base = { API_BASE_URL: "http://127.0.0.1:9" };
    expect(parseSettings(base).OUTBOX_MAX_MESSAGES).toBe(10_000);
    expect(parseSettings({ ...base, OUTBOX_MAX_MESSAGES: "250" }).OUTBOX_MAX_MESSAGES).toBe(250);
    expect(() => parseSettings({ ...base, OUTBOX_MAX_MESSAGES: "0" })).toThrow(
      /OUTBOX_MAX_MESSAGES/,
    );
  });
});
