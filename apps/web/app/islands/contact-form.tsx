/**
 * The contact form (SPEC.md 5): a real `<form method="post">`, so it works before this island
 * is live and without scripts (the page's action answers with the page). Live, it checks the
 * fields with the contract's `validateContact`, the server's own check, in the page's
 * language: a form with errors stays here with each message under its field, the "correct the
 * highlighted fields" alert and focus on the first invalid field; a message goes as soon as
 * its field, changed, passes the check when the visitor leaves it. A valid form is sent once
 * with `fetch` to the action's JSON address while the button reads "Sending..." (said by the
 * status region too) and ignores presses; the outcome is shown in place and said by its live
 * region, the form emptied after a success and kept as typed after a failure.
 */
import {
  type ContactErrors,
  type ContactField,
  contactFields,
  contactLimits,
  validateContact,
} from "@site/contract/contact-form";
import type { Language } from "@site/contract/languages";
import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { InfoIcon } from "../components/icons.tsx";
import {
  type ContactResult,
  type ContactStatus,
  type ContactValues,
  hiddenFields,
  readContactValues,
} from "../shared/contact-form.ts";
import { island } from "./island.tsx";
import { type FieldSpec, FormField } from "./parts/form-field.tsx";

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

/** The outcomes a visitor reads about (an invalid form speaks through its fields). */
type Outcome = Exclude<ContactStatus, "invalid">;

interface ContactFormTexts {
  heading: string;
  required: string;
  labels: Record<ContactField, string>;
  honeypot: string;
  send: string;
  sending: string;
  fixErrors: string;
  outcomes: Record<Outcome, string>;
}

export interface ContactFormProps {
  lang: Language;
  texts: ContactFormTexts;
  /** Where the live form sends messages: the page's action, answering JSON. */
  sendTo: string;
  /** Hidden fields of this form's session. */
  session: { key: string; token: string };
  /** The action's answer to a post without scripts, shown as the page opens. */
  result?: ContactResult;
}

