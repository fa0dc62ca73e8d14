/**
 * An image slider with previous/next buttons and a counter; clicking an image opens it larger
 * in the Lightbox. Rendered here, brought to life by widgets/gallery.ts: Embla, right-to-left
 * in Arabic; the arrow keys go from photo to photo in the reading direction, focus following,
 * so Enter opens the photo in view. Used by the overview and project detail pages.
 */
import { useTranslation } from "react-i18next";
import { useDirection } from "../lib/use-direction.ts";
import { LazyImage } from "./lazy-image.tsx";
import { Lightbox, lightboxOpener } from "./lightbox.tsx";
import { SlideButtons } from "./slide-buttons.tsx";

export interface GalleryImage {
  src: string;
  alt: string;
}

export function ImageGallery({ images, label }: { images: GalleryImage[]; label: string }) {
  const { t } = useTranslation();
  const direction = useDirection();
  const total = images.length;

  if (total === 0) return <p className="text-slate-500">{t("common.noData")}</p>;

  return (
    // A group, not a region: pages usually put the gallery in a section with the same name.
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's container is a group
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="image-gallery"
      data-widget="gallery"
      className="w-full"
    >
      <div
        data-slider-viewport
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
                {...lightboxOpener(image.src, image.alt)}
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
            data-counter={t("common.imageOf", { index: "{index}", total })}
            aria-live="polite"
            className="text-sm font-medium text-slate-600 tabular-nums"
          >
            {t("common.imageOf", { index: 1, total })}
          </p>
          <div className="flex gap-2">
            <SlideButtons name={label} surface="card" slides={total} />
          </div>
        </div>
      ) : null}

      <Lightbox total={total} />
    </div>
  );
}
