/**
 * The contact page's form: a real `<Form method="post">` (so it works before scripts load and
 * without them) that checks the fields in the browser with the contract's `validateContact`,
 * shows the errors next to the fields and the outcome in live regions above the form, moves
 * focus to the first invalid field or the outcome, and sends a message once however often the
 * button is clicked. The page's action (lib/contact-form.server.ts) checks again and answers.
 */
import {
  type ContactErrors,
  type ContactField,
  contactFields,
  contactLimits,
  validateContact,
} from "@site/contract/contact-form";
import type { Language } from "@site/contract/languages";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { InfoIcon } from "../../components/icons.tsx";
import { type FieldSpec, FormField } from "./form-field.tsx";
import { type ContactResult, hiddenFields, readContactValues } from "./form-rules.ts";

const fields: FieldSpec<ContactField>[] = [
  { field: "name", required: true, autoComplete: "name" },
  { field: "email", required: true, type: "email", autoComplete: "email", ltr: true },
  { field: "phone", type: "tel", autoComplete: "tel", ltr: true },
  { field: "subject" },
  { field: "message", required: true, multiline: true },
];

const inputId = (field: ContactField) => `contact-${field}`;
const firstInvalid = (errors: ContactErrors) =>
  contactFields.find((field) => errors[field]?.length);

/** The form with its messages; `result` is the action's answer to the last post. */
export function ContactForm({
  lang,
  session,
  result,
}: {
  lang: Language;
  session: { key: string; token: string };
  result: ContactResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const noticeRef = useRef<HTMLDivElement>(null);
  const messagesRef = useRef<HTMLDivElement>(null);
  /** Errors found in the browser on the last submit; null when the server's answer counts. */
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  /** Set on submit (before the router notices), so a double click sends once. */
  const [pending, setPending] = useState(false);
  /** Bumped on every answer or refused submit: re-announces and moves focus. */
  const [round, setRound] = useState(0);

  /** The form is cleared (re-created empty) only after a message was received. */
  const [formKey, setFormKey] = useState(session.key);

  // A new answer from the action replaces whatever the browser found before.
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    setClientErrors(null);
    setPending(false);
    if (result) setRound((n) => n + 1);
    if (result?.status === "sent" || result?.status === "queued") setFormKey(result.key);
  }

  useEffect(() => {
    if (navigation.state === "idle") setPending(false);
  }, [navigation.state]);

  const sending =
    pending ||
    (navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST");
  const errors: ContactErrors = clientErrors ?? (sending ? {} : (result?.errors ?? {}));
  const notice = clientErrors || sending ? undefined : result?.status;
  const hasErrors = Object.keys(errors).length > 0;

  // After each answer or refused submit: focus the first invalid field, or the notice.
  const focusedRound = useRef(0);
  useEffect(() => {
    if (round === focusedRound.current) return;
    focusedRound.current = round;
    const field = firstInvalid(errors);
    const target = field ? document.getElementById(inputId(field)) : noticeRef.current;
    if (!target) return;
    target.focus({ preventScroll: true });
    // Show the notice above the form (clear of the fixed header), then make sure the focused
    // field is on screen too.
    messagesRef.current?.scrollIntoView({ block: "start" });
    target.scrollIntoView({ block: "nearest" });
  }, [round, errors]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (sending) {
      event.preventDefault();
      return;
    }
    const check = validateContact(readContactValues(new FormData(event.currentTarget)), lang);
    if (!check.ok) {
      event.preventDefault();
      setClientErrors(check.errors);
      setRound((n) => n + 1);
      return;
    }
    setClientErrors(null);
    setPending(true);
  }

  const current = result ?? session;
  const values = result?.values;
  // Without scripts the server's page must focus by itself: the first invalid field.
  const autoFocusField = round === 0 ? firstInvalid(errors) : undefined;
  const success = notice === "sent" || notice === "queued";
  const problem =
    notice === "rateLimited" || notice === "tooLarge" || notice === "failed" ? notice : undefined;

  return (
    <div className="rounded-2xl bg-white p-6 shadow-xl shadow-navy-900/5 ring-1 ring-navy-900/5 sm:p-8 md:p-10">
      <h2 id="contact-form-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
        {t("contact.formHeading")}
      </h2>
      <p className="mt-2 text-sm text-slate-500" aria-hidden="true">
        <span className="text-red-700">*</span> {t("contact.required")}
      </p>

      <div ref={messagesRef} className="scroll-mt-28">
        <div role="status" aria-live="polite">
          {success ? (
            <Notice
              tone="success"
              noticeRef={noticeRef}
              autoFocus={round === 0}
              text={t(notice === "queued" ? "contact.queued" : "contact.success")}
            />
          ) : null}
        </div>
        <div role="alert">
          {problem ? (
            <Notice
              tone="error"
              noticeRef={noticeRef}
              autoFocus={round === 0}
              text={t(`contact.${problem}`)}
            />
          ) : hasErrors ? (
            <Notice key={round} tone="error" text={t("contact.fixErrors")} />
          ) : null}
        </div>
      </div>

      <Form
        key={formKey}
        method="post"
        noValidate
        preventScrollReset
        onSubmit={onSubmit}
        aria-labelledby="contact-form-heading"
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name={hiddenFields.key} value={current.key} />
        <input type="hidden" name={hiddenFields.token} value={current.token} />
        <div className="sr-only" aria-hidden="true">
          <label htmlFor="contact-website">{t("contact.honeypot")}</label>
          <input
            id="contact-website"
            type="text"
            name={hiddenFields.honeypot}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        {fields.map((spec) => (
          <FormField
            key={spec.field}
            spec={spec}
            id={inputId(spec.field)}
            maxLength={contactLimits[spec.field]}
            lang={lang}
            label={t(`contact.${spec.field}`)}
            error={errors[spec.field]?.join(" ")}
            defaultValue={values?.[spec.field] ?? ""}
            autoFocus={autoFocusField === spec.field}
          />
        ))}

        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={sending}
            className="inline-flex w-full items-center justify-center gap-2.5 rounded-lg bg-navy-900 px-8 py-3.5 text-base font-semibold text-white shadow-sm transition-colors hover:bg-steel-600 disabled:cursor-wait disabled:bg-navy-800/80 sm:w-auto"
          >
            {sending ? (
              <span
                aria-hidden="true"
                className="size-4 rounded-full border-2 border-current border-e-transparent motion-safe:animate-spin"
              />
            ) : null}
            {sending ? t("contact.sending") : t("contact.send")}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** The outcome of a submit (or "fix the errors"), with its icon. */
function Notice({
  tone,
  text,
  noticeRef,
  autoFocus,
}: {
  tone: "success" | "error";
  text: string;
  noticeRef?: React.Ref<HTMLDivElement>;
  autoFocus?: boolean;
}) {
  const colours =
    tone === "success"
      ? "border-emerald-600/30 bg-emerald-50 text-emerald-900"
      : "border-red-600/30 bg-red-50 text-red-800";
  return (
    <div
      ref={noticeRef}
      tabIndex={noticeRef ? -1 : undefined}
      // biome-ignore lint/a11y/noAutofocus: only after a scriptless post, to bring the outcome into view
      autoFocus={autoFocus || undefined}
      className={`mt-5 flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium outline-none ${colours}`}
    >
      {tone === "success" ? (
        <svg
          viewBox="0 0 24 24"
          width={20}
          height={20}
          aria-hidden="true"
          focusable="false"
          className="mt-px shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="m8 12 3 3 5-6" />
        </svg>
      ) : (
        <InfoIcon size={20} className="mt-px shrink-0" />
      )}
      <p>{text}</p>
    </div>
  );
}
