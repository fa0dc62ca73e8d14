/**
 * The contact action's answers to each outcome of the API (stored, 422 with field errors, 429,
 * 413, another refusal, unavailable with and without a working outbox), and the visitor's
 * quota: used by a stored or queued message, given back whenever nothing was stored.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContactOutcome, OutgoingMessage } from "./contact-api.server.ts";
import type { Outbox } from "./outbox.server.ts";
import { RateLimiter } from "./rate-limit.server.ts";
import { memoryLimiter } from "./shared-rate-limit.server.ts";
import { type ContactDesk, submitContact } from "./submit-contact.server.ts";

afterEach(() => vi.restoreAllMocks());

let count = 0;
/** A valid form, a different message each time (each is its own submission). */
function post(): Request {
  const body = new URLSearchParams({
    name: "Sarah Ahmed",
    email: "sarah@example.com",
    message: `Please call me about the tender, number ${++count}.`,
    submission: crypto.randomUUID(),
  });
  return new Request("http://site.example/en/contactUs", { method: "POST", body });
}

/** A desk with a quota of one message, whose API answers `outcome`. */
function deskAnswering(outcome: ContactOutcome, outbox: ContactDesk["outbox"] = vi.fn()) {
  const sent: OutgoingMessage[] = [];
  const desk: ContactDesk = {
    limiter: memoryLimiter(new RateLimiter({ limit: 1, windowMs: 60_000 })),
    minFillMs: 0,
    send: async (message) => {
      sent.push(message);
      return outcome;
    },
    outbox,
  };
  return { desk, sent };
}

const visitor = { address: "203.0.113.7", bodyTooLarge: () => false };

async function submit(desk: ContactDesk) {
  const answer = (await submitContact(post(), "en", visitor, desk)) as {
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

  const refusals: [ContactOutcome, number, string][] = [
    [{ kind: "invalid", errors: { email: ["Bad address"] } }, 422, "invalid"],
    [{ kind: "rate-limited" }, 429, "rateLimited"],
    [{ kind: "rejected", status: 413, reason: "too large" }, 413, "tooLarge"],
    [{ kind: "rejected", status: 400, reason: "bad request" }, 502, "failed"],
    [{ kind: "rejected", status: 415, reason: "unsupported" }, 502, "failed"],
  ];
  for (const [outcome, http, status] of refusals) {
    const name = outcome.kind === "rejected" ? `${outcome.kind} ${outcome.status}` : outcome.kind;
    it(`answers ${http} when the API says ${name}, and gives the quota back`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { desk, sent } = deskAnswering(outcome);
      const first = await submit(desk);
      expect(first).toMatchObject({ http, status });
      if (outcome.kind === "invalid") expect(first.errors).toEqual(outcome.errors);
      // Nothing was stored: the visitor may send again at once, and it reaches the API.
      expect(await submit(desk)).toMatchObject({ http, status });
      expect(sent).toHaveLength(2);
    });
  }

  it("queues the message when the API is unavailable (202), and that uses the quota", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const enqueue = vi.fn(() => ({ id: 7, created: true }));
    const outbox = vi.fn((work: (outbox: Outbox) => unknown) =>
      work({ enqueue } as unknown as Outbox),
    ) as unknown as ContactDesk["outbox"];
    const { desk, sent } = deskAnswering({ kind: "unavailable", reason: "down" }, outbox);
    expect(await submit(desk)).toMatchObject({ http: 202, status: "queued" });
    expect(enqueue).toHaveBeenCalledTimes(1);
    expect(await submit(desk)).toMatchObject({ http: 429, status: "rateLimited" });
    expect(sent).toHaveLength(1);
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
});
