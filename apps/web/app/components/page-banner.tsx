/**
 * The banner on top of every page: background image, title over a dark gradient. 300 px high
 * (400 px from md), taller when a long title needs it (Arabic lines are spaced wider): the top
 * padding keeps the title clear of the fixed header (h-20) above it. Without an image (search,
 * errors, content without one) it is lower and drawn as a faint blueprint grid, not an empty
 * navy band.
 */
import { LazyImage } from "./lazy-image.tsx";

export function PageBanner({
  title,
  image,
  children,
}: {
  title: string;
  image?: string | null;
  children?: React.ReactNode;
}) {
  return (
    <section
      className={`focus-on-dark relative isolate flex items-end overflow-hidden bg-navy-900 pt-24 ${
        image
          ? "min-h-[300px] md:min-h-[400px]"
          : "min-h-[220px] bg-[linear-gradient(to_right,rgb(255_255_255/0.06)_1px,transparent_1px),linear-gradient(rgb(255_255_255/0.06)_1px,transparent_1px)] bg-size-[32px_32px] md:min-h-[280px]"
      }`}
    >
      {image ? (
        <LazyImage
          src={image}
          alt=""
          kind="banner"
          priority
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-linear-to-t from-navy-950/90 via-navy-950/50 to-navy-950/40" />
      <div className="mx-auto w-full max-w-7xl px-4 pb-10 sm:px-6 md:pb-14">
        <h1 className="motion-safe:animate-rise text-3xl leading-tight font-bold text-white text-balance md:text-5xl">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
