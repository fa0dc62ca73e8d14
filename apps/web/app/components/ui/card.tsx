/**
 * The card family of the site (news, equipment, certificates, projects): one frame, one image
 * well, one stretched link and one "read more" label, so cards look and behave alike.
 */
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../shared/cn.ts";
import type { ImageKind } from "../../shared/image-kinds.ts";
import { ArrowNext } from "../icons.tsx";
import { LazyImage } from "../lazy-image.tsx";

/** The frame's classes, for elements that are not an `<article>` (a button, a link). */
export const cardFrame = (interactive = false, surface: "white" | "photo" = "white") =>
  cn(
    // `wrap-anywhere`: a word longer than the card (a title from the API) breaks rather than
    // widening the card's grid column past the screen.
    "group relative flex h-full flex-col overflow-hidden rounded-2xl shadow-sm wrap-anywhere",
    // A photo fills the card to its edges: navy until it loads, and no outline.
    surface === "white" ? "bg-white ring-1 ring-navy-900/10" : "bg-navy-900",
    interactive &&
      // The focus ring of the card (a button) or of its link goes round the whole card, apart
      // from it as every focus ring (app.css), so it shows whatever the card's picture.
      "transition hover:shadow-xl focus-visible:shadow-xl focus-visible:outline-3 has-[:focus-visible]:shadow-xl has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-(--focus-color) motion-safe:hover:-translate-y-1",
  );

export function Card({
  interactive = false,
  className,
  ...props
}: ComponentProps<"article"> & { interactive?: boolean }) {
  return <article className={cn(cardFrame(interactive), className)} {...props} />;
}

/** The card's picture, zoomed a little when the card is hovered or focused. */
export function CardImage({
  src,
  alt,
  kind,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  kind: ImageKind;
  className?: string;
}) {
  return (
    <div className="overflow-hidden bg-sand-100">
      <LazyImage
        src={src}
        alt={alt}
        kind={kind}
        className={cn(
          "w-full object-cover transition-transform duration-700 ease-layout group-hover:scale-105 group-focus-within:scale-105",
          className,
        )}
      />
    </div>
  );
}

/** The card's one link: its text names it, and it covers the whole card for pointers. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      href={to}
      className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
    >
      {children}
    </a>
  );
}

/**
 * "Read more" under a card's text, for sighted visitors (the card's link already names the
 * item, so it is hidden from screen readers). `onHover`: shown only on hover and focus where
 * the device can hover (SPEC.md: the home news carousel's 'See More'). `onNavy`: the card turns
 * navy on hover and focus (service cards), and the label amber with it.
 */
export function MoreLabel({
  children,
  onHover = false,
  onNavy = false,
}: {
  children: ReactNode;
  onHover?: boolean;
  onNavy?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      data-testid="see-more"
      className={cn(
        "mt-auto inline-flex items-center gap-2 pt-4 text-sm font-semibold text-steel-600",
        onNavy
          ? "transition-colors group-hover:text-amber-brand group-focus-within:text-amber-brand"
          : "group-hover:text-navy-900",
        onHover &&
          "transition-opacity [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100",
      )}
    >
      {children}
      <ArrowNext
        size={16}
        className="motion-safe:transition-transform motion-safe:group-hover:translate-x-1 motion-safe:group-focus-within:translate-x-1 motion-safe:rtl:group-hover:-translate-x-1 motion-safe:rtl:group-focus-within:-translate-x-1"
      />
    </span>
  );
}
