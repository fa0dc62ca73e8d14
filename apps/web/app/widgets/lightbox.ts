/**
 * Brings components/lightbox.tsx to life for the openers inside `scope` (elements with
 * `data-lightbox-src`): see there for what it does.
 */
import { arrowStep } from "../lib/carousel-keys.ts";
import { pageDirection } from "./slider.ts";

export function startLightbox(scope: HTMLElement) {
  const dialog = scope.querySelector<HTMLDialogElement>("dialog[data-lightbox]");
  const openers = [...scope.querySelectorAll<HTMLElement>("[data-lightbox-src]")];
  if (!dialog || openers.length === 0) return;
  const title = dialog.querySelector("[data-lightbox-title]");
  const counter = dialog.querySelector<HTMLElement>("[data-counter]");
  const closeButton = dialog.querySelector<HTMLButtonElement>("button[data-lightbox-close]");
  const total = openers.length;
  let current = 0;
  let returnTo: HTMLElement | null = null;
  let overflow = "";

  const show = (index: number) => {
    current = (index + total) % total;
    const opener = openers[current];
    const image = dialog.querySelector<HTMLImageElement>("img[data-lightbox-image]");
    if (!opener || !image) return;
    const alt = opener.dataset.lightboxAlt ?? "";
    // A new element, so the image fades in again.
    const next = image.cloneNode() as HTMLImageElement;
    next.src = opener.dataset.lightboxSrc ?? "";
    next.alt = alt;
    image.replaceWith(next);
    dialog.setAttribute("aria-label", alt);
    if (title) title.textContent = alt;
    if (counter)
      counter.textContent = (counter.dataset.counter ?? "").replace("{index}", String(current + 1));
  };

  const open = (index: number) => {
    returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    show(index);
    dialog.showModal();
    closeButton?.focus();
  };

  const close = () => {
    document.documentElement.style.overflow = overflow;
    if (dialog.open) dialog.close();
    returnTo?.focus({ preventScroll: true });
  };

  openers.forEach((opener, index) => {
    opener.addEventListener("click", () => {
      // Safari does not focus clicked buttons; focus comes back to this one.
      opener.focus({ preventScroll: true });
      open(index);
    });
  });
  for (const element of dialog.querySelectorAll("[data-lightbox-close]"))
    element.addEventListener("click", close);
  for (const button of dialog.querySelectorAll<HTMLElement>("[data-lightbox-step]"))
    button.addEventListener("click", () => show(current + Number(button.dataset.lightboxStep)));
  // Escape.
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    close();
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Tab") {
      const buttons = [...dialog.querySelectorAll("button")];
      const active = document.activeElement as HTMLButtonElement | null;
      const leaving = event.shiftKey
        ? active === buttons[0] || !buttons.includes(active as HTMLButtonElement)
        : active === buttons.at(-1);
      if (leaving) {
        event.preventDefault();
        (event.shiftKey ? buttons.at(-1) : buttons[0])?.focus();
      }
      return;
    }
    const step = total > 1 ? arrowStep(event.key, pageDirection()) : 0;
    if (step === 0) return;
    event.preventDefault();
    show(current + step);
  });
}
