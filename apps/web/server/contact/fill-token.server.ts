/**
 * The contact form's fill-time check: the server renders a signed "form shown at" time, unique
 * to each rendering; a submit that comes back faster than a person can type is a bot's. A
 * missing, forged or old token ("unknown") is doubted the same way: the action holds such a
 * message for a person rather than sending it (a real visitor may have kept the page open
 * across a restart, which changes a random secret, so it is held, never dropped). Each token
 * is spent by one message (spent-tokens.server.ts). Every process of the site must sign alike,
 * or a form shown by one and sent to another proves nothing: each site signs with the key of
 * FORM_SECRET (the same on every instance; the primary gives its workers one), else with a
 * random key of its own (its contact desk holds it: contact-desk.server.ts).
 *
 * @example
 * const secret = fillTokenKey(settings.FORM_SECRET);
 * const token = issueFillToken({ secret });          // hidden field when rendering the form
 * fillTimeVerdict(token, { minMs: 3000, secret });   // "too-fast" | "ok" | "unknown"
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The key tokens are signed with: FORM_SECRET's, alike in every process given it, else random. */
export function fillTokenKey(formSecret?: string): Uint8Array {
  return formSecret
    ? createHash("sha256").update(`fill-token:${formSecret}`).digest()
    : randomBytes(32);
}

/** Tokens older than this are not trusted either way (their signature may be replayed). */
export const FILL_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FillVerdict = "ok" | "too-fast" | "unknown";

export interface FillTokenOptions {
  now?: number;
  /** `fillTokenKey`'s. */
  secret: Uint8Array;
}

/** A token `<issued ms>.<nonce>.<signature>` recording when the form was rendered. */
export function issueFillToken({ now = Date.now(), secret }: FillTokenOptions) {
  const stamp = `${Math.trunc(now)}.${randomBytes(12).toString("base64url")}`;
  return `${stamp}.${sign(stamp, secret)}`;
}

/** Judges the time between rendering (`token`) and submitting (`now`). */
export function fillTimeVerdict(
  token: unknown,
  { minMs, now = Date.now(), secret }: FillTokenOptions & { minMs: number },
): FillVerdict {
  if (typeof token !== "string") return "unknown";
  const match = /^((\d{1,15})\.[\w-]{16})\.([\w-]{43})$/.exec(token);
  if (!match) return "unknown";
  const [, stamp = "", issued = "", signature = ""] = match;
  const expected = Buffer.from(sign(stamp, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "unknown";
  const elapsed = now - Number(issued);
  if (elapsed < 0 || elapsed > FILL_TOKEN_MAX_AGE_MS) return "unknown";
  return elapsed < minMs ? "too-fast" : "ok";
}

function sign(stamp: string, secret: Uint8Array): string {
  return createHmac("sha256", secret).update(`contact-form:${stamp}`).digest("base64url");
}
