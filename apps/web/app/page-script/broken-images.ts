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
  // Failed before this script ran (a cached answer). An SVG may have no size of its own.
  for (const image of document.images) {
    const svg = /\.svg(?:[?#]|$)/i.test(image.currentSrc);
    if (image.complete && image.naturalWidth === 0 && image.currentSrc && !svg) replace(image);
  }
}
