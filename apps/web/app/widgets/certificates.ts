/**
 * The ISO page's certificates (routes/iso.tsx): each fades in the first time it scrolls into
 * view, one after another (SPEC.md 4), and opens larger in the lightbox. Items already on
 * screen when this starts stay as the server painted them (`shown` at once, never hidden);
 * those below the fold are `pending` (hidden) until they enter the view. Without
 * IntersectionObserver and for reduced motion they stay `static`: visible, no animation.
 */
import { REDUCED_MOTION_QUERY } from "../lib/carousel-layout.ts";
import { startLightbox } from "./lightbox.ts";

/** How much of an item must be in view before it fades in. */
const THRESHOLD = 0.15;

export function certificates(root: HTMLElement) {
  startLightbox(root);
  if (matchMedia(REDUCED_MOTION_QUERY).matches || typeof IntersectionObserver === "undefined")
    return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        (entry.target as HTMLElement).dataset.reveal = "shown";
        observer.unobserve(entry.target);
      }
    },
    { threshold: THRESHOLD },
  );
  for (const item of root.querySelectorAll<HTMLElement>("[data-reveal]")) {
    const box = item.getBoundingClientRect();
    if (box.top < window.innerHeight && box.bottom > 0) {
      item.dataset.reveal = "shown";
      continue;
    }
    item.dataset.reveal = "pending";
    observer.observe(item);
  }
}
