/**
 * A larger view of one image of a set, as a modal dialog (the native <dialog>, so the rest of
 * the page is inert while it is open). It is rendered closed and empty; widgets/lightbox.ts
 * opens it on the image a visitor chose (each opener carries `data-lightbox-src` and
 * `data-lightbox-alt`), closes it with Escape, the close button or a click on the backdrop,
 * keeps Tab and Shift+Tab going round its buttons (a modal <dialog> alone lets Tab out to the
 * browser's own controls), gives focus back to the opener, and goes to the previous or next
 * image with the buttons or the arrow keys, mirrored in right-to-left pages.
 */
import { useTranslation } from "react-i18next";
import { ChevronNext, ChevronPrevious, CloseIcon } from "./icons.tsx";
import { PLACEHOLDER } from "./lazy-image.tsx";

/** The attributes of an element that opens image `src` (described by `alt`) in the lightbox. */
export const lightboxOpener = (src: string, alt: string) => ({
  "data-lightbox-src": src,
  "data-lightbox-alt": alt,
});

export function Lightbox({ total }: { total: number }) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const roundButton =
    "pointer-events-auto inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 transition-colors hover:bg-amber-brand hover:text-navy-950 focus-visible:bg-amber-brand focus-visible:text-navy-950";

  return (
    <dialog
      data-lightbox
      data-testid="lightbox"
      className="focus-on-dark fixed inset-0 m-0 size-full max-h-none max-w-none overflow-hidden bg-transparent p-0 text-white backdrop:bg-navy-950/90 motion-safe:animate-fade-in"
    >
      {/* The backdrop: a click anywhere outside the image and buttons closes the view. */}
      <div
        data-testid="lightbox-backdrop"
        data-lightbox-close
        aria-hidden="true"
        className="absolute inset-0 bg-navy-950/90"
      />

      <div className="pointer-events-none relative flex size-full flex-col items-center justify-center gap-4 px-4 py-16 sm:px-20">
        <figure className="pointer-events-auto flex max-h-full flex-col items-center gap-3">
          <img
            src={PLACEHOLDER}
            alt=""
            decoding="async"
            data-lightbox-image
            className="max-h-[calc(100dvh-10rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl motion-safe:animate-fade-in"
          />
          <figcaption className="text-center text-sm text-white/85">
            <span data-lightbox-title className="block font-medium text-white" />
            {total > 1 ? (
              <span
                data-testid="lightbox-counter"
                data-counter={t("common.imageOf", { index: "{index}", total })}
                aria-live="polite"
              />
            ) : null}
          </figcaption>
        </figure>
      </div>

      <button
        type="button"
        data-lightbox-close
        aria-label={t("common.close")}
        className={`absolute end-4 top-4 ${roundButton}`}
      >
        <CloseIcon />
      </button>

      {total > 1 ? (
        <>
          <button
            type="button"
            data-lightbox-step="-1"
            aria-label={t("common.previous")}
            className={`absolute start-2 top-1/2 -translate-y-1/2 sm:start-4 ${roundButton}`}
          >
            <ChevronPrevious />
          </button>
          <button
            type="button"
            data-lightbox-step="1"
            aria-label={t("common.next")}
            className={`absolute end-2 top-1/2 -translate-y-1/2 sm:end-4 ${roundButton}`}
          >
            <ChevronNext />
          </button>
        </>
      ) : null}
    </dialog>
  );
}
