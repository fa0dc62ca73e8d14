/**
 * An image that fails to load (a content image on another host that answers 404 or a page:
 * API.md lets an image be any absolute URL, and only `/storage` ones go through the site's
 * `/img`, which answers a missing one with the "no image" picture itself) shows that picture
 * too, not the browser's broken-image icon.
 */

/**
 * Replaces every image that fails, now or later (lazy ones as they load), with `fallback`.
 * Inlined with `toString()`: it must not use anything from outside its own body.
 */
export function replaceBrokenImages(fallback: string) {
  const replace = (image: HTMLImageElement) => {
    // Once: should the fallback fail too, the icon it is.
    if (image.dataset.broken !== undefined) return;
    image.dataset.broken = "";
    // A `<picture>`'s sources would be chosen again over `src`.
    if (image.parentElement?.tagName === "PICTURE") {
      for (const source of image.parentElement.querySelectorAll("source")) source.remove();
    }
    image.removeAttribute("srcset");
    image.removeAttribute("sizes");
    image.src = fallback;
  };
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) replace(event.target);
    },
    true,
  );
  // Failed before this script ran (a quick 404). No size may also be an SVG without one of its
  // own: decoding tells. Lazy ones not loaded yet are left to the listener.
  for (const image of document.images) {
    if (
      image.complete &&
      image.naturalWidth === 0 &&
      image.currentSrc &&
      image.loading !== "lazy"
    ) {
      image.decode().catch(() => replace(image));
    }
  }
}
