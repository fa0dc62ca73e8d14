/**
 * The contact form: one function validates it in the browser, in the website's server and in
 * the reference API, and answers in the visitor's language. Plain code, not zod: it is the only
 * part of the contract the browser runs, and it must stay small (`@site/contract/contact-form`).
 */
import { westernDigits } from "./digits.ts";
import type { Language } from "./languages.ts";

export const contactLimits = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  message: 5000,
} as const;
export const contactFields = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];

export type ContactMessageKey =
  | "nameRequired"
  | "nameTooLong"
  | "emailRequired"
  | "emailInvalid"
  | "emailTooLong"
  | "phoneTooLong"
  | "phoneInvalid"
  | "subjectTooLong"
  | "messageRequired"
  | "messageTooLong"
  | "notText";

export const contactMessages: Record<Language, Record<ContactMessageKey, string>> = {
  en: {
    nameRequired: "Name is required.",
    nameTooLong: `Name must be at most ${contactLimits.name} characters.`,
    emailRequired: "Email is required.",
    emailInvalid: "Please enter a valid email address.",
    emailTooLong: `Email must be at most ${contactLimits.email} characters.`,
    phoneTooLong: `Phone must be at most ${contactLimits.phone} characters.`,
    phoneInvalid: "Phone may contain only digits, spaces and the characters + ( ) - .",
    subjectTooLong: `Subject must be at most ${contactLimits.subject} characters.`,
    messageRequired: "Message is required.",
    messageTooLong: `Message must be at most ${contactLimits.message} characters.`,
    notText: "This field must be text.",
  },
  ar: {
    nameRequired: "الاسم مطلوب.",
    nameTooLong: `يجب ألا يتجاوز الاسم ${contactLimits.name} حرفًا.`,
    emailRequired: "البريد الإلكتروني مطلوب.",
    emailInvalid: "يرجى إدخال بريد إلكتروني صحيح.",
    emailTooLong: `يجب ألا يتجاوز البريد الإلكتروني ${contactLimits.email} حرفًا.`,
    phoneTooLong: `يجب ألا يتجاوز رقم الهاتف ${contactLimits.phone} حرفًا.`,
    phoneInvalid:
      "لا يقبل رقم الهاتف إلا الأرقام والمسافات وعلامة الجمع (+) والأقواس والشَّرطة (-) والنقطة.",
    subjectTooLong: `يجب ألا يتجاوز الموضوع ${contactLimits.subject} حرف.`,
    messageRequired: "الرسالة مطلوبة.",
    messageTooLong: `يجب ألا تتجاوز الرسالة ${contactLimits.message} حرف.`,
    notText: "يجب أن يكون هذا الحقل نصًا.",
  },
};

export interface ContactForm {
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
}
export type ContactErrors = Partial<Record<ContactField, string[]>>;

export type ContactValidation =
  | { ok: true; data: ContactForm }
  | { ok: false; errors: ContactErrors };

/** The pattern of a valid address: zod's `z.email()` pattern, which the API also applies. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** Western and Arabic digits (what Arabic keyboards type: westernDigits), spaces and `+ ( ) - .`. */
const phonePattern = /^[+\d\u0660-\u0669\u06F0-\u06F9\s()\-.]*$/;

interface FieldRule {
  /** Message when the field is missing or blank; absent for optional fields. */
  required?: ContactMessageKey;
  tooLong: ContactMessageKey;
  /** Further checks of a value within the length limit (all that fail are reported). */
  checks?: [RegExp, ContactMessageKey][];
  /** Whether the checks also run on an over-long value. */
  checkOverLong?: boolean;
  /** The valid value as it is sent on. */
  normalise?: (text: string) => string;
}

const rules: Record<ContactField, FieldRule> = {
  name: { required: "nameRequired", tooLong: "nameTooLong" },
  email: {
    required: "emailRequired",
    tooLong: "emailTooLong",
    checks: [[emailPattern, "emailInvalid"]],
  },
  // Sent with Western digits, as the site writes numbers: the staff can dial or search it.
  phone: {
    tooLong: "phoneTooLong",
    checks: [[phonePattern, "phoneInvalid"]],
    checkOverLong: true,
    normalise: westernDigits,
  },
  subject: { tooLong: "subjectTooLong" },
  message: { required: "messageRequired", tooLong: "messageTooLong" },
};

/**
 * A single-line field's text with line breaks, tabs and other control characters made spaces:
 * a name or subject may end up in a mail header, where a line break starts a new header.
 */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");

/** The message keys of one field's value, and its trimmed text (undefined: not given). */
function checkField(
  field: ContactField,
  value: unknown,
): [ContactMessageKey[], string | undefined] {
  const rule = rules[field];
  if (value === undefined || value === null)
    return [rule.required ? [rule.required] : [], undefined];
  if (typeof value !== "string") return [["notText"], undefined];
  const text = (field === "message" ? value : oneLine(value)).trim();
  if (!text) return [rule.required ? [rule.required] : [], undefined];
  const problems: ContactMessageKey[] = [];
  const overLong = text.length > contactLimits[field];
  if (overLong) problems.push(rule.tooLong);
  if (!overLong || rule.checkOverLong) {
    for (const [pattern, key] of rule.checks ?? []) if (!pattern.test(text)) problems.push(key);
  }
  return [problems, rule.normalise ? rule.normalise(text) : text];
}

/**
 * Validates a contact message: every field trimmed, and all but the message on one line (line
 * breaks and controls become spaces); name, email and message required; the
 * limits of `contactLimits`; unknown fields dropped. Errors come per field in `lang`.
 */
export function validateContact(input: unknown, lang: Language): ContactValidation {
  const messages = contactMessages[lang];
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, errors: { message: [messages.notText] } };
  }
  const values = input as Record<string, unknown>;
  const data: Record<string, string> = {};
  const errors: ContactErrors = {};
  for (const field of contactFields) {
    const [problems, text] = checkField(field, values[field]);
    if (problems.length > 0) errors[field] = problems.map((key) => messages[key]);
    else if (text !== undefined) data[field] = text;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: data as unknown as ContactForm };
}
