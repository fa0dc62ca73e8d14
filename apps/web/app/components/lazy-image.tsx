/**
 * An image that loads once it comes within 100 px of the viewport (SPEC.md section 9).
 * The server HTML carries a <noscript> copy, so crawlers and visitors without scripts see it.
 * `priority` is for the first banner image: loaded at once, with high fetch priority.
 * Content images come in the sizes their kind is drawn at (lib/image-kinds.ts: srcset, sizes).
 */
import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { type ImageKind, imageKinds, imageSources } from "../lib/image-kinds.ts";
import { useMediaOrigins } from "../lib/media-origins.tsx";

/** Distance from the viewport at which images start loading. */
export const LAZY_MARGIN = "100px";

/** A transparent pixel holds the place until the real image loads (no broken-image icon). */
const PLACEHOLDER =
  "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

type LazyImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "alt" | "loading" | "width" | "height"
> & {
  src: string | null | undefined;
  alt: string;
  /** What the image is (lib/image-kinds.ts): gives its intrinsic size. */
  kind: ImageKind;
  priority?: boolean;
};

export function LazyImage({
  src,
  alt,
  kind,
  priority = false,
  className = "",
  ...attributes
}: LazyImageProps) {
  const { width, height } = imageKinds[kind];
  const sources = imageSources(src || "/no-image.svg", kind, useMediaOrigins());
  const rest = { width, height, ...attributes };
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(priority);

  useEffect(() => {
    if (visible) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  if (priority) {
    // The largest image of the first view (LCP): fetched at once, announced in the <head>.
    preload(sources.src, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: sources.srcSet,
      imageSizes: sources.sizes,
    });
    return <img {...sources} alt={alt} fetchPriority="high" className={className} {...rest} />;
  }
  const shown = visible ? sources : { src: PLACEHOLDER };
  return (
    <>
      <img
        ref={ref}
        {...shown}
        data-src={sources.src}
        data-lazy={visible ? undefined : ""}
        alt={alt}
        decoding="async"
        className={`${className} ${visible ? "" : "bg-sand-100"}`}
        {...rest}
      />
      <noscript>
        <img {...sources} alt={alt} loading="lazy" className={className} {...rest} />
      </noscript>
    </>
  );
}
