/**
 * The photo beside a page's text (a news story's, an extra page's): in a 400 px column from lg,
 * kept in view while the text scrolls; above or below the text on narrower screens, where 16:9
 * from sm keeps a full-width photo from pushing the text a screen down. `sideLayout` is the
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
        className="aspect-4/3 w-full rounded-2xl object-cover shadow-sm sm:aspect-video lg:aspect-4/3"
      />
    </figure>
  );
}
