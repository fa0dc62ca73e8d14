/**
 * The header turns translucent once the page is scrolled (SPEC.md section 9: past 50 px, scroll
 * events handled at most every 300 ms). The state is `html[data-scrolled]`, which the header's
 * classes follow (`in-data-scrolled:`), so it works from the first paint.
 */
import type { throttle as Throttle } from "./throttle.ts";

/** Pixels of scroll after which the header turns translucent. */
export const SCROLL_THRESHOLD = 50;

/** Scroll events are handled at most this often. */
export const SCROLL_THROTTLE_MS = 300;

/**
 * Keeps `html[data-scrolled]` up to date: checked at most every `ms` while scrolling, at once
 * after a quiet spell (a jump to an anchor shows without delay), and when the page has loaded.
 * Inlined with `toString()` (page-script.ts), so `throttle` comes in as an argument.
 */
export function watchScrolledPage(throttle: typeof Throttle, threshold: number, ms: number) {
  const root = document.documentElement;
  const check = () => {
    if (window.scrollY > threshold) root.dataset.scrolled = "";
    else delete root.dataset.scrolled;
  };
  // Not read now: reading `scrollY` while the page is being parsed forces a layout of it. A page
  // that opens scrolled (an anchor, a restored position) gets a scroll event; `load` is a
  // last check, when the page has been laid out anyway.
  window.addEventListener("scroll", throttle(check, ms).call, { passive: true });
  window.addEventListener("load", check, { once: true });
}
