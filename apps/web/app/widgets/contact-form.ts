/**
 * The contact form's checks in the browser (routes/contact/contact-form.tsx renders the form
 * and a place for every message). On submit it checks the fields with the contract's
 * `validateContact`, the server's own check, in the page's language: a form with errors stays
 * here, with each message under its field, the "correct the highlighted fields" alert and
 * focus on the first invalid field; a valid one goes to the server once, however often the
 * button is clicked, and says it is sending.
 */
import { type ContactErrors, contactFields, validateContact } from "@site/contract/contact-form";
import { defaultLanguage, isLanguage } from "@site/contract/languages";
import { readContactValues } from "../routes/contact/form-rules.ts";

export function contactForm(form: HTMLElement) {
  if (!(form instanceof HTMLFormElement)) return;
  const { lang } = document.documentElement;
  let sending = false;

  form.addEventListener("submit", (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    const check = validateContact(
      readContactValues(new FormData(form)),
      isLanguage(lang) ? lang : defaultLanguage,
    );
    if (check.ok) {
      showErrors(form, {});
      sending = true;
      sendingState(form);
      return;
    }
    event.preventDefault();
    showErrors(form, check.errors);
    const first = contactFields.find((field) => check.errors[field]?.length);
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) {
      control.focus({ preventScroll: true });
      // The alert above the form (clear of the fixed header), then the field, in view.
      document.querySelector("[data-contact-messages]")?.scrollIntoView({ block: "start" });
      control.scrollIntoView({ block: "nearest" });
    }
  });
}

/** Each field's message (or none), and the alert above the form, announced again each time. */
function showErrors(form: HTMLFormElement, errors: ContactErrors) {
  for (const field of contactFields) {
    const control = form.elements.namedItem(field);
    if (!(control instanceof HTMLElement)) continue;
    const message = document.getElementById(`${control.id}-error`);
    const text = errors[field]?.join(" ");
    if (text) {
      control.setAttribute("aria-invalid", "true");
      if (message) control.setAttribute("aria-describedby", message.id);
    } else {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }
    if (message) {
      const slot = message.querySelector("[data-error-text]");
      if (slot) slot.textContent = text ?? "";
      message.hidden = !text;
    }
  }
  // Outcomes of an earlier post no longer apply; a new alert is announced on every refused
  // submit.
  for (const notice of document.querySelectorAll("[data-contact-messages] [data-notice]"))
    notice.remove();
  const template = document.querySelector<HTMLTemplateElement>("template[data-fix-errors]");
  if (Object.keys(errors).length > 0 && template)
    document.querySelector("[data-contact-alert]")?.append(template.content.cloneNode(true));
}

/** The button says it is sending and takes no more clicks. */
function sendingState(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!button) return;
  const label = button.querySelector("[data-label]");
  if (label && button.dataset.sendingLabel) label.textContent = button.dataset.sendingLabel;
  // Once this submit is on its way.
  setTimeout(() => {
    button.disabled = true;
  });
}
