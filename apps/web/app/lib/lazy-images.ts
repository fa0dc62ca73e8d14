/**
 * Lazy images (SPEC.md section 9: they load within 100 px of the viewport). An
 * `img[data-lazy]` shows a placeholder until it comes that near, then takes its real `src`,
 * `srcset` and `sizes` from its data attributes (components/lazy-image.tsx writes them).
 *
 * One function serves both the server HTML, before the scripts load (page-script.ts inlines
 * it, so the first view's images do not wait for React), and the images React adds later.
 */

/** Distance from the viewport at which images start loading. */
export const LAZY_MARGIN = "100px";

/**
 * Watches `images` (by default every waiting image of the document) and loads each one once it
 * comes within `margin` of the viewport. Inlined with `toString()`: it must not use anything
 * from outside its own body.
 */
export function watchLazyImages(margin: string, images?: Iterable<HTMLImageElement>) {
  // `data-lazy` is empty while an image waits unwatched, and says so once an observer has it.
  const watched = "watched";
  const load = (image: HTMLImageElement) => {
    const { src, srcset, sizes } = image.dataset;
    if (sizes) image.sizes = sizes;
    if (srcset) image.srcset = srcset;
    if (src) image.src = src;
    image.removeAttribute("data-lazy");
  };
  const waiting = [
    ...(images ?? document.querySelectorAll<HTMLImageElement>("img[data-lazy]")),
  ].filter((image) => image.dataset.lazy === "");
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
