/**
 * The photo beside a page's text (a news story's, an extra page's): in a 400 px column from lg,
 * kept in view while the text scrolls; above or below the text on narrower screens. 16:9 at
 * every width, the shape the image endpoint cuts it to: a full-width photo does not push the
 * text a screen down, and a banner's picture (3:1) keeps most of its width. `sideLayout` is the
 * grid it sits in. The contract gives the photo no description, and the page's title, its only
 * words, is the heading above it: the photo is left out for screen readers (alt="").
 */
import { cn } from "../shared/cn.ts";
import { LazyImage } from "./lazy-image.tsx";

/** The two columns, text and photo, of a page with a side photo. */
export const sideLayout = "grid gap-10 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-14";

export function SidePhoto({
  src,
  className,
}: {
  src: string | null | undefined;
  className?: string;
}) {
  return (
    <figure className={cn("lg:sticky lg:top-28 lg:self-start", className)} data-testid="side-photo">
      <LazyImage
        src={src}
        alt=""
        kind="sideFeature"
        className="aspect-video w-full rounded-2xl object-cover shadow-sm"
      />
    </figure>
  );
}
