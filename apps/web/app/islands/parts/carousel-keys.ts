/**
 * The arrow keys of a carousel (content carousels, hero slider, gallery), in the reading
 * direction: the right arrow goes forward in English and the left arrow in Arabic. On a
 * control inside a slide, focus moves to the neighbouring slide's first control and the
 * carousel brings that slide in; on the carousel's buttons (or anywhere else in it) the
 * carousel moves one step and focus stays put.
 */
import type { EmblaCarouselType } from "embla-carousel";

const focusable = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** +1 for the key that goes forward in `direction`, -1 for the one that goes back, else 0. */
export function arrowStep(key: string, direction: "ltr" | "rtl"): -1 | 0 | 1 {
  if (key !== "ArrowLeft" && key !== "ArrowRight") return 0;
  const forward = direction === "rtl" ? "ArrowLeft" : "ArrowRight";
  return key === forward ? 1 : -1;
}

/**
 * A carousel's key: a bare left or right arrow, not typed into a field. (Also what hydrate.ts
 * holds for a carousel not live yet.)
 */
export function isCarouselKey(event: KeyboardEvent): boolean {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return false;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target;
  return !(
    target instanceof Element && target.closest("input, textarea, select, [contenteditable]")
  );
}

/**
 * A `keydown` listener for the element that holds the carousel and its buttons. It decides at
 * once whether the key is the carousel's (and keeps it from the page); the move itself goes
 * through `move`, which makes it once Embla is in (use-slider.ts).
 */
export function carouselKeyDown(
  direction: "ltr" | "rtl",
  move: (action: (api: EmblaCarouselType) => void) => void,
) {
  return (event: KeyboardEvent) => {
    if (event.defaultPrevented || !isCarouselKey(event)) return;
    const step = arrowStep(event.key, direction);
    const target = event.target as HTMLElement;
    event.preventDefault();

    move((api) => {
      const slides = api.slideNodes();
      const from = slides.findIndex((slide) => slide.contains(target));
      if (from === -1) {
        if (step > 0) api.scrollNext();
        else api.scrollPrev();
        return;
      }
      const to = from + step;
      const slide = slides[to];
      if (!slide) return;
      // Snaps follow the slides one by one (align "start"); the last snap holds the last slides.
      api.scrollTo(Math.min(to, api.scrollSnapList().length - 1));
      slide.querySelector<HTMLElement>(focusable)?.focus({ preventScroll: true });
    });
  };
}
