/**
 * Lazy images (SPEC.md section 9: they load within 100 px of the viewport). An
 * `img[data-lazy]` shows a placeholder until it comes that near, then takes its real `src`,
 * `srcset` and `sizes` from its data attributes (components/lazy-image.tsx writes them).
 *
 * The page's inline script (page-script.ts) runs it on the server HTML as it is parsed, so the
 * first view's images wait for no other script.
 */

/** Distance from the viewport at which images start loading. */
export const LAZY_MARGIN = "100px";

/**
 * Gives a waiting image its real sources now: when it comes near the view, or sooner when an
 * island knows it will be shown (the hero slider's next slide). Self-contained, for the inline
 * script too.
 */
export function loadLazyImage(image: HTMLImageElement) {
  const { src, srcset, sizes } = image.dataset;
  if (sizes) image.sizes = sizes;
  if (srcset) image.srcset = srcset;
  if (src) image.src = src;
  image.removeAttribute("data-lazy");
}

/**
 * Watches every waiting image of the document and loads each one (`load`: loadLazyImage) once
 * it comes within `margin` of the viewport. Inlined with `toString()`: it must not use anything
 * from outside its own body.
 */
export function watchLazyImages(margin: string, load: (image: HTMLImageElement) => void) {
  // `data-lazy` is empty while an image waits unwatched, and says so once an observer has it.
  const watched = "watched";
  const waiting = [...document.querySelectorAll<HTMLImageElement>("img[data-lazy]")].filter(
    (image) => image.dataset.lazy === "",
  );
  if (waiting.length === 0) return;
  if (typeof IntersectionObserver === "undefined") {
    for (const image of waiting) load(image);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        load(entry.target as HTMLImageElement);
      }
    },
    { rootMargin: margin },
  );
  for (const image of waiting) {
    image.dataset.lazy = watched;
    observer.observe(image);
  }
}
