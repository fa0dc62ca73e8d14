/**
 * The contact form: one schema validates it in the browser, in the website's server and in
 * the reference API. Messages are keys translated by `contactMessages`, so each side answers
 * in the visitor's language.
 */
import { z } from "zod";
import type { Language } from "./endpoints.ts";

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
    phoneInvalid: "يمكن أن يحتوي رقم الهاتف على أرقام ومسافات والرموز + ( ) - . فقط.",
    subjectTooLong: `يجب ألا يتجاوز الموضوع ${contactLimits.subject} حرف.`,
    messageRequired: "الرسالة مطلوبة.",
    messageTooLong: `يجب ألا تتجاوز الرسالة ${contactLimits.message} حرف.`,
    notText: "يجب أن يكون هذا الحقل نصًا.",
  },
};

/** Trims text; an empty optional field counts as not given. */
const text = (required: ContactMessageKey, tooLong: ContactMessageKey, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? required : "notText",
      })
      .min(1, { error: required })
      .max(max, { error: tooLong }),
  );

const optionalText = (tooLong: ContactMessageKey, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v === null ? undefined : v),
    z.string({ error: "notText" }).max(max, { error: tooLong }).optional(),
  );

export const contactForm = z.object({
  name: text("nameRequired", "nameTooLong", contactLimits.name),
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: (issue) => (issue.input == null ? "emailRequired" : "notText") })
      .min(1, { error: "emailRequired" })
      .max(contactLimits.email, { error: "emailTooLong" })
      .pipe(z.email({ error: "emailInvalid" })),
  ),
  phone: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string({ error: "notText" })
      .max(contactLimits.phone, { error: "phoneTooLong" })
      .regex(/^[+\d\s()\-.]*$/, { error: "phoneInvalid" })
      .optional(),
  ),
  subject: optionalText("subjectTooLong", contactLimits.subject),
  message: text("messageRequired", "messageTooLong", contactLimits.message),
});
export type ContactForm = z.infer<typeof contactForm>;
export type ContactErrors = Partial<Record<ContactField, string[]>>;

export type ContactValidation =
  | { ok: true; data: ContactForm }
  | { ok: false; errors: ContactErrors };

/** Validates a contact message and returns per-field messages in `lang`. */
export function validateContact(input: unknown, lang: Language): ContactValidation {
  const result = contactForm.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const messages = contactMessages[lang];
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !(contactFields as readonly string[]).includes(field))
      continue;
    const key = issue.message as ContactMessageKey;
    const message = messages[key] ?? issue.message;
    const list = errors[field as ContactField] ?? [];
    errors[field as ContactField] = list;
    if (!list.includes(message)) list.push(message);
  }
  if (Object.keys(errors).length === 0) errors.message = [messages.notText];
  return { ok: false, errors };
}

/** The optional `Idempotency-Key` request header: 1-100 visible characters. */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,100}$/);

export const contactCreated = z.object({ id: z.union([z.number().int(), z.string()]) });
