/**
 * The contact form's fill-time check: the server renders a signed "form shown at" time; a
 * submit with a valid signature that comes back faster than a person can type is a bot.
 * A missing, forged or old token proves nothing (a real visitor may have kept the page open
 * across a restart, which changes a random secret), so only "too fast" counts. Every process
 * of the site must sign alike, or a form shown by one and sent to another proves nothing:
 * FORM_SECRET (the same on every instance; the primary gives its workers one) via
 * `setFillTokenSecret`, else a random secret of this process.
 *
 * @example
 * const token = issueFillToken();            // hidden field when rendering the form
 * fillTimeVerdict(token, { minMs: 3000 });   // "too-fast" | "ok" | "unknown"
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

let siteSecret: Uint8Array = randomBytes(32);

/** Signs and checks tokens with `secret` (FORM_SECRET) from now on, in place of a random one. */
export function setFillTokenSecret(secret: string): void {
  siteSecret = createHash("sha256").update(`fill-token:${secret}`).digest();
}

/** Tokens older than this are not trusted either way (their signature may be replayed). */
const maxAgeMs = 24 * 60 * 60 * 1000;

export type FillVerdict = "ok" | "too-fast" | "unknown";

export interface FillTokenOptions {
  now?: number;
  secret?: Uint8Array;
}

/** A token `<issued ms>.<signature>` recording when the form was rendered. */
export function issueFillToken({ now = Date.now(), secret = siteSecret }: FillTokenOptions = {}) {
  const issued = String(Math.trunc(now));
  return `${issued}.${sign(issued, secret)}`;
}

/** Judges the time between rendering (`token`) and submitting (`now`). */
export function fillTimeVerdict(
  token: unknown,
  { minMs, now = Date.now(), secret = siteSecret }: FillTokenOptions & { minMs: number },
): FillVerdict {
  if (typeof token !== "string") return "unknown";
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return "unknown";
  const [, issued = "", signature = ""] = match;
  const expected = Buffer.from(sign(issued, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "unknown";
  const elapsed = now - Number(issued);
  if (elapsed < 0 || elapsed > maxAgeMs) return "unknown";
  return elapsed < minMs ? "too-fast" : "ok";
}

function sign(issued: string, secret: Uint8Array): string {
  return createHmac("sha256", secret).update(`contact-form:${issued}`).digest("base64url");
}
