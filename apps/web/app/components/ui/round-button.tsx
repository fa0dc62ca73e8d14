/**
 * The round icon button of carousels, the hero slider and the gallery: one look per surface,
 * a label for screen readers, disabled at either end of a slider. Disabled means
 * `aria-disabled`, not the `disabled` attribute: a button that reaches the end while it has
 * focus (the keyboard's "previous" pressed back to the first slide) keeps focus instead of
 * dropping it on the page, and it says it is unavailable; its owner gives it no click handler
 * then. The islands' sliders use it (islands/parts/slide-buttons.tsx).
 */
import type { ComponentProps } from "react";
import { cn } from "../../shared/cn.ts";

const surfaces = {
  /** On a light section. */
  light:
    "border border-navy-900/20 text-navy-900 hover:border-navy-900 hover:bg-navy-900 hover:text-white aria-disabled:cursor-not-allowed aria-disabled:border-navy-900/10 aria-disabled:text-navy-900/30 aria-disabled:hover:bg-transparent aria-disabled:hover:text-navy-900/30",
  /** On a white card. */
  card: "border border-navy-900/15 bg-white text-navy-900 shadow-sm hover:border-navy-900 hover:bg-navy-900 hover:text-white aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-navy-900/15 aria-disabled:hover:bg-white aria-disabled:hover:text-navy-900",
  /** Over a photo. */
  overlay:
    "bg-white/10 text-white ring-1 ring-white/40 backdrop-blur-sm hover:bg-amber-brand hover:text-navy-950 hover:ring-amber-brand aria-disabled:opacity-40",
} as const;

export type Surface = keyof typeof surfaces;

export function RoundButton({
  surface,
  label,
  className,
  disabled = false,
  ...props
}: Omit<ComponentProps<"button">, "aria-label" | "aria-disabled"> & {
  surface: Surface;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors",
        surfaces[surface],
        className,
      )}
      {...props}
    />
  );
}
