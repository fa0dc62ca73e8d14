/**
 * The contact page's action: checks a submitted message again (never trusting the browser),
 * drops bots as if they succeeded, limits each visitor's sends, forwards the message to the
 * content API, and parks it in the outbox when the API cannot take it, so nothing is lost.
 * What it works with (limit, key, send, outbox, token record) is the site's contact desk
 * (contact-desk.server.ts).
 */
import { randomUUID } from "node:crypto";
import { contactPath, idempotencyKey, type Language, validateContact } from "@site/contract";
import { data } from "react-router";
import {
  type ContactResult,
  hiddenFields,
  readContactValues,
} from "../../app/shared/contact-form.ts";
import { loggerFor, reasonOf } from "../log.server.ts";
import { countContact } from "../operations/metrics.server.ts";
import type { Visitor } from "../request-context.server.ts";
import { type ContactOutcome, type OutgoingMessage, submissionKey } from "./contact-api.server.ts";
import type { ContactDesk } from "./contact-desk.server.ts";
import { FILL_TOKEN_MAX_AGE_MS, fillTimeVerdict, issueFillToken } from "./fill-token.server.ts";
import { OutboxFullError } from "./outbox.server.ts";
import { countDropped } from "./spam-counts.server.ts";

/** Hidden fields for a freshly rendered form of the site whose desk this is. */
export function newFormSession(desk: Pick<ContactDesk, "formKey">): { key: string; token: string } {
  return { key: randomUUID(), token: issueFillToken({ secret: desk.formKey }) };
}

const reply = (status: number, result: ContactResult) => data(result, { status });

/** How a post the outbox could not take is counted: refused as full, or failed. */
const failureOf = (error: unknown) =>
  error instanceof OutboxFullError ? ("outbox_full" as const) : ("failed" as const);

/** The contact desk writes into the outbox: its lines are the outbox's. */
const log = loggerFor("outbox");

