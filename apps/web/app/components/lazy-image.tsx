/**
 * An image that loads once it comes within 100 px of the viewport (SPEC.md section 9): it is
 * rendered with a placeholder and its real sources in data attributes, and page-script/lazy-images.ts
 * loads it (the page's inline script, page-script/page-script.ts: every page is server-rendered).
 * The server HTML also carries a <noscript> copy, so crawlers and visitors without scripts see
 * it. `priority` is for the first banner image: loaded at once, with high fetch priority.
 * Content images come in the sizes their kind is drawn at (shared/image-kinds.ts: srcset, sizes).
 */
import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { type ImageKind, imageKinds, imageSources, NO_IMAGE } from "../shared/image-kinds.ts";
import { useMediaOrigins } from "../shared/media-origins.tsx";

/** A transparent pixel holds the place until the real image loads (no broken-image icon). */
export const PLACEHOLDER =
  "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

type LazyImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "alt" | "loading" | "width" | "height"
> & {
  src: string | null | undefined;
  alt: string;
  /** What the image is (shared/image-kinds.ts): gives its intrinsic size. */
  kind: ImageKind;
  priority?: boolean;
  /**
   * From `media` on, the picture of another kind (a `<picture>` source): where the box takes
   * another shape than `kind`'s, as the hero's slides on wide screens with one or two banners.
   * Such a picture waits with the browser's own lazy loading.
   */
  from?: { media: string; kind: ImageKind };
};

/** The largest image of the first view (LCP): fetched at once, announced in the <head>. */
function preloadFirst(sources: { src: string; srcSet?: string; sizes?: string }, media?: string) {
  preload(sources.src, {
    as: "image",
    fetchPriority: "high",
    imageSrcSet: sources.srcSet,
    imageSizes: sources.sizes,
    ...(media && { media }),
  });
}

export function LazyImage({
  src,
  alt,
  kind,
  priority = false,
  from,
  className = "",
  ...attributes
}: LazyImageProps) {
  const { width, height } = imageKinds[kind];
  const origins = useMediaOrigins();
  const sources = imageSources(src || NO_IMAGE, kind, origins);
  const rest = { width, height, ...attributes };

  if (from) {
    const wide = imageSources(src || NO_IMAGE, from.kind, origins);
    if (priority) {
      // Each shape announced for the screens it is drawn on.
      preloadFirst(sources, `not all and ${from.media}`);
      preloadFirst(wide, from.media);
    }
    return (
      <picture>
        <source media={from.media} srcSet={wide.srcSet ?? wide.src} sizes={wide.sizes} />
        <img
          {...sources}
          alt={alt}
          {...(priority ? { fetchPriority: "high" } : { loading: "lazy", decoding: "async" })}
          className={className}
          {...rest}
        />
      </picture>
    );
  }

  if (priority) {
    preloadFirst(sources);
    return <img {...sources} alt={alt} fetchPriority="high" className={className} {...rest} />;
  }
  return (
    <>
      <img
        src={PLACEHOLDER}
        data-src={sources.src}
        data-srcset={sources.srcSet}
        data-sizes={sources.sizes}
        data-lazy=""
        alt={alt}
        decoding="async"
        className={className}
        {...rest}
      />
      <noscript>
        <img {...sources} alt={alt} loading="lazy" className={className} {...rest} />
      </noscript>
    </>
  );
}
