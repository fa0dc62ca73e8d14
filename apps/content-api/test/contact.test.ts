/** The write path: POST /api/contact-us stores valid messages durably and nothing else. */
import { request as httpRequest } from "node:http";
import { contactCreated, contactMessages, errorBody } from "@site/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../src/db/connection.ts";
import { listMessages, type StoredMessage } from "../src/db/messages.ts";
import { expectEnvelope, request, startTestApi, type TestApi } from "./helpers.ts";

const rateLimit = 3;
let t: TestApi;
let nextClient = 1;
/** A fresh visitor address for each test, sent by the (trusted, loopback) website server. */
const visitor = () => `203.0.113.${nextClient++}`;

beforeAll(async () => {
  t = await startTestApi({ contactRateLimit: rateLimit });
});
afterAll(() => t?.stop());

/** The stored messages, read through a second connection (what `npm run messages` sees). */
function stored(): StoredMessage[] {
  const db = openDatabase(t.databasePath);
  try {
    return listMessages(db);
  } finally {
    db.close();
  }
}

const valid = {
  name: "  Layla Haddad ",
  email: "layla@example.com",
  phone: "+966 50 123 4567",
  subject: "Tender for a school",
  message: "Please send us your company profile.\nThank you.",
};

function post(
  body: unknown,
  options: { lang?: string; client?: string; key?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = {
    "content-type": options.contentType ?? "application/json",
    "x-forwarded-for": options.client ?? visitor(),
  };
  if (options.key !== undefined) headers["idempotency-key"] = options.key;
  return request(t.api, "/api/contact-us", {
    method: "POST",
    lang: options.lang,
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("a valid message", () => {
  test("is stored with exactly the values sent, then answered 201 with its id", async () => {
    const client = visitor();
    const before = Date.now();
    const answer = await post(valid, { lang: "ar", client });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const { id } = expectEnvelope(contactCreated, answer.body, "201");
    const row = stored().find((m) => m.id === id);
    expect(row).toMatchObject({
      name: "Layla Haddad",
      email: valid.email,
      phone: valid.phone,
      subject: valid.subject,
      message: valid.message,
      lang: "ar",
      client_ip: client,
      idempotency_key: null,
    });
    const created = Date.parse(row?.created_at ?? "");
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test("without the optional fields stores them as empty", async () => {
    const answer = await post({
      name: "Omar",
      email: "omar@example.com",
      phone: "",
      message: "Hi",
    });
    expect(answer.status).toBe(201);
    const { id } = expectEnvelope(contactCreated, answer.body, "201");
    expect(stored().find((m) => m.id === id)).toMatchObject({
      phone: null,
      subject: null,
      lang: "en",
    });
  });

  test("accepts application/json with a charset", async () => {
    const answer = await post(valid, { contentType: "application/json; charset=utf-8" });
    expect(answer.status).toBe(201);
  });
});

describe("an invalid message stores nothing", () => {
  test.each(["en", "ar"] as const)("422 with per-field messages in %s", async (lang) => {
    const count = stored().length;
    const answer = await post({ name: " ", email: "not-an-email", message: "" }, { lang });
    expect(answer.status).toBe(422);
    const body = errorBody.parse(answer.body);
    const messages = contactMessages[lang];
    expect(body.errors).toEqual({
      name: [messages.nameRequired],
      email: [messages.emailInvalid],
      message: [messages.messageRequired],
    });
    if (lang === "ar") expect(body.message).toMatch(/[\u0600-\u06ff]/);
    expect(stored().length).toBe(count);
  });

  test("422 for too long fields, a bad phone, non-text values", async () => {
    const count = stored().length;
    const answer = await post({
      name: "n".repeat(121),
      email: 42,
      phone: "call me",
      subject: "s".repeat(201),
      message: "m".repeat(5001),
    });
    expect(answer.status).toBe(422);
    const errors = errorBody.parse(answer.body).errors ?? {};
    expect(Object.keys(errors).sort()).toEqual(["email", "message", "name", "phone", "subject"]);
    expect(stored().length).toBe(count);
  });

  test.each(["[]", "null", '"text"', "42"])(
    "422 for a body that is not an object: %s",
    async (body) => {
      const answer = await post(body);
      expect(answer.status).toBe(422);
      expect(errorBody.parse(answer.body).errors).toBeDefined();
    },
  );

  test("422 with a message for malformed JSON", async () => {
    const count = stored().length;
    const answer = await post('{"name": "A",', { lang: "ar" });
    expect(answer.status).toBe(422);
    expect(errorBody.parse(answer.body).message).toMatch(/[\u0600-\u06ff]/);
    expect(stored().length).toBe(count);
  });

  test.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])(
    "415 for %s",
    async (contentType) => {
      const count = stored().length;
      const answer = await post(valid, { contentType });
      expect(answer.status).toBe(415);
      expect(errorBody.safeParse(answer.body).success).toBe(true);
      expect(stored().length).toBe(count);
    },
  );

  test("415 without a content type", async () => {
    const answer = await request(t.api, "/api/contact-us", {
      method: "POST",
      body: new Uint8Array([123, 125]),
    });
    expect(answer.status).toBe(415);
  });

  test("413 for a body over 32 KB", async () => {
    const count = stored().length;
    const answer = await post({ ...valid, message: "x".repeat(40 * 1024) });
    expect(answer.status).toBe(413);
    expect(errorBody.safeParse(answer.body).success).toBe(true);
    expect(stored().length).toBe(count);
  });

  test("413 for a streamed (chunked) body that grows past 32 KB, without reading it all", async () => {
    const count = stored().length;
    const url = new URL(`${t.api.url}/api/contact-us`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { "content-type": "application/json" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.write(`{"name":"A","email":"a@example.com","message":"`);
      const chunk = "y".repeat(8 * 1024);
      // Keeps sending until the server answers: an endless body must not be buffered.
      const timer = setInterval(() => {
        if (!req.destroyed) req.write(chunk);
      }, 1);
      req.on("response", () => clearInterval(timer));
      req.on("close", () => clearInterval(timer));
    });
    expect(status).toBe(413);
    expect(stored().length).toBe(count);
  });
});

describe("rate limit", () => {
  test(`at most ${rateLimit} messages a minute per client, then 429 storing nothing`, async () => {
    const client = visitor();
    for (let n = 0; n < rateLimit; n++) expect((await post(valid, { client })).status).toBe(201);
    const count = stored().length;
    const answer = await post(valid, { client, lang: "ar" });
    expect(answer.status).toBe(429);
    expect(errorBody.parse(answer.body).message).toMatch(/[\u0600-\u06ff]/);
    expect(stored().length).toBe(count);
    // Another visitor behind the same website server is not limited.
    expect((await post(valid)).status).toBe(201);
  });

  test("X-Forwarded-For is ignored when the sender is not a trusted proxy", async () => {
    const direct = await startTestApi({ contactRateLimit: 2, trustedProxies: [] });
    try {
      const send = (client: string) =>
        request(direct.api, "/api/contact-us", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": client },
          body: JSON.stringify(valid),
        });
      expect((await send("198.51.100.1")).status).toBe(201);
      expect((await send("198.51.100.2")).status).toBe(201);
      expect((await send("198.51.100.3")).status).toBe(429);
      const db = openDatabase(direct.databasePath);
      expect(listMessages(db).map((m) => m.client_ip)).toEqual(["127.0.0.1", "127.0.0.1"]);
      db.close();
    } finally {
      await direct.stop();
    }
  });
});

describe("Idempotency-Key", () => {
  test("a repeat answers 201 with the same id and stores nothing new", async () => {
    const client = visitor();
    const key = `key-${crypto.randomUUID()}`;
    const first = await post(valid, { client, key });
    expect(first.status).toBe(201);
    const count = stored().length;
    const again = await post(valid, { client, key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(stored().length).toBe(count);
    const { id } = expectEnvelope(contactCreated, first.body, "201");
    expect(
      stored()
        .filter((m) => m.idempotency_key === key)
        .map((m) => m.id),
    ).toEqual([id]);
  });

  test("a repeat is answered even when the client has reached its rate limit", async () => {
    const client = visitor();
    const key = `retry-${crypto.randomUUID()}`;
    const first = await post(valid, { client, key });
    for (let n = 1; n < rateLimit; n++) await post(valid, { client });
    expect((await post(valid, { client })).status).toBe(429);
    const again = await post(valid, { client, key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  test("different keys store different messages", async () => {
    const client = visitor();
    const a = await post(valid, { client, key: crypto.randomUUID() });
    const b = await post(valid, { client, key: crypto.randomUUID() });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body).not.toEqual(b.body);
  });

  test("an invalid key is a 422 storing nothing", async () => {
    const count = stored().length;
    const answer = await post(valid, { key: "k".repeat(101) });
    expect(answer.status).toBe(422);
    expect(stored().length).toBe(count);
  });
});

test("a stored message survives a restart, and the seed is not run again", async () => {
  const answer = await post(valid, { key: "survives-restart" });
  const { id } = expectEnvelope(contactCreated, answer.body, "201");
  expect(t.logs.filter((line) => line.startsWith("Seeded"))).toHaveLength(1);

  await t.restart();

  expect(t.logs.filter((line) => line.startsWith("Seeded"))).toHaveLength(1);
  expect(stored().find((m) => m.id === id)).toMatchObject({ idempotency_key: "survives-restart" });
  const again = await post(valid, { key: "survives-restart" });
  expect(again.status).toBe(201);
  expect(again.body).toEqual(answer.body);
  const banners = await request(t.api, "/api/homepage-banners");
  expect(banners.status).toBe(200);
});
