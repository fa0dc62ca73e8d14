/** How the content API's answers to a contact message are read, against a stand-in server. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OutgoingMessage, retryAfter, sendContact } from "./contact-api.server.ts";

let server: Server;
let baseUrl: string;
/** The stand-in's next answer: `raw` is sent as it is, else `body` as JSON. */
let reply: { status: number; body?: unknown; raw?: string; headers?: Record<string, string> } = {
  status: 201,
  body: {},
};
/** The requests it got: method and path. */
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
    res.end(reply.raw ?? (reply.status === 204 ? undefined : JSON.stringify(reply.body)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const message: OutgoingMessage = {
  form: { name: "Sara", email: "sara@example.com", message: "Hello" },
  lang: "ar",
  idempotencyKey: "k1",
  clientAddress: "203.0.113.9",
};

const send = (status: number, body?: unknown, extra: Partial<typeof reply> = {}) => {
  reply = { status, body, ...extra };
  return sendContact(message, { baseUrl, timeoutMs: 5_000 });
};

describe("sendContact", () => {
  it("reads the stored id of a 201, number or string", async () => {
    expect(await send(201, { data: { id: 42 } })).toEqual({ kind: "created", id: 42 });
    expect(await send(201, { data: { id: "m-7" } })).toEqual({ kind: "created", id: "m-7" });
    expect(await send(201, { data: {} })).toMatchObject({ kind: "created", id: undefined });
  });

  it("takes a 2xx with an empty or JSON body as stored, saying what was odd about an answer API.md does not give", async () => {
    expect(await send(200, { data: { id: 9 } })).toEqual({ kind: "created", id: 9 });
    for (const [status, body] of [
      [202, { data: {} }],
      [204, undefined],
    ] as const) {
      const outcome = await send(status, body);
      expect(outcome, String(status)).toMatchObject({ kind: "created", id: undefined });
      expect((outcome as { odd?: string }).odd, String(status)).toBeTruthy();
    }
  });

  it("sends again later a 2xx whose body is not JSON: a proxy's or a fallback page's, maybe not the API's", async () => {
    for (const extra of [
      { raw: "{data: oops" },
      { raw: "<p>Thanks!</p>", headers: { "Content-Type": "text/html" } },
    ]) {
      expect(await send(200, undefined, extra)).toMatchObject({ kind: "unavailable" });
    }
  });

  it("never follows a redirect: the message would be lost in a GET; it is sent again later", async () => {
    asked.length = 0;
    for (const status of [301, 302, 303, 307, 308]) {
      const outcome = await send(status, undefined, {
        raw: "",
        headers: { Location: "/api/contact-info" },
      });
      expect(outcome, String(status)).toMatchObject({ kind: "unavailable" });
      expect((outcome as { reason: string }).reason).toContain("/api/contact-info");
    }
    expect(asked.every((request) => request === "POST /api/contact-us")).toBe(true);
    expect(asked).toHaveLength(5);
  });

  it("reads the wait a 429 or a 503 asks for (seconds or a date), within a day", async () => {
    expect(
      await send(429, { message: "slow down" }, { headers: { "Retry-After": "120" } }),
    ).toEqual({ kind: "rate-limited", retryAfterMs: 120_000 });
    const at = new Date(Date.now() + 60_000).toUTCString();
    const dated = await send(503, {}, { headers: { "Retry-After": at } });
    expect((dated as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(50_000);
    // At most a day.
    expect(await send(429, {}, { headers: { "Retry-After": "999999" } })).toEqual({
      kind: "rate-limited",
      retryAfterMs: 86_400_000,
    });
    expect(retryAfter("soon")).toBeUndefined();
    expect(retryAfter("-5")).toBeUndefined();
  });

  it("reads field messages leniently: a text for a list, other fields and bad entries left out", async () => {
    expect(
      await send(422, { errors: { email: "not an address", name: [1, "too short"], full: ["x"] } }),
    ).toEqual({ kind: "invalid", errors: { email: ["not an address"], name: ["too short"] } });
    const long = await send(422, { errors: { message: ["y".repeat(5000)] } });
    expect((long as { errors: { message: string[] } }).errors.message[0]).toHaveLength(301);
    expect(await send(422, { errors: {} })).toMatchObject({ kind: "rejected", status: 422 });
  });

  it("keeps the 422 messages of the form's own fields", async () => {
    const outcome = await send(422, {
      message: "invalid",
      errors: { email: ["البريد غير صالح"], name: [""], token: ["ignored"] },
    });
    expect(outcome).toEqual({ kind: "invalid", errors: { email: ["البريد غير صالح"] } });
  });

  it("treats a 422 without field messages as a refusal, and 5xx as try-again-later", async () => {
    expect(await send(422, { message: "no" })).toMatchObject({ kind: "rejected", status: 422 });
    expect(await send(422, { message: "x", errors: { other: ["y"] } })).toMatchObject({
      kind: "rejected",
    });
    expect(await send(429, { message: "slow down" })).toEqual({ kind: "rate-limited" });
    expect(await send(400, { message: "bad" })).toMatchObject({ kind: "rejected", status: 400 });
    expect(await send(503, { message: "down" })).toMatchObject({ kind: "unavailable" });
  });
});
