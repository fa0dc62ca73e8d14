/**
 * The contact action's answers to each outcome of the API (stored, 422 with field errors, 429,
 * 413, another refusal, unavailable with and without a working outbox), and the visitor's
 * quota: used by a stored or queued message, given back whenever nothing was stored. And the
 * form token: a message without a valid one, or with one another message spent, is held.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RateLimiter } from "../rate-limit.server.ts";
import { parseSettings } from "../settings.server.ts";
import { type ContactOutcome, type OutgoingMessage, submissionKey } from "./contact-api.server.ts";
import { type ContactDesk, createContactDesk } from "./contact-desk.server.ts";
import { fillTokenKey, issueFillToken } from "./fill-token.server.ts";
import { outboxWriter } from "./outbox.server.ts";
import { memoryLimiter } from "./shared-rate-limit.server.ts";
import { droppedCounts } from "./spam-counts.server.ts";
import { outboxSpentTokens } from "./spent-tokens.server.ts";
import { submitContact } from "./submit-contact.server.ts";

afterEach(() => vi.restoreAllMocks());

let count = 0;
/** The site's key for the form's tokens. */
const formKey = fillTokenKey();
/** A form shown a minute ago. */
const shownBefore = () => issueFillToken({ now: Date.now() - 60_000, secret: formKey });

/**
 * A valid form, a different message each time (each is its own submission), with the token of
 * a form shown a minute ago, or the `shown` value given (`null`: none).
 */
function post(shown: string | null = shownBefore(), message = `number ${++count}`): Request {
  const body = new URLSearchParams({
    name: "Sarah Ahmed",
    email: "sarah@example.com",
    message: `Please call me about the tender, ${message}.`,
    submission: crypto.randomUUID(),
  });
  if (shown !== null) body.set("shown", shown);
  return new Request("http://site.example/en/contactUs", { method: "POST", body });
}

/** What `post` sends as the visible fields, after the server's checks. */
const typed = (message: string) => ({
  name: "Sarah Ahmed",
  email: "sarah@example.com",
  message: `Please call me about the tender, ${message}.`,
});

/** The idempotency key the action gives the message `post(…, message)` posted as `request`. */
async function keyOf(request: Request, message: string) {
  const submission = (await request.clone().formData()).get("submission");
  return submissionKey(String(submission), "en", typed(message));
}

/**
 * A desk with a quota of one message, whose API answers `outcome`; its outbox is a real one in
 * memory unless another is given.
 */
function deskAnswering(
  outcome: ContactOutcome,
  outbox: ContactDesk["outbox"] = outboxWriter(":memory:"),
) {
  const sent: OutgoingMessage[] = [];
  const desk: ContactDesk = {
    limiter: memoryLimiter(new RateLimiter({ limit: 1, windowMs: 60_000 })),
    minFillMs: 0,
    formKey,
    send: async (message) => {
      sent.push(message);
      return outcome;
    },
    outbox,
    tokens: outboxSpentTokens(outboxWriter(":memory:")),
  };
  return { desk, sent, outbox };
}

const visitor = { address: "203.0.113.7", bodyTooLarge: () => false };

async function submit(desk: ContactDesk, request = post()) {
  const answer = (await submitContact(request, "en", visitor, desk)) as {
    data: { status: string; errors?: unknown };
    init: { status: number } | null;
  };
  return { http: answer.init?.status ?? 200, ...answer.data };
}

