/**
 * A larger view of one image of a set, as a modal dialog (the native <dialog>, so the rest of
 * the page is inert while it is open), for the gallery and the ISO certificates. `index` is the
 * image shown, null while closed; the owner opens it on the image a visitor chose. It closes
 * with Escape, the close button or a click on the backdrop, gives focus back (to the element
 * that opened it, or the one its owner names for the image last shown), keeps Tab and Shift+Tab going round its buttons (a modal <dialog> alone lets
 * Tab out to the browser's own controls), and goes to the previous or next image with the
 * buttons, the arrow keys or a swipe, mirrored in right-to-left pages.
 */
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { ChevronNext, ChevronPrevious, CloseIcon } from "../../components/icons.tsx";
import { PLACEHOLDER } from "../../components/lazy-image.tsx";
import { arrowStep } from "./carousel-keys.ts";
import type { Direction } from "./use-slider.ts";

export interface LightboxImage {
  /** The image at full size. */
  src: string;
  alt: string;
}

export interface LightboxLabels {
  close: string;
  previous: string;
  next: string;
  /** "Image 1 of 6"... one per image. */
  counter: string[];
}

/**
 * The lightbox's state for its owner: the image shown (null while closed), and a click handler
 * for the element that opens image `index`.
 */
export function useLightbox() {
  const [shown, setShown] = useState<number | null>(null);
  const opener = (index: number) => (event: MouseEvent<HTMLElement>) => {
    // Safari does not focus clicked buttons; the lightbox gives focus back to this one.
    event.currentTarget.focus({ preventScroll: true });
    setShown(index);
  };
  return { shown, setShown, opener };
}

/** How far a finger must move across the view to go to the next image. */
const SWIPE_PX = 50;

/** On phones the arrows lie over the image: a dark ground of their own keeps them seen on a light one. */
const roundButton =
  "pointer-events-auto inline-flex size-12 items-center justify-center rounded-full bg-navy-950/70 text-white shadow-lg ring-1 ring-white/40 backdrop-blur-sm transition-colors hover:bg-amber-brand hover:text-navy-950 focus-visible:bg-amber-brand focus-visible:text-navy-950";

export function Lightbox({
  images,
  labels,
  dir,
  index,
  onChange,
  returnTo,
}: {
  images: LightboxImage[];
  labels: LightboxLabels;
  dir: Direction;
  index: number | null;
  /** Another image, or null to close. */
  onChange: (index: number | null) => void;
  /**
   * Where focus goes when the view closes on image `index` (else back to the opener): the
   * owner's own control for that image, brought into view.
   */
  returnTo?: (index: number) => HTMLElement | null | undefined;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  /** Where the one finger touched down, and whether its swipe moved the view (no click then). */
  const touchedAt = useRef<{ id: number; x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const open = index !== null;
  // The image shown last, for `returnTo` once the view has closed.
  const lastShown = useRef(0);
  if (index !== null) lastShown.current = index;
  const returnToNow = useRef(returnTo);
  returnToNow.current = returnTo;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    dialog.showModal();
    closeRef.current?.focus();
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      (returnToNow.current?.(lastShown.current) ?? opener)?.focus({ preventScroll: true });
    };
  }, [open]);

  if (total === 0) return null;
  const image = index === null ? undefined : images[index];
  const step = (by: number) => {
    if (index !== null) onChange((index + by + total) % total);
  };

  // A swipe of one finger across the view: the next image comes from the side the reading
  // goes to, as the arrow keys go. A second finger (a pinch to zoom) is no swipe.
  const onPointerDown = (event: PointerEvent) => {
    swiped.current = false;
    const one = event.isPrimary && event.pointerType !== "mouse";
    touchedAt.current = one ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = touchedAt.current;
    touchedAt.current = null;
    if (!from || from.id !== event.pointerId || total < 2) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
    swiped.current = true;
    step(arrowStep(dx < 0 ? "ArrowRight" : "ArrowLeft", dir));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Tab") {
      const buttons = [...event.currentTarget.querySelectorAll("button")];
      const active = document.activeElement as HTMLButtonElement | null;
      const leaving = event.shiftKey
        ? active === buttons[0] || !buttons.includes(active as HTMLButtonElement)
        : active === buttons.at(-1);
      if (leaving) {
        event.preventDefault();
        (event.shiftKey ? buttons.at(-1) : buttons[0])?.focus();
      }
      return;
    }
    const by = total > 1 ? arrowStep(event.key, dir) : 0;
    if (by === 0) return;
    // Handled: a carousel around the view (the gallery) leaves the key alone (carousel-keys.ts).
    event.preventDefault();
    step(by);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-label={image?.alt}
      data-testid="lightbox"
      // Escape: closed through the owner, so focus goes back.
      onCancel={(event) => {
        event.preventDefault();
        onChange(null);
      }}
      onClose={() => onChange(null)}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        touchedAt.current = null;
      }}
      // The page does not pan under a finger: the swipe is the lightbox's (zooming stays).
      className="focus-on-dark fixed inset-0 m-0 size-full touch-pinch-zoom max-h-none max-w-none overflow-hidden bg-transparent p-0 text-white backdrop:bg-navy-950/90 motion-safe:animate-fade-in"
    >
      {/* The backdrop: a click anywhere outside the image and buttons closes the view. */}
      <div
        data-testid="lightbox-backdrop"
        aria-hidden="true"
        // A swipe that ends on it is not a click to close.
        onClick={() => swiped.current || onChange(null)}
        className="absolute inset-0 bg-navy-950/90"
      />

      <div className="pointer-events-none relative flex size-full flex-col items-center justify-center gap-4 px-4 py-16 sm:px-20">
        <figure className="pointer-events-auto flex max-h-full flex-col items-center gap-3">
          <img
            // A new element per image, so each one fades in.
            key={index ?? -1}
            src={image?.src ?? PLACEHOLDER}
            alt={image?.alt ?? ""}
            decoding="async"
            className="max-h-[calc(100dvh-10rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl motion-safe:animate-fade-in"
          />
          <figcaption className="text-center text-sm text-white/85">
            <span className="block font-medium text-white">{image?.alt}</span>
            {total > 1 ? (
              <span data-testid="lightbox-counter" aria-live="polite">
                {index === null ? "" : labels.counter[index]}
              </span>
            ) : null}
          </figcaption>
        </figure>
      </div>

      <button
        ref={closeRef}
        type="button"
        aria-label={labels.close}
        onClick={() => onChange(null)}
        className={`absolute end-4 top-4 ${roundButton}`}
      >
        <CloseIcon />
      </button>

      {total > 1 ? (
        <>
          <button
            type="button"
            aria-label={labels.previous}
            onClick={() => step(-1)}
            className={`absolute start-2 top-1/2 -translate-y-1/2 sm:start-4 ${roundButton}`}
          >
            <ChevronPrevious />
          </button>
          <button
            type="button"
            aria-label={labels.next}
            onClick={() => step(1)}
            className={`absolute end-2 top-1/2 -translate-y-1/2 sm:end-4 ${roundButton}`}
          >
            <ChevronNext />
          </button>
        </>
      ) : null}
    </dialog>
  );
}