/** Handles one POST of the contact form; the answer's status tells how it went. */
export async function submitContact(
  request: Request,
  lang: Language,
  visitor: Visitor,
  desk: ContactDesk,
) {
  const fresh = newFormSession(desk);
  const tooLarge = () => reply(413, { status: "tooLarge", ...fresh });
  if (visitor.bodyTooLarge()) return tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return visitor.bodyTooLarge() ? tooLarge() : reply(400, { status: "failed", ...fresh });
  }
  // The body may have been cut short at the cap while it was read.
  if (visitor.bodyTooLarge()) return tooLarge();

  const values = readContactValues(form);
  const givenKey = idempotencyKey.safeParse(form.get(hiddenFields.key));
  const givenToken = form.get(hiddenFields.token);
  const kept = {
    values,
    key: givenKey.success ? givenKey.data : fresh.key,
    token: typeof givenToken === "string" && givenToken.length <= 100 ? givenToken : fresh.token,
  };

  const validation = validateContact(values, lang);
  if (!validation.ok) {
    countContact("invalid");
    return reply(422, { status: "invalid", errors: validation.errors, ...kept });
  }

  const message: OutgoingMessage = {
    form: validation.data,
    lang,
    idempotencyKey: submissionKey(kept.key, lang, validation.data),
    clientAddress: visitor.address,
  };
  const limit = desk.limiter;
  // The same post while its first is being sent (a double click without JavaScript) shares
  // that send (`sendOnce`): it costs no quota, and is not counted again.
  const joining = sendsUnderWay.get(desk)?.has(message.idempotencyKey) === true;
  let counting = !joining;
  const count = (result: Parameters<typeof countContact>[0]) => {
    if (counting) countContact(result);
  };
  /**
   * The same post again (a reload of the answer, a later second click without JavaScript):
   * taken already, so not sent twice, whether or not the API heeds the idempotency key.
   */
  const takenAlready = () => {
    log.info("the same message posted again was taken already: not sent twice");
    return reply(200, { status: "sent", ...fresh });
  };
  if (!joining && !(await limit.take(visitor.address, message.idempotencyKey))) {
    // Answered as then, whatever the quota.
    if (await takenBefore(desk, givenToken, message.idempotencyKey)) return takenAlready();
    countContact("rate_limited");
    return reply(429, { status: "rateLimited", ...kept });
  }
  let spentToken: string | undefined;
  /** Records that the message this form's token sent was taken (once its token is spent). */
  let markTaken = () => {};
  const giveBack = () => {
    void limit.giveBack(visitor.address, message.idempotencyKey);
    if (spentToken) void desk.tokens.giveBack(spentToken, message.idempotencyKey).catch(() => {});
  };

  // Likely bots get exactly the answer people get. A filled honeypot (a field people never
  // see) is dropped and counted. A form sent too fast may be a person with autofill; one
  // without a valid token (missing, forged, a day old) or with a token another message spent
  // may be a person whose page outlived a restart: either is held for someone to release or
  // delete (`npm run outbox`), never sent by itself and never lost unseen.
  const honeypot = form.get(hiddenFields.honeypot);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log.info("dropped a contact submission that filled the hidden field");
    count("dropped");
    try {
      desk.outbox((outbox) => countDropped(outbox.database, "honeypot"));
    } catch {
      // Counting is best effort; the answer does not depend on it.
    }
    return reply(200, { status: "sent", ...fresh });
  }
  /**
   * Kept for a person to release or delete: `doubted` by the spam checks (answered as sent, as
   * people are), or `refused` by the API (the visitor is told it will be delivered).
   */
  const hold = (reason: string, why: string, kind: "doubted" | "refused") => {
    try {
      const id = desk.outbox((outbox) =>
        outbox.hold(message, reason, Date.now(), { doubted: kind === "doubted" }),
      );
      markTaken();
      log.warn({ held: id }, `held a message ${why}`);
      count("held");
      return kind === "doubted"
        ? reply(200, { status: "sent", ...fresh })
        : reply(202, { status: "queued", ...fresh });
    } catch (error) {
      giveBack();
      count(failureOf(error));
      log.error(`could not hold a message: ${reasonOf(error)}`);
      return reply(503, { status: "failed", ...kept });
    }
  };
  const verdict = fillTimeVerdict(givenToken, { minMs: desk.minFillMs, secret: desk.formKey });
  if (verdict === "too-fast") {
    const reason = `sent within ${desk.minFillMs} ms of the form being shown`;
    return hold(reason, "sent too soon after the form was shown", "doubted");
  }
  if (verdict === "unknown" || typeof givenToken !== "string") {
    return hold("sent without a valid form token", "sent without a valid form token", "doubted");
  }
  const tokenExpiresAt = Date.now() + FILL_TOKEN_MAX_AGE_MS;
  const spent = await desk.tokens
    .spend(givenToken, message.idempotencyKey, tokenExpiresAt)
    .catch((error: unknown) => {
      // The record failing must not lose the message: it is sent as if the token were new.
      log.warn(`could not record a spent form token: ${reasonOf(error)}`);
      return "send" as const;
    });
  if (spent === "other") {
    const reason = "sent with a form token another message had used";
    return hold(reason, reason, "doubted");
  }
  if (spent === "taken") {
    void limit.giveBack(visitor.address, message.idempotencyKey);
    return takenAlready();
  }
  spentToken = givenToken;
  markTaken = () => {
    void desk.tokens.taken(givenToken, message.idempotencyKey, tokenExpiresAt).catch(() => {});
  };

  const { outcome, repeated } = await sendOnce(desk, message);
  if (repeated) {
    // It shares the first's outcome; what the answer below writes (outbox, held, taken) is
    // kept once per idempotency key. Its quota, if taken before the first send began, goes back.
    log.info("the same message posted again while it was being sent: sent once");
    if (!joining) void limit.giveBack(visitor.address, message.idempotencyKey);
    counting = false;
  }
  switch (outcome.kind) {
    case "created":
      markTaken();
      if (outcome.odd) {
        log.warn(
          { endpoint: contactPath, message_key: message.idempotencyKey },
          `the API took a message with an answer API.md does not give: ${outcome.odd}`,
        );
      }
      count("accepted");
      return reply(200, { status: "sent", ...fresh });
    case "invalid":
      giveBack();
      count("invalid");
      return reply(422, { status: "invalid", errors: outcome.errors, ...kept });
    case "rejected":
      if (outcome.status === 413) {
        // Longer than the API takes: the visitor can shorten it.
        giveBack();
        count("failed");
        log.warn(
          { endpoint: contactPath },
          `the API refused a message as too long: ${outcome.reason}`,
        );
        return reply(413, { status: "tooLarge", ...kept });
      }
      // This site's own checks passed: what the API refused without saying which field, the
      // visitor cannot correct. A person reads it (`npm run outbox`, the ContactMessagesHeld
      // alert) and releases or deletes it.
      return hold(
        `refused by the API: ${outcome.reason}`,
        `the API refused (${outcome.reason})`,
        "refused",
      );
    case "rate-limited":
    case "unavailable":
      try {
        const now = Date.now();
        const notBefore = now + (outcome.retryAfterMs ?? 0);
        const { id } = desk.outbox((outbox) => outbox.enqueue(message, now, notBefore));
        markTaken();
        const reason =
          outcome.kind === "rate-limited" ? "HTTP 429: too many messages" : outcome.reason;
        log.warn(
          { endpoint: contactPath, outbox: id },
          `API unavailable (${reason}); message queued`,
        );
        count("queued");
        return reply(202, { status: "queued", ...fresh });
      } catch (error) {
        giveBack();
        count(failureOf(error));
        log.error(
          { endpoint: contactPath },
          `API unavailable (${outcome.kind}) and the outbox failed: ${reasonOf(error)}`,
        );
        return reply(503, { status: "failed", ...kept });
      }
  }
}

/**
 * Whether the message `key` was taken (stored, queued or held) with this form token before:
 * a read, and only of a token this site signed, so a stranger's posts over the quota cost no
 * writes.
 */
async function takenBefore(desk: ContactDesk, token: unknown, key: string): Promise<boolean> {
  if (typeof token !== "string" || token.length > 100) return false;
  const verdict = fillTimeVerdict(token, { minMs: desk.minFillMs, secret: desk.formKey });
  if (verdict === "unknown") return false;
  return desk.tokens.wasTaken(token, key).catch(() => false);
}

/** Per desk, the sends under way in this process, by idempotency key. */
const sendsUnderWay = new WeakMap<ContactDesk, Map<string, Promise<ContactOutcome>>>();

/**
 * Sends `message` unless the same message is being sent already, in which case it waits for that
 * send's outcome (`repeated`): the API may ignore the idempotency key (API.md) and store both.
 * An entry lasts as long as its send (the API's time-out at most); posts to other processes of
 * a cluster are not joined, and the key is then the API's to heed.
 */
async function sendOnce(
  desk: ContactDesk,
  message: OutgoingMessage,
): Promise<{ outcome: ContactOutcome; repeated: boolean }> {
  let underWay = sendsUnderWay.get(desk);
  if (!underWay) {
    underWay = new Map();
    sendsUnderWay.set(desk, underWay);
  }
  const key = message.idempotencyKey;
  const running = underWay.get(key);
  if (running) return { outcome: await running, repeated: true };
  const sending = desk.send(message);
  underWay.set(key, sending);
  try {
    return { outcome: await sending, repeated: false };
  } finally {
    underWay.delete(key);
  }
}