describe("submitContact", () => {
  it("sends the message's lines as typed: a form post's \\r\\n (and a lone \\r) become \\n", async () => {
    const { desk, sent } = deskAnswering({ kind: "created", id: 7 });
    const body = new URLSearchParams({
      name: "Sarah Ahmed",
      email: "sarah@example.com",
      message: "First line\r\nSecond line\rThird line\n\r\nFifth",
      submission: crypto.randomUUID(),
      shown: shownBefore(),
    });
    const request = new Request("http://site.example/en/contactUs", { method: "POST", body });
    await submitContact(request, "en", visitor, desk);
    expect(sent[0]?.form.message).toBe("First line\nSecond line\nThird line\n\nFifth");
  });

  it("answers 200 when the API stores the message, and that uses the quota", async () => {
    const { desk, sent } = deskAnswering({ kind: "created", id: 42 });
    expect(await submit(desk)).toMatchObject({ http: 200, status: "sent" });
    // The quota of one is spent: the next message is refused before the API is asked.
    expect(await submit(desk)).toMatchObject({ http: 429, status: "rateLimited" });
    expect(sent).toHaveLength(1);
  });

  it("answers 422 with the API's field messages, and gives the quota back for the corrected one", async () => {
    const outcome: ContactOutcome = { kind: "invalid", errors: { email: ["Bad address"] } };
    const { desk, sent, outbox } = deskAnswering(outcome);
    const first = await submit(desk);
    expect(first).toMatchObject({ http: 422, status: "invalid" });
    expect(first.errors).toEqual(outcome.errors);
    // Nothing was stored: the visitor may send again at once, and it reaches the API.
    expect(await submit(desk)).toMatchObject({ http: 422, status: "invalid" });
    expect(sent).toHaveLength(2);
    expect(outbox((store) => [...store.list(), ...store.held()])).toEqual([]);
  });

  it("queues the message when the API asks to wait (its 429), first sent when the API asked", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { desk, outbox } = deskAnswering({ kind: "rate-limited", retryAfterMs: 60_000 });
    const before = Date.now();
    expect(await submit(desk)).toMatchObject({ http: 202, status: "queued" });
    const [queued] = outbox((store) => store.list());
    expect(queued).toMatchObject({ status: "pending", attempts: 0 });
    expect(queued?.nextAttemptAt).toBeGreaterThanOrEqual(before + 60_000);
  });

  it("answers 413 when the API finds the message too long, keeping it for the visitor to shorten", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { desk, sent, outbox } = deskAnswering({
      kind: "rejected",
      status: 413,
      reason: "HTTP 413",
    });
    expect(await submit(desk)).toMatchObject({ http: 413, status: "tooLarge" });
    // Nothing kept, the quota given back: the shortened message goes out at once.
    expect(outbox((store) => [...store.list(), ...store.held()])).toEqual([]);
    expect(await submit(desk)).toMatchObject({ http: 413 });
    expect(sent).toHaveLength(2);
  });

  for (const status of [400, 415, 422]) {
    it(`holds a message the API refuses without a field to correct (${status}) for a person, and says it was received`, async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const { desk, outbox } = deskAnswering({
        kind: "rejected",
        status,
        reason: `HTTP ${status}`,
      });
      const request = post(shownBefore(), "refused by the API");
      const key = await keyOf(request, "refused by the API");
      expect(await submit(desk, request)).toMatchObject({ http: 202, status: "queued" });
      expect(outbox((store) => store.list())).toEqual([]);
      const held = outbox((store) => store.held());
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({
        idempotencyKey: key,
        form: typed("refused by the API"),
        reason: `refused by the API: HTTP ${status}`,
        doubted: false,
      });
    });
  }

  it("queues the message when the API is unavailable (202), and that uses the quota", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { desk, sent, outbox } = deskAnswering({ kind: "unavailable", reason: "down" });
    const request = post(shownBefore(), "while the API is down");
    const key = await keyOf(request, "while the API is down");
    expect(await submit(desk, request)).toMatchObject({ http: 202, status: "queued" });
    const queued = outbox((store) => store.list());
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      status: "pending",
      attempts: 0,
      idempotencyKey: key,
      lang: "en",
      clientAddress: visitor.address,
    });
    expect(queued[0]?.form).toEqual(typed("while the API is down"));
    // What is queued is the message the API could not take.
    expect(sent).toEqual([
      { form: queued[0]?.form, lang: "en", idempotencyKey: key, clientAddress: visitor.address },
    ]);
    expect(outbox((store) => store.held())).toEqual([]);
    expect(await submit(desk)).toMatchObject({ http: 429, status: "rateLimited" });
    expect(sent).toHaveLength(1);
    expect(outbox((store) => store.list())).toHaveLength(1);
  });

  it("drops a message that filled the honeypot, answering as if sent, and counts it", async () => {
    const { desk, sent, outbox } = deskAnswering({ kind: "created", id: 1 });
    const request = post();
    const form = await request.formData();
    form.set("website", "https://spam.example");
    const filled = new Request(request.url, { method: "POST", body: form });
    expect(await submit(desk, filled)).toMatchObject({ http: 200, status: "sent" });
    expect(sent).toEqual([]);
    expect(outbox((store) => droppedCounts(store.database))).toEqual({ honeypot: 1 });
    expect(outbox((store) => store.list())).toEqual([]);
    expect(outbox((store) => store.held())).toEqual([]);
  });

  it("answers 503 when neither the API nor the outbox can take it, and gives the quota back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const outbox = vi.fn(() => {
      throw new Error("disk full");
    }) as unknown as ContactDesk["outbox"];
    const { desk, sent } = deskAnswering({ kind: "unavailable", reason: "down" }, outbox);
    expect(await submit(desk)).toMatchObject({ http: 503, status: "failed" });
    expect(await submit(desk)).toMatchObject({ http: 503, status: "failed" });
    expect(sent).toHaveLength(2);
  });

  it("answers 503 keeping what was typed when the outbox is full, and takes the message once room is made", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const outbox = outboxWriter(":memory:", { capacity: 1 });
    const { desk } = deskAnswering({ kind: "unavailable", reason: "down" }, outbox);
    desk.limiter = memoryLimiter(new RateLimiter({ limit: 5, windowMs: 60_000 }));
    expect(await submit(desk, post(shownBefore(), "first"))).toMatchObject({ status: "queued" });
    const refused = await submit(desk, post(shownBefore(), "second"));
    expect(refused).toMatchObject({ http: 503, status: "failed", values: typed("second") });
    // A doubted message is refused the same way, rather than held past the bound.
    const unsigned = await submit(desk, post(null, "third"));
    expect(unsigned).toMatchObject({ http: 503, status: "failed", values: typed("third") });
    expect(outbox((store) => store.waiting())).toBe(1);
    // The queued one delivered: room again, and the outbox still works (not closed as broken).
    outbox((store) => {
      const [entry] = store.claimDue({ leaseMs: 60_000 });
      store.markDelivered(entry?.id ?? 0, { apiId: 1 });
    });
    expect(await submit(desk, post(shownBefore(), "second"))).toMatchObject({ status: "queued" });
  });

  describe("the form token", () => {
    /** A desk with a quota of ten, and the reasons its (real) outbox holds messages for. */
    function holdingDesk() {
      const { desk, sent, outbox } = deskAnswering({ kind: "created", id: 1 });
      desk.limiter = memoryLimiter(new RateLimiter({ limit: 10, windowMs: 60_000 }));
      const held = () => outbox((store) => store.held());
      return { desk, sent, outbox, held, reasons: () => held().map((entry) => entry.reason) };
    }

    const noValidToken = "sent without a valid form token";
    it.each([
      ["no token", null, noValidToken],
      [
        "a forged token",
        `${Date.now() - 60_000}.${"a".repeat(16)}.${"A".repeat(43)}`,
        noValidToken,
      ],
      [
        "a token over a day old",
        issueFillToken({ now: Date.now() - 25 * 60 * 60 * 1000, secret: formKey }),
        noValidToken,
      ],
      [
        "a token sent too soon",
        issueFillToken({ secret: formKey }),
        "sent within 3000 ms of the form being shown",
      ],
    ])("holds a message with %s, answering as if sent", async (_case, shown, reason) => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const { desk, sent, outbox, held } = holdingDesk();
      desk.minFillMs = 3_000;
      const request = post(shown, "held for a person");
      const key = await keyOf(request, "held for a person");
      expect(await submit(desk, request)).toMatchObject({ http: 200, status: "sent" });
      expect(sent).toEqual([]);
      expect(held()).toEqual([
        {
          id: expect.any(Number),
          idempotencyKey: key,
          lang: "en",
          clientAddress: visitor.address,
          form: typed("held for a person"),
          reason,
          createdAt: expect.any(Number),
          // Doubted: such messages fill at most half of the outbox's room.
          doubted: true,
        },
      ]);
      // Held, not queued: the worker never sends it by itself.
      expect(outbox((store) => store.list())).toEqual([]);
    });

    it("sends one message per token: another message with it is held", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const { desk, sent, held, reasons } = holdingDesk();
      const token = shownBefore();
      expect(await submit(desk, post(token))).toMatchObject({ http: 200, status: "sent" });
      const second = post(token, "the second message");
      const key = await keyOf(second, "the second message");
      expect(await submit(desk, second)).toMatchObject({ http: 200, status: "sent" });
      expect(sent).toHaveLength(1);
      expect(reasons()).toEqual(["sent with a form token another message had used"]);
      expect(held()[0]).toMatchObject({ idempotencyKey: key, form: typed("the second message") });
    });

    it("answers the same post again (a reload, a second click) as sent, without sending it twice", async () => {
      const { desk, sent, reasons } = holdingDesk();
      const first = await post(shownBefore(), "the same words").formData();
      const repost = () =>
        new Request("http://site.example/en/contactUs", { method: "POST", body: first });
      expect(await submit(desk, repost())).toMatchObject({ status: "sent" });
      expect(await submit(desk, repost())).toMatchObject({ http: 200, status: "sent" });
      expect(sent).toHaveLength(1);
      expect(reasons()).toEqual([]);
      // The repeats cost no quota: a new message still goes out.
      desk.limiter = memoryLimiter(new RateLimiter({ limit: 1, windowMs: 60_000 }));
      for (let i = 0; i < 3; i++) await submit(desk, repost());
      expect(await submit(desk, post(shownBefore(), "another one"))).toMatchObject({
        status: "sent",
      });
      expect(sent).toHaveLength(2);
      // With the quota used up, a reload of a taken post is still told it was sent (not 429),
      // and a new message is refused.
      expect(await submit(desk, repost())).toMatchObject({ http: 200, status: "sent" });
      expect(await submit(desk, post(shownBefore(), "one too many"))).toMatchObject({ http: 429 });
      expect(sent).toHaveLength(2);
    });

    it("leaves a refused message's form token unspent: the same form sends once the quota allows", async () => {
      const { desk, sent } = deskAnswering({ kind: "created", id: 3 });
      expect(await submit(desk)).toMatchObject({ status: "sent" });
      const token = shownBefore();
      expect(await submit(desk, post(token, "later"))).toMatchObject({ http: 429 });
      desk.limiter = memoryLimiter(new RateLimiter({ limit: 1, windowMs: 60_000 }));
      expect(await submit(desk, post(token, "later, edited"))).toMatchObject({ status: "sent" });
      expect(sent).toHaveLength(2);
    });

    it.each([
      ["stored", { kind: "created", id: 1 }, 200, "sent", 0],
      ["queued", { kind: "unavailable", reason: "HTTP 503" }, 202, "queued", 1],
    ] as const)(
      "sends the same post made twice at once (a double click) once: both are told it was %s, at the cost of one message",
      async (_case, outcome, http, status, queued) => {
        const { desk, sent, outbox } = deskAnswering(outcome);
        // The visitor's last message of the quota: the second click is no message more.
        desk.limiter = memoryLimiter(new RateLimiter({ limit: 1, windowMs: 60_000 }));
        // The API answers once both posts have come in.
        const { promise: bothIn, resolve: letAnswer } = Promise.withResolvers<void>();
        const send = desk.send;
        desk.send = async (message) => {
          const result = await send(message);
          await bothIn;
          return result;
        };
        const first = await post(shownBefore(), "the same words").formData();
        const repost = () =>
          new Request("http://site.example/en/contactUs", { method: "POST", body: first });
        const spend = vi.spyOn(desk.tokens, "spend");
        // The second click comes while the first post's message is being sent.
        const answers = [submit(desk, repost())];
        await vi.waitFor(() => expect(sent).toHaveLength(1));
        answers.push(submit(desk, repost()));
        // It has spent (shown) its token, the step before the send.
        await vi.waitFor(() => expect(spend).toHaveBeenCalledTimes(2));
        await Promise.all(spend.mock.results.map((result) => result.value));
        await new Promise((resolve) => setImmediate(resolve));
        expect(sent).toHaveLength(1);
        letAnswer();
        for (const result of await Promise.all(answers))
          expect(result).toMatchObject({ http, status });
        expect(sent).toHaveLength(1);
        expect(outbox((store) => store.counts().pending)).toBe(queued);
        // One message's quota was used, no more: another message is over the limit.
        desk.send = send;
        expect(await submit(desk, post(shownBefore(), "another"))).toMatchObject({
          http: 429,
          status: "rateLimited",
        });
        expect(sent).toHaveLength(1);
      },
    );

    it("sends two different messages posted at once, each", async () => {
      const { desk, sent } = holdingDesk();
      const answers = await Promise.all([
        submit(desk, post(shownBefore(), "one")),
        submit(desk, post(shownBefore(), "two")),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(["sent", "sent"]);
      expect(sent).toHaveLength(2);
    });

    it("sends again a message whose token it spent but which was never taken (a lost answer)", async () => {
      const { desk, sent, reasons } = holdingDesk();
      const token = shownBefore();
      const request = post(token, "the same words");
      const key = await keyOf(request, "the same words");
      // An earlier attempt spent the token, then its process died before the API answered.
      expect(await desk.tokens.spend(token, key, Date.now() + 60_000)).toBe("send");
      expect(await submit(desk, request)).toMatchObject({ status: "sent" });
      expect(sent.map((message) => message.idempotencyKey)).toEqual([key]);
      expect(reasons()).toEqual([]);
    });

    it("gives the token back when the API refused a field, for the corrected message", async () => {
      const { desk, sent } = deskAnswering({ kind: "invalid", errors: { name: ["No"] } });
      desk.limiter = memoryLimiter(new RateLimiter({ limit: 10, windowMs: 60_000 }));
      const token = shownBefore();
      expect(await submit(desk, post(token))).toMatchObject({ http: 422 });
      expect(await submit(desk, post(token, "corrected"))).toMatchObject({ http: 422 });
      expect(sent).toHaveLength(2);
    });
  });

  it("queues a message the API has not taken within CONTACT_SEND_WAIT_MS, not API_TIMEOUT_MS, to be tried again only once the API's own time-out is past", async () => {
    // An API that takes the request and never answers.
    const hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const { port } = hanging.address() as { port: number };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "send-wait-"));
    const settings = parseSettings({
      NODE_ENV: "test",
      API_BASE_URL: `http://127.0.0.1:${port}`,
      API_TIMEOUT_MS: "20000",
      CONTACT_SEND_WAIT_MS: "600",
      CONTACT_MIN_FILL_MS: "0",
      OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
    });
    const desk = createContactDesk(settings);
    try {
      const shown = issueFillToken({ now: Date.now() - 60_000, secret: desk.formKey });
      const started = Date.now();
      expect(await submit(desk, post(shown))).toMatchObject({ http: 202, status: "queued" });
      // The visitor waited the send wait, not the API's 20 s...
      expect(Date.now() - started).toBeLessThan(5_000);
      // ...and the message waits on disk until the first send, which the API may still be
      // handling, is past its time-out: an API that ignores the key stores no second copy.
      const [queued] = desk.outbox((outbox) => outbox.list());
      expect(queued?.nextAttemptAt).toBeGreaterThanOrEqual(started + 20_000 - 600);
    } finally {
      desk.outbox((outbox) => outbox.close());
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
