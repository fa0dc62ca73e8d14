/**
 * The contact page's form: a real `<form method="post">` (so it works before scripts load and
 * without them). The page's action (action.server.ts) checks it and answers with this page:
 * the outcome in live regions above the form, the errors next to the fields, and focus on the
 * first invalid field or the outcome. In the browser, widgets/contact-form.ts checks the
 * fields before sending, with the same messages, in the slots rendered here, and sends a
 * message once however often the button is clicked.
 */
import {
  type ContactErrors,
  type ContactField,
  contactFields,
  contactLimits,
} from "@site/contract/contact-form";
import type { Language } from "@site/contract/languages";
import { useTranslation } from "react-i18next";
import { InfoIcon } from "../../components/icons.tsx";
import { type FieldSpec, FormField } from "./form-field.tsx";
import { type ContactResult, hiddenFields } from "./form-rules.ts";

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
  const errors: ContactErrors = result?.errors ?? {};
  const notice = result?.status;
  const hasErrors = Object.keys(errors).length > 0;
  const current = result ?? session;
  const values = result?.values;
  // The answered page brings its outcome into view: the first invalid field, or the notice.
  const autoFocusField = firstInvalid(errors);
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

      <div data-contact-messages className="scroll-mt-28">
        <div role="status" aria-live="polite">
          {success ? (
            <Notice
              tone="success"
              focus
              text={t(notice === "queued" ? "contact.queued" : "contact.success")}
            />
          ) : null}
        </div>
        <div role="alert" data-contact-alert>
          {problem ? (
            <Notice tone="error" focus text={t(`contact.${problem}`)} />
          ) : hasErrors ? (
            <Notice tone="error" text={t("contact.fixErrors")} />
          ) : null}
        </div>
        {/* What widgets/contact-form.ts puts in the alert when it finds errors itself. */}
        <template data-fix-errors>
          <Notice tone="error" text={t("contact.fixErrors")} />
        </template>
      </div>

      <form
        method="post"
        noValidate
        data-widget="contact-form"
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
            data-sending-label={t("contact.sending")}
            className="group inline-flex w-full items-center justify-center gap-2.5 rounded-lg bg-navy-900 px-8 py-3.5 text-base font-semibold text-white shadow-sm transition-colors hover:bg-steel-600 disabled:cursor-wait disabled:bg-navy-800/80 sm:w-auto"
          >
            <span
              aria-hidden="true"
              className="hidden size-4 rounded-full border-2 border-current border-e-transparent group-disabled:block motion-safe:animate-spin"
            />
            <span data-label>{t("contact.send")}</span>
          </button>
        </div>
      </form>
    </div>
  );
}

/** The outcome of a submit (or "fix the errors"), with its icon. */
function Notice({
  tone,
  text,
  focus = false,
}: {
  tone: "success" | "error";
  text: string;
  /** The answer of a post: focused when the page opens, to bring it into view. */
  focus?: boolean;
}) {
  const colours =
    tone === "success"
      ? "border-emerald-600/30 bg-emerald-50 text-emerald-900"
      : "border-red-600/30 bg-red-50 text-red-800";
  return (
    <div
      tabIndex={focus ? -1 : undefined}
      // biome-ignore lint/a11y/noAutofocus: only on the answer to a post, to bring the outcome into view
      autoFocus={focus || undefined}
      data-notice
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
