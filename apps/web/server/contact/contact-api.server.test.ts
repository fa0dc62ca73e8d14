/** How the content API's answers to a contact message are read, against a stand-in server. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OutgoingMessage, sendContact } from "./contact-api.server.ts";

let server: Server;
let baseUrl: string;
let reply: { status: number; body: unknown } = { status: 201, body: {} };

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(reply.status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(reply.body));
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

const send = (status: number, body: unknown) => {
  reply = { status, body };
  return sendContact(message, { baseUrl, timeoutMs: 5_000 });
};

describe("sendContact", () => {
  it("reads the stored id of a 201, number or string", async () => {
    expect(await send(201, { data: { id: 42 } })).toEqual({ kind: "created", id: 42 });
    expect(await send(201, { data: { id: "m-7" } })).toEqual({ kind: "created", id: "m-7" });
    expect(await send(201, { data: {} })).toEqual({ kind: "created", id: undefined });
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
    expect(await send(503, { message: "down" })).toMatchObject({ kind: "unavailable" });
  });
});
