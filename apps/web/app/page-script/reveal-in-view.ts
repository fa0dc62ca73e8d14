/**
 * Items that fade in the first time they come into view, one after another (SPEC.md: the ISO
 * certificates; section 9: the first waits 0.5 s, each next one 0.2 s longer, counted from the
 * first of those entering together, so one scrolled to late never waits for those above it).
 *
 * An item is `[data-reveal="waiting"]` in the server HTML, which app.css hides where scripts run
 * and motion is welcome; this marks it `shown`, with its delay, as it comes into view, or
 * `static` at once for reduced motion. The page's inline script (page-script.ts) runs it as
 * the page is parsed: the first screen's certificates show from the first paint, not seconds
 * later when an island's script arrives on a slow phone.
 */

/** How much of an item must be in view before it fades in. */
export const REVEAL_THRESHOLD = 0.15;
export const STAGGER_START_S = 0.5;
export const STAGGER_STEP_S = 0.2;

/** Inlined with `toString()`: it must not use anything from outside its own body. */
export function revealInView(
  threshold: number,
  startS: number,
  stepS: number,
  reducedMotionQuery: string,
) {
  const waiting = [...document.querySelectorAll<HTMLElement>('[data-reveal="waiting"]')];
  if (waiting.length === 0) return;
  // app.css: a waiting item shows anyway after a while, unless this script has it.
  document.documentElement.dataset.revealing = "";
  const show = (item: HTMLElement, order?: number) => {
    if (order === undefined) {
      item.dataset.reveal = "static";
      return;
    }
    // Rounded to milliseconds: no floating-point noise in CSS (0.9s, not 0.9000000000000001s).
    item.style.transitionDelay = `${Math.round((startS + stepS * order) * 1000) / 1000}s`;
    item.dataset.reveal = "shown";
  };
  const still =
    typeof IntersectionObserver === "undefined" || matchMedia(reducedMotionQuery).matches;
  if (still) {
    for (const item of waiting) show(item);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const entering = entries
        .filter((entry) => entry.isIntersecting)
        .map((entry) => entry.target as HTMLElement)
        .sort((a, b) => waiting.indexOf(a) - waiting.indexOf(b));
      entering.forEach((item, order) => {
        observer.unobserve(item);
        show(item, order);
      });
    },
    { threshold },
  );
  for (const item of waiting) observer.observe(item);
}
