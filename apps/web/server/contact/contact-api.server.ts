/**
 * Sends one contact message to the content API (`POST /api/contact-us`) and classifies the
 * answer, for the form's action (first attempt) and the outbox worker (retries) alike.
 */
import { createHash } from "node:crypto";
import {
  type ContactErrors,
  type ContactField,
  type ContactForm,
  contactCreated,
  contactFields,
  contactPath,
  envelope,
  type Language,
} from "@site/contract";
import { ApiError } from "../content/api-errors.server.ts";
import { request } from "../content/api-request.server.ts";

export interface OutgoingMessage {
  form: ContactForm;
  lang: Language;
  /** Sent as `Idempotency-Key` on every attempt, so the API stores the message once. */
  idempotencyKey: string;
  /** Sent as `X-Forwarded-For`: the visitor, not this server, is the sender. */
  clientAddress: string;
}

export type ContactOutcome =
  /**
   * Stored (or already stored under this key): any 2xx with an empty or JSON body (one that is
   * not JSON is sent again, see below). `odd`: what was wrong with an answer
   * that said so in another way than API.md's (a 204, a body that is not the id).
   */
  | { kind: "created"; id: string | number | undefined; odd?: string }
  /** 422 with per-field messages: the visitor must correct the message. */
  | { kind: "invalid"; errors: ContactErrors }
  /** 429: the API wants fewer messages from this sender (`retryAfterMs`: as it asked). */
  | { kind: "rate-limited"; retryAfterMs?: number }
  /** A refusal that waiting will not change (400, 413, 415, a 422 without field errors). */
  | { kind: "rejected"; status: number; reason: string }
  /**
   * Unreachable, too slow, 5xx, a redirect or an unexpected answer: try again later
   * (`retryAfterMs`: as the API asked).
   */
  | { kind: "unavailable"; reason: string; retryAfterMs?: number; timedOut?: true };

/** The content API to send to. */
export interface SendOptions {
  baseUrl: string;
  timeoutMs: number;
}

export async function sendContact(
  message: OutgoingMessage,
  options: SendOptions,
): Promise<ContactOutcome> {
  let status: number;
  let headers: Headers;
  let body: unknown;
  try {
    ({ status, headers, body } = await request(contactPath, {
      endpoint: "contact",
      lang: message.lang,
      method: "POST",
      body: message.form,
      headers: {
        "Idempotency-Key": message.idempotencyKey,
        "X-Forwarded-For": message.clientAddress,
      },
      // Followed, a redirect would be a GET without the message, whose 200 looked like a send.
      redirect: "manual",
      ...options,
    }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Not JSON, too long, cut off: even a 2xx saying so may be a proxy's or a fallback page's,
    // not the API's. Sent again later; a copy is better than a message lost unseen. No answer
    // in time: the API may still be at work on it (`timedOut`).
    return {
      kind: "unavailable",
      reason: error.message,
      ...(error.kind === "timeout" ? { timedOut: true as const } : {}),
    };
  }
  if (isSuccess(status)) {
    const id = createdId(body);
    const odd = id === undefined ? `HTTP ${status} without the message's id` : undefined;
    return { kind: "created", id, ...(odd ? { odd } : {}) };
  }
  const retryAfterMs = retryAfter(headers.get("retry-after"));
  const waiting = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status === 429) return { kind: "rate-limited", ...waiting };
  if (status === 422) {
    const errors = fieldErrors(body);
    if (errors) return { kind: "invalid", errors };
  }
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return { kind: "rejected", status, reason: `HTTP ${status}: ${describe(body)}` };
  }
  const where = status >= 300 && status < 400 ? ` (a redirect to ${headers.get("location")})` : "";
  return { kind: "unavailable", reason: `HTTP ${status}${where}: ${describe(body)}`, ...waiting };
}

const isSuccess = (status: number | undefined) =>
  status !== undefined && status >= 200 && status < 300;

/** Longest wait a `Retry-After` is followed for. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** A `Retry-After` header (seconds, or an HTTP date) as milliseconds from now, at most a day. */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/**
 * The key the API sees for one submission: the form's UUID plus a digest of what was sent, so
 * an identical re-submit reuses it while an edited one (after a failure) is a new message.
 */
export function submissionKey(formKey: string, lang: Language, form: ContactForm): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([lang, ...contactFields.map((field) => form[field] ?? null)]))
    .digest("hex")
    .slice(0, 16);
  return `${formKey.slice(0, 80)}.${digest}`;
}

const createdAnswer = envelope(contactCreated);

/** The stored message's id from a `201` body (API.md: `{ "data": { "id": 42 } }`), if given. */
function createdId(body: unknown): string | number | undefined {
  const parsed = createdAnswer.safeParse(body);
  return parsed.success ? parsed.data.data.id : undefined;
}

/**
 * The API's per-field messages for our fields (a `422` body), or undefined when it named none.
 * Read leniently: API.md's `{ message, errors: { field: [text] } }`, a text alone in place of
 * the list, other fields and entries of other types left out, `message` optional.
 */
function fieldErrors(body: unknown): ContactErrors | undefined {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (typeof errors !== "object" || errors === null) return undefined;
  const result: ContactErrors = {};
  for (const field of contactFields) {
    const given: unknown = (errors as Record<string, unknown>)[field];
    const messages = (Array.isArray(given) ? given : [given]).filter(
      (text): text is string => typeof text === "string" && text.trim().length > 0,
    );
    if (messages.length) result[field as ContactField] = messages.map(boundedMessage);
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** A field message as shown under its field: the first 300 characters of what the API said. */
const boundedMessage = (text: string) => {
  const chars = Array.from(text);
  return chars.length > 300 ? `${chars.slice(0, 300).join("")}…` : text;
};

function describe(body: unknown): string {
  if (body === undefined) return "no body";
  const text = JSON.stringify(body);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