function ContactForm({ lang, texts, sendTo, session, result }: ContactFormProps) {
  const [errors, setErrors] = useState<ContactErrors>(result?.errors ?? {});
  const [outcome, setOutcome] = useState<ContactStatus | undefined>(result?.status);
  const first = result ?? session;
  const [hidden, setHidden] = useState({ key: first.key, token: first.token });
  const [sending, setSending] = useState(false);
  // Counts refused submits, so the alert is new (and announced) each time.
  const [attempt, setAttempt] = useState(0);
  const [showOutcome, setShowOutcome] = useState(false);
  const messagesRef = useRef<HTMLDivElement>(null);
  const values = result?.values;
  /** The fields as they were when their errors were shown: an error goes once its field changed. */
  const checkedValues = useRef<Partial<ContactValues>>(values ?? {});
  // The page answering a post without scripts brings its outcome into view.
  const autoFocusField = result ? firstInvalid(result.errors ?? {}) : undefined;
  const hasErrors = Object.keys(errors).length > 0;
  const success = outcome === "sent" || outcome === "queued" ? outcome : undefined;
  const problem =
    outcome === "rateLimited" || outcome === "tooLarge" || outcome === "failed"
      ? outcome
      : undefined;

  /** The outcome of a send, focused when it is the answer to a post without scripts. */
  const outcomeNotice = (tone: "success" | "error", shown: keyof typeof texts.outcomes) => (
    <Notice tone={tone} focus={Boolean(result)} text={texts.outcomes[shown]} />
  );

  // A live send's outcome is said by its live region (a status message, WCAG 4.1.3) and brought
  // into view; focus stays on the button (focused too, the notice was read twice).
  useEffect(() => {
    if (!showOutcome) return;
    setShowOutcome(false);
    messagesRef.current?.scrollIntoView({ block: "start" });
  }, [showOutcome]);

  // The message under the first invalid field (its aria-describedby) brought into view too
  // once drawn: on a short window (zoomed) it was left just below the field.
  const firstInvalidRef = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each attempt's errors are drawn
  useEffect(() => {
    const control = firstInvalidRef.current;
    firstInvalidRef.current = null;
    const described = control?.getAttribute("aria-describedby");
    if (described) document.getElementById(described)?.scrollIntoView({ block: "nearest" });
  }, [attempt]);

  const showInvalid = (form: HTMLFormElement, found: ContactErrors) => {
    checkedValues.current = readContactValues(new FormData(form));
    setErrors(found);
    setOutcome("invalid");
    setAttempt((count) => count + 1);
    const first = firstInvalid(found);
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) {
      control.focus({ preventScroll: true });
      // The alert above the form (clear of the fixed header), then the field, in view; its
      // message once it is drawn (below).
      messagesRef.current?.scrollIntoView({ block: "start" });
      control.scrollIntoView({ block: "nearest" });
      firstInvalidRef.current = control;
    }
  };

  /**
   * Leaving a field: the errors of fields changed since they were shown are checked again, and
   * go when they pass (aria-invalid with them). None is added before a submit; an error of the
   * server's (which the page cannot check) stays while its field is as it was. Left by pressing
   * something (the send button): checked once the press is over, as the messages that go move
   * what is below them, and the button would move away from under the pointer before its click.
   */
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!hasErrors) return;
    const form = event.currentTarget;
    if (pressing.current) afterPress.current = () => recheck(form);
    else recheck(form);
  };
  /** Whether a pointer is pressed on the form (from `pointerdown` to its `pointerup`). */
  const pressing = useRef(false);
  /** The check a field left by that press waits to make. */
  const afterPress = useRef<(() => void) | null>(null);
  const onPointerDown = () => {
    pressing.current = true;
    const pressed = () => {
      pressing.current = false;
      const check = afterPress.current;
      afterPress.current = null;
      // After the click the press makes (the send), not before it.
      if (check) setTimeout(check);
    };
    document.addEventListener("pointerup", pressed, { once: true, capture: true });
  };

  const recheck = (form: HTMLFormElement) => {
    if (!form.isConnected) return;
    const now = readContactValues(new FormData(form));
    const check = validateContact(now, lang);
    const still: ContactErrors = check.ok ? {} : check.errors;
    setErrors((shown) => {
      const kept: ContactErrors = {};
      for (const field of contactFields) {
        const messages = shown[field];
        if (!messages) continue;
        if (now[field] === checkedValues.current[field]) kept[field] = messages;
        else if (still[field]) kept[field] = still[field];
      }
      const same = contactFields.every((field) => kept[field] === shown[field]);
      return same ? shown : kept;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const body = new FormData(form);
    const check = validateContact(readContactValues(body), lang);
    if (!check.ok) {
      showInvalid(form, check.errors);
      return;
    }
    setErrors({});
    setOutcome(undefined);
    setSending(true);
    let answer: ContactResult;
    try {
      const response = await fetch(sendTo, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      answer = (await response.json()) as ContactResult;
    } catch {
      answer = { status: "failed", ...hidden };
    }
    setSending(false);
    setHidden({ key: answer.key, token: answer.token });
    if (answer.status === "invalid") {
      showInvalid(form, answer.errors ?? {});
      return;
    }
    if (answer.status === "sent" || answer.status === "queued") form.reset();
    setOutcome(answer.status);
    setShowOutcome(true);
  };

  return (
    <div className="rounded-2xl bg-white p-6 shadow-xl shadow-navy-900/5 ring-1 ring-navy-900/5 sm:p-8 md:p-10">
      <h2 id="contact-form-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
        {texts.heading}
      </h2>
      <p className="mt-2 text-sm text-slate-500" aria-hidden="true">
        <span className="text-red-700">*</span> {texts.required}
      </p>

      <div ref={messagesRef} className="scroll-mt-28" data-testid="contact-messages">
        <div role="status" aria-live="polite">
          {success ? outcomeNotice("success", success) : null}
          {sending ? <span className="sr-only">{texts.sending}</span> : null}
        </div>
        <div role="alert">
          {problem ? (
            outcomeNotice("error", problem)
          ) : hasErrors ? (
            <Notice key={attempt} tone="error" text={texts.fixErrors} />
          ) : null}
        </div>
      </div>

      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onBlur={onBlur}
        onPointerDown={onPointerDown}
        aria-labelledby="contact-form-heading"
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name={hiddenFields.key} value={hidden.key} />
        <input type="hidden" name={hiddenFields.token} value={hidden.token} />
        <div className="sr-only" aria-hidden="true">
          <label htmlFor="contact-website">{texts.honeypot}</label>
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
            label={texts.labels[spec.field]}
            error={errors[spec.field]?.join(" ")}
            defaultValue={values?.[spec.field] ?? ""}
            autoFocus={autoFocusField === spec.field}
          />
        ))}

        <div className="sm:col-span-2">
          {/* Not `disabled` while sending: a disabled button loses the keyboard's focus (to the
              page), and a second press is ignored anyway (`onSubmit`). */}
          <button
            type="submit"
            aria-disabled={sending || undefined}
            className="group inline-flex w-full items-center justify-center gap-2.5 rounded-lg bg-navy-900 px-8 py-3.5 text-base font-semibold text-white shadow-sm transition-colors hover:bg-steel-600 aria-disabled:cursor-wait aria-disabled:bg-navy-800/80 sm:w-auto"
          >
            <span
              aria-hidden="true"
              className="hidden size-4 rounded-full border-2 border-current border-e-transparent group-aria-disabled:block motion-safe:animate-spin"
            />
            <span>{sending ? texts.sending : texts.send}</span>
          </button>
        </div>
      </form>
    </div>
  );
}

/** The outcome of a submit (or "fix the errors"), with its icon; focusable to be brought into view. */
function Notice({
  tone,
  text,
  focus = false,
}: {
  tone: "success" | "error";
  text: string;
  /** The answer of a post without scripts: focused when the page opens. */
  focus?: boolean;
}) {
  const colours =
    tone === "success"
      ? "border-emerald-600/30 bg-emerald-50 text-emerald-900"
      : "border-red-600/30 bg-red-50 text-red-800";
  return (
    <div
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: only on the answer to a post, to bring the outcome into view
      autoFocus={focus || undefined}
      data-testid="contact-notice"
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

// Live once in the view or first used: until then it is a plain form that posts.
export const ContactFormIsland = island("contact-form", ContactForm, "in-view");
