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
  envelope,
  errorBody,
  type Language,
} from "@site/contract";
import { ApiError, request } from "../content/api-client.server.ts";

export const contactPath = "/api/contact-us";

export interface OutgoingMessage {
  form: ContactForm;
  lang: Language;
  /** Sent as `Idempotency-Key` on every attempt, so the API stores the message once. */
  idempotencyKey: string;
  /** Sent as `X-Forwarded-For`: the visitor, not this server, is the sender. */
  clientAddress: string;
}

export type ContactOutcome =
  /** Stored (or already stored under this key). */
  | { kind: "created"; id: string | number | undefined }
  /** 422 with per-field messages: the visitor must correct the message. */
  | { kind: "invalid"; errors: ContactErrors }
  /** 429: this sender posted too often. */
  | { kind: "rate-limited" }
  /** A refusal that waiting will not change (400, 413, 415, a 422 without field errors). */
  | { kind: "rejected"; status: number; reason: string }
  /** Unreachable, too slow, 5xx or an unexpected answer: try again later. */
  | { kind: "unavailable"; reason: string };

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
  let body: unknown;
  try {
    ({ status, body } = await request(contactPath, {
      endpoint: "contact",
      lang: message.lang,
      method: "POST",
      body: message.form,
      headers: {
        "Idempotency-Key": message.idempotencyKey,
        "X-Forwarded-For": message.clientAddress,
      },
      ...options,
    }));
  } catch (error) {
    if (error instanceof ApiError) return { kind: "unavailable", reason: error.message };
    throw error;
  }
  if (status === 200 || status === 201) return { kind: "created", id: createdId(body) };
  if (status === 429) return { kind: "rate-limited" };
  if (status === 422) {
    const errors = fieldErrors(body);
    if (errors) return { kind: "invalid", errors };
  }
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return { kind: "rejected", status, reason: `HTTP ${status}: ${describe(body)}` };
  }
  return { kind: "unavailable", reason: `HTTP ${status}: ${describe(body)}` };
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

/** The API's per-field messages for our fields (a `422` body), or undefined when it named none. */
function fieldErrors(body: unknown): ContactErrors | undefined {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success || !parsed.data.errors) return undefined;
  const result: ContactErrors = {};
  for (const field of contactFields) {
    const messages = parsed.data.errors[field]?.filter((message) => message.length > 0);
    if (messages?.length) result[field as ContactField] = messages;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function describe(body: unknown): string {
  if (body === undefined) return "no body";
  const text = JSON.stringify(body);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
