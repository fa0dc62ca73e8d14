/**
 * An image slider (Embla) with previous/next buttons and a counter; clicking an image opens
 * it larger in the Lightbox. Runs right-to-left in Arabic; the arrow keys go from photo to
 * photo in the reading direction, focus following, so Enter opens the photo in view. Used by
 * the overview and project detail pages.
 */
import useEmblaCarousel from "embla-carousel-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { carouselKeyDown } from "../lib/carousel-keys.ts";
import { emblaMotionBreakpoints } from "../lib/carousel-layout.ts";
import { useDirection } from "../lib/use-direction.ts";
import { useEmblaState } from "../lib/use-embla-state.ts";
import { LazyImage } from "./lazy-image.tsx";
import { Lightbox } from "./lightbox.tsx";
import { SlideButtons } from "./slide-buttons.tsx";

export interface GalleryImage {
  src: string;
  alt: string;
}

export function ImageGallery({ images, label }: { images: GalleryImage[]; label: string }) {
  const { t } = useTranslation();
  const direction = useDirection();
  const [viewport, api] = useEmblaCarousel({
    direction,
    align: "start",
    loop: false,
    breakpoints: emblaMotionBreakpoints,
  });
  const { selected, canScrollPrev, canScrollNext } = useEmblaState(api, images.length > 1);
  const [open, setOpen] = useState<number | null>(null);
  const total = images.length;

  if (total === 0) return <p className="text-slate-500">{t("common.noData")}</p>;

  const openAt = (index: number) => (event: MouseEvent<HTMLButtonElement>) => {
    // Safari does not focus clicked buttons; the lightbox gives focus back to this one.
    event.currentTarget.focus({ preventScroll: true });
    setOpen(index);
  };

  return (
    // A group, not a region: pages usually put the gallery in a section with the same name.
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's container is a group
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="image-gallery"
      data-ready={api ? "" : undefined}
      className="w-full"
      onKeyDown={carouselKeyDown(api, direction)}
    >
      <div
        ref={viewport}
        dir={direction}
        className="overflow-hidden rounded-2xl"
        data-testid="gallery-viewport"
      >
        <div className="-ms-4 flex touch-pan-y touch-pinch-zoom">
          {images.map((image, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice
              key={`${image.src}-${index}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t("common.imageOf", { index: index + 1, total })}
              className="min-w-0 flex-none basis-full ps-4"
            >
              <button
                type="button"
                onClick={openAt(index)}
                aria-label={t("common.viewLarger", { title: image.alt })}
                className="group focus-on-dark relative block w-full overflow-hidden rounded-2xl bg-sand-100 focus-visible:outline-offset-[-4px]"
              >
                <LazyImage
                  src={image.src}
                  alt={image.alt}
                  kind="gallery"
                  className="aspect-[4/3] w-full object-cover transition-transform duration-700 ease-layout group-hover:scale-[1.03] sm:aspect-[16/9] lg:aspect-[21/9]"
                />
                <span
                  aria-hidden="true"
                  className="absolute inset-0 bg-linear-to-t from-navy-950/40 to-transparent opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                />
              </button>
            </div>
          ))}
        </div>
      </div>

      {total > 1 ? (
        <div className="mt-4 flex items-center justify-between gap-4">
          <p
            data-testid="gallery-counter"
            aria-live="polite"
            className="text-sm font-medium text-slate-600 tabular-nums"
          >
            {t("common.imageOf", { index: selected + 1, total })}
          </p>
          <div className="flex gap-2">
            <SlideButtons
              api={api}
              canScrollPrev={canScrollPrev}
              canScrollNext={canScrollNext}
              name={label}
              surface="card"
            />
          </div>
        </div>
      ) : null}

      <Lightbox
        images={images}
        index={open}
        onClose={() => setOpen(null)}
        onIndexChange={setOpen}
      />
    </div>
  );
}
