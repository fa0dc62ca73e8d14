/**
 * The contact form's shape, shared by the page (browser-side checks) and its action: the
 * visible fields come from the contract; three hidden ones fight duplicates and spam.
 */
import { type ContactErrors, type ContactField, contactFields } from "@site/contract/contact-form";

export const hiddenFields = {
  /** A UUID per rendered form: an identical re-submit is the same message for the API. */
  key: "submission",
  /** The signed time the form was shown (fill-token.server.ts). */
  token: "shown",
  /** The honeypot: hidden from people, filled by bots. */
  honeypot: "website",
} as const;

export type ContactValues = Record<ContactField, string>;

/**
 * The visible fields as typed (missing ones as ""), line breaks as `\n`: a form post sends
 * them as `\r\n`, and the API gets the text as the visitor typed it.
 */
export function readContactValues(form: FormData): ContactValues {
  const values = {} as ContactValues;
  for (const field of contactFields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  }
  return values;
}

/** How a submit ended. `sent` and `queued` both tell the visitor the message was received. */
export type ContactStatus = "sent" | "queued" | "invalid" | "rateLimited" | "tooLarge" | "failed";

export interface ContactResult {
  status: ContactStatus;
  /** Per-field messages in the visitor's language (`invalid`). */
  errors?: ContactErrors;
  /** What the visitor typed, to fill the form again (every outcome except success). */
  values?: ContactValues;
  /** Hidden fields for the next submit: the same after a failure, fresh after a success. */
  key: string;
  token: string;
}
