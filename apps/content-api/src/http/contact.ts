/**
 * `POST /api/contact-us`: JSON only, at most 32 KB, validated with the contract's schema,
 * stored (committed) before the 201 answer, one message per `Idempotency-Key`, and at most
 * N messages per minute per client.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import { idempotencyKey, validateContact } from "@site/contract";
import type { Db } from "../db/connection.ts";
import { saveMessage } from "../db/messages.ts";
import { clientAddress } from "./client-ip.ts";
import { requestLanguage } from "./i18n.ts";
import { sendData, sendError } from "./respond.ts";

const maxBodyBytes = 32 * 1024;

export type ContactOptions = {
  db: Db;
  contactRateLimit: number;
  trustedProxies: readonly string[];
};

export async function handleContact(
  req: IncomingMessage,
  res: ServerResponse,
  options: ContactOptions,
) {
  const lang = requestLanguage(req);
  if (!isJson(req.headers["content-type"])) return refuse(req, res, 415, "unsupportedMediaType");
  if (Number(req.headers["content-length"] ?? 0) > maxBodyBytes) {
    return refuse(req, res, 413, "payloadTooLarge");
  }
  const body = await readBody(req, maxBodyBytes);
  if ("problem" in body) {
    if (body.problem === "aborted") return;
    return refuse(req, res, 413, "payloadTooLarge");
  }

  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return sendError(req, res, 422, "invalidJson");
  }

  const keyHeader = req.headers["idempotency-key"];
  let key: string | undefined;
  if (keyHeader !== undefined) {
    const parsed = idempotencyKey.safeParse(keyHeader);
    if (!parsed.success) {
      return sendError(req, res, 422, "invalidIdempotencyKey", {
        errors: { "Idempotency-Key": [keyRule[lang]] },
      });
    }
    key = parsed.data;
  }

  const validation = validateContact(json, lang);
  if (!validation.ok) {
    return sendError(req, res, 422, "invalidData", {
      errors: validation.errors as Record<string, string[]>,
    });
  }

  const outcome = saveMessage(options.db, {
    form: validation.data,
    lang,
    clientIp: clientAddress(req, options.trustedProxies),
    idempotencyKey: key,
    ratePerMinute: options.contactRateLimit,
  });
  if (outcome.kind === "rate-limited") {
    return sendError(req, res, 429, "tooManyRequests", { headers: { "Retry-After": "60" } });
  }
  return sendData(res, { id: outcome.id }, 201);
}

const keyRule = { en: "1 to 100 visible characters.", ar: "من 1 إلى 100 حرف مرئي." } as const;

/** `application/json`, `application/json; charset=utf-8`, or any `application/*+json`. */
function isJson(contentType: string | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[\w.-]+\+json$/.test(type);
}

type Body = { text: string } | { problem: "too large" | "aborted" };

/**
 * The body as text; a problem as soon as it grows past `limit` bytes (reading stops), or when
 * the client goes away first.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.pause();
        resolve({ problem: "too large" });
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve({ text: Buffer.concat(chunks).toString("utf8") }));
    req.once("error", () => resolve({ problem: "aborted" }));
    req.once("close", () => resolve({ problem: "aborted" }));
  });
}

/** An error answer sent before the whole body was read: the connection closes after it. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: 413 | 415,
  message: "payloadTooLarge" | "unsupportedMediaType",
) {
  sendError(req, res, status, message, req.complete ? {} : { headers: { Connection: "close" } });
}
