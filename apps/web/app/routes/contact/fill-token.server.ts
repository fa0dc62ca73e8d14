/**
 * The contact form's fill-time check: the server renders a signed "form shown at" time; a
 * submit with a valid signature that comes back faster than a person can type is a bot.
 * A missing, forged or old token proves nothing (a real visitor may have kept the page open
 * across a restart, which changes the per-process secret), so only "too fast" counts.
 *
 * @example
 * const token = issueFillToken();            // hidden field when rendering the form
 * fillTimeVerdict(token, { minMs: 3000 });   // "too-fast" | "ok" | "unknown"
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const processSecret = randomBytes(32);

/** Tokens older than this are not trusted either way (their signature may be replayed). */
const maxAgeMs = 24 * 60 * 60 * 1000;

export type FillVerdict = "ok" | "too-fast" | "unknown";

export interface FillTokenOptions {
  now?: number;
  secret?: Uint8Array;
}

/** A token `<issued ms>.<signature>` recording when the form was rendered. */
export function issueFillToken({
  now = Date.now(),
  secret = processSecret,
}: FillTokenOptions = {}) {
  const issued = String(Math.trunc(now));
  return `${issued}.${sign(issued, secret)}`;
}

/** Judges the time between rendering (`token`) and submitting (`now`). */
export function fillTimeVerdict(
  token: unknown,
  { minMs, now = Date.now(), secret = processSecret }: FillTokenOptions & { minMs: number },
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
