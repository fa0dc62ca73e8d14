/**
 * A larger view of one image of a set, as a modal dialog (the native <dialog>, so the rest of
 * the page is inert while it is open). Closes with Escape, the close button or a click on the
 * backdrop; focus moves into it, Tab and Shift+Tab go round its buttons (a modal <dialog>
 * alone lets Tab out to the browser's own controls), and focus returns to whatever had it
 * before. Previous/next with the buttons or the arrow keys, mirrored in right-to-left pages.
 */
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useDirection } from "../lib/use-direction.ts";
import { ChevronNext, ChevronPrevious, CloseIcon } from "./icons.tsx";

export interface LightboxImage {
  src: string;
  alt: string;
}

export interface LightboxProps {
  images: LightboxImage[];
  /** The image shown, or `null` when closed. */
  index: number | null;
  onClose(): void;
  onIndexChange(index: number): void;
}

export function Lightbox({ images, index, onClose, onIndexChange }: LightboxProps) {
  if (index === null || images.length === 0) return null;
  const current = Math.min(Math.max(index, 0), images.length - 1);
  return (
    <LightboxDialog
      images={images}
      index={current}
      onClose={onClose}
      onIndexChange={onIndexChange}
    />
  );
}

function LightboxDialog({
  images,
  index,
  onClose,
  onIndexChange,
}: LightboxProps & { index: number }) {
  const { t } = useTranslation();
  const direction = useDirection();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const image = images[index] ?? { src: "", alt: "" };

  // Open as a modal on mount; on unmount give focus back and let the page scroll again.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    if (!element.open) element.showModal();
    closeButton.current?.focus();
    return () => {
      root.style.overflow = overflow;
      if (element.open) element.close();
      returnTo?.focus({ preventScroll: true });
    };
  }, []);

  const go = (step: number) => onIndexChange((index + step + total) % total);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Tab") {
      const buttons = Array.from(dialog.current?.querySelectorAll("button") ?? []);
      const first = buttons[0];
      const last = buttons.at(-1);
      const active = document.activeElement;
      const leaving = event.shiftKey
        ? active === first || !buttons.includes(active as HTMLButtonElement)
        : active === last;
      if (leaving) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      }
      return;
    }
    if (total < 2) return;
    const forward = direction === "rtl" ? "ArrowLeft" : "ArrowRight";
    const backward = direction === "rtl" ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) {
      event.preventDefault();
      go(1);
    } else if (event.key === backward) {
      event.preventDefault();
      go(-1);
    }
  };

  const roundButton =
    "pointer-events-auto inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 transition-colors hover:bg-amber-brand hover:text-navy-950 focus-visible:bg-amber-brand focus-visible:text-navy-950";

  return (
    <dialog
      ref={dialog}
      aria-label={image.alt}
      data-testid="lightbox"
      onCancel={(event) => {
        // Escape: let the parent close us (it owns the state).
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className="focus-on-dark fixed inset-0 m-0 size-full max-h-none max-w-none overflow-hidden bg-transparent p-0 text-white backdrop:bg-navy-950/90 motion-safe:animate-fade-in"
    >
      {/* The backdrop: a click anywhere outside the image and buttons closes the view. */}
      <div
        data-testid="lightbox-backdrop"
        aria-hidden="true"
        className="absolute inset-0 bg-navy-950/90"
        onClick={onClose}
      />

      <div className="pointer-events-none relative flex size-full flex-col items-center justify-center gap-4 px-4 py-16 sm:px-20">
        <figure className="pointer-events-auto flex max-h-full flex-col items-center gap-3">
          <img
            key={image.src}
            src={image.src}
            alt={image.alt}
            decoding="async"
            className="max-h-[calc(100dvh-10rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl motion-safe:animate-fade-in"
          />
          <figcaption className="text-center text-sm text-white/85">
            <span className="block font-medium text-white">{image.alt}</span>
            {total > 1 ? (
              <span data-testid="lightbox-counter" aria-live="polite">
                {t("common.imageOf", { index: index + 1, total })}
              </span>
            ) : null}
          </figcaption>
        </figure>
      </div>

      <button
        ref={closeButton}
        type="button"
        onClick={onClose}
        aria-label={t("common.close")}
        className={`absolute end-4 top-4 ${roundButton}`}
      >
        <CloseIcon />
      </button>

      {total > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t("common.previous")}
            className={`absolute start-2 top-1/2 -translate-y-1/2 sm:start-4 ${roundButton}`}
          >
            <ChevronPrevious />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
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
