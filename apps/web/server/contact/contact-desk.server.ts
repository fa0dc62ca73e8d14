/**
 * The contact desk: what the contact action (submit-contact.server.ts) works with, made from
 * the settings once per site (site-context.server.ts): the shared contact limit, the fill-time
 * check's key, the send to the content API, the outbox writer and the record of spent form
 * tokens. Made apart from the action so a test, or a second site in one process, makes its own
 * (decision 007) and the action reads no settings.
 */
import type { RedisLink } from "../scale-out/redis.server.ts";
import type { Settings } from "../settings.server.ts";
import { type ContactOutcome, type OutgoingMessage, sendContact } from "./contact-api.server.ts";
import { fillTokenKey } from "./fill-token.server.ts";
import { type OutboxWriter, outboxWriter } from "./outbox.server.ts";
import {
  type ContactLimiter,
  contactLimitOptions,
  sharedContactLimiter,
} from "./shared-rate-limit.server.ts";
import { type SpentTokens, spentTokens } from "./spent-tokens.server.ts";

/** What the action works with, made once per site (site-context.server.ts). */
export interface ContactDesk {
  limiter: ContactLimiter;
  /** A form sent back sooner than this after it was shown is a bot's. */
  minFillMs: number;
  /** What the form's fill-time tokens are signed with (fill-token.server.ts). */
  formKey: Uint8Array;
  send(message: OutgoingMessage): Promise<ContactOutcome>;
  outbox: OutboxWriter;
  /** The form tokens that have sent a message. */
  tokens: SpentTokens;
}

export function createContactDesk(settings: Settings, redis?: RedisLink): ContactDesk {
  // The visitor's own send gives up sooner than the outbox's retries (API_TIMEOUT_MS).
  const api = {
    baseUrl: settings.API_BASE_URL,
    timeoutMs: Math.min(settings.API_TIMEOUT_MS, settings.CONTACT_SEND_WAIT_MS),
  };
  const outbox = outboxWriter(settings.OUTBOX_DATABASE_PATH, {
    capacity: settings.OUTBOX_MAX_MESSAGES,
  });
  return {
    limiter: sharedContactLimiter(contactLimitOptions(settings), redis),
    minFillMs: settings.CONTACT_MIN_FILL_MS,
    formKey: fillTokenKey(settings.FORM_SECRET),
    send: async (message) => {
      const outcome = await sendContact(message, api);
      // Not answered within CONTACT_SEND_WAIT_MS, the send may still be at work in the API:
      // the outbox tries again once API_TIMEOUT_MS from its start is past, as it would have
      // waited, so an API that does not heed the key (API.md allows it) stores no second copy.
      if (outcome.kind !== "unavailable" || !outcome.timedOut) return outcome;
      const rest = settings.API_TIMEOUT_MS - api.timeoutMs;
      return { ...outcome, retryAfterMs: Math.max(outcome.retryAfterMs ?? 0, rest) };
    },
    outbox,
    // One connection for the outbox and the local record of tokens: the same writer.
    tokens: spentTokens(outbox, redis),
  };
}
