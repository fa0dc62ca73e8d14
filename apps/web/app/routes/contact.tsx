/**
 * Contact page (/:lang/contactUs): the company's contact details and a form that never loses
 * a message. A real `<Form method="post">`: without scripts the browser posts the page and
 * the server renders the outcome with the typed values; with scripts it is sent in place.
 * The browser checks with the contract's `validateContact` on submit, the action again
 * (lib/contact-form.server.ts), and an API that is down or slow means the outbox, not loss.
 */
import {
  type ContactErrors,
  type ContactField,
  contactFields,
  contactLimits,
  type Language,
  validateContact,
} from "@site/contract";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { ContactInfoList } from "../components/contact-info.tsx";
import { InfoIcon } from "../components/icons.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { i18nFor } from "../i18n/index.ts";
import { content, firstOf } from "../lib/api.server.ts";
import { newFormSession, submitContact } from "../lib/contact-form.server.ts";
import { type ContactResult, hiddenFields, readContactValues } from "../lib/contact-form.ts";
import { pageMeta } from "../lib/seo.ts";
import { visitorContext } from "../lib/visitor.server.ts";
import type { Route } from "./+types/contact";

export function meta(args: Route.MetaArgs) {
  const lang = args.params.lang === "ar" ? "ar" : "en";
  return pageMeta(args, {
    title: i18nFor(lang).t("contact.title"),
    image: args.loaderData?.bannerImage,
  });
}

export async function loader({ params }: Route.LoaderArgs) {
  const lang: Language = params.lang === "ar" ? "ar" : "en";
  const [contactInfo, bannerImage] = await Promise.all([
    content("contactInfo", lang),
    // The banner borrows the projects page's image; the page works without it.
    firstOf("projectPages", lang).then(
      (page) => page.image || null,
      () => null,
    ),
  ]);
  return { lang, contactInfo, bannerImage, session: newFormSession() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = params.lang === "ar" ? "ar" : "en";
  return submitContact(request, lang, context.get(visitorContext));
}

/** Sending a message changes nothing the loader shows (and keeps its form session). */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, contactInfo, bannerImage, session } = loaderData;
  return (
    <>
      <PageBanner title={t("contact.title")} image={bannerImage} />
      <section className="bg-sand-100/60 py-14 md:py-20">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-5 lg:gap-10">
          <aside
            aria-labelledby="contact-info-heading"
            className="self-start rounded-2xl bg-white p-6 shadow-xl shadow-navy-900/5 ring-1 ring-navy-900/5 sm:p-8 md:p-10 lg:col-span-2"
          >
            <h2 id="contact-info-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
              {t("contact.infoHeading")}
            </h2>
            <span aria-hidden="true" className="mt-3 block h-1 w-14 rounded-full bg-amber-brand" />
            <ContactInfoList items={contactInfo} tone="light" className="mt-8" />
          </aside>
          <div className="lg:col-span-3">
            <ContactForm lang={lang} session={session} result={actionData} />
          </div>
        </div>
      </section>
    </>
  );
}

type FieldSpec = {
  field: ContactField;
  required?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  ltr?: boolean;
  multiline?: boolean;
};

const fields: FieldSpec[] = [
  { field: "name", required: true, autoComplete: "name" },
  { field: "email", required: true, type: "email", autoComplete: "email", ltr: true },
  { field: "phone", type: "tel", autoComplete: "tel", ltr: true },
  { field: "subject" },
  { field: "message", required: true, multiline: true },
];

const inputId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;
const firstInvalid = (errors: ContactErrors) =>
  contactFields.find((field) => errors[field]?.length);

function ContactForm({
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
          <Field
            key={spec.field}
            spec={spec}
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

function Field({
  spec,
  lang,
  label,
  error,
  defaultValue,
  autoFocus,
}: {
  spec: FieldSpec;
  lang: Language;
  label: string;
  error: string | undefined;
  defaultValue: string;
  autoFocus: boolean;
}) {
  const { field, required = false, multiline = false } = spec;
  const control = {
    id: inputId(field),
    name: field,
    defaultValue,
    maxLength: contactLimits[field],
    required,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId(field) : undefined,
    className: `block w-full rounded-lg border bg-white px-4 py-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 ${
      error
        ? "border-red-600 focus-visible:outline-red-600"
        : "border-slate-300 hover:border-slate-400 focus-visible:border-navy-900 focus-visible:outline-navy-900"
    }`,
  };
  return (
    <div className={multiline ? "sm:col-span-2" : undefined}>
      <label htmlFor={control.id} className="mb-1.5 block text-sm font-semibold text-navy-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-1 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {multiline ? (
        <textarea
          rows={6}
          {...control}
          // biome-ignore lint/a11y/noAutofocus: only after a scriptless post, on the first invalid field
          autoFocus={autoFocus || undefined}
          className={`${control.className} min-h-36 resize-y`}
        />
      ) : (
        <input
          type={spec.type ?? "text"}
          autoComplete={spec.autoComplete}
          // Addresses and numbers read left to right; in Arabic they still sit on the right.
          dir={spec.ltr ? "ltr" : undefined}
          {...control}
          // biome-ignore lint/a11y/noAutofocus: only after a scriptless post, on the first invalid field
          autoFocus={autoFocus || undefined}
          className={`${control.className} ${spec.ltr && lang === "ar" ? "text-end" : ""}`}
        />
      )}
      {error ? (
        <p id={errorId(field)} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
          <InfoIcon size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

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
