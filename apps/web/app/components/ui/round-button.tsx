/**
 * The round icon button of carousels, the hero slider and the gallery: one look per surface,
 * a label for screen readers, disabled at either end of a slider.
 */
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const surfaces = {
  /** On a light section. */
  light:
    "border border-navy-900/20 text-navy-900 hover:border-navy-900 hover:bg-navy-900 hover:text-white disabled:cursor-not-allowed disabled:border-navy-900/10 disabled:text-navy-900/30 disabled:hover:bg-transparent disabled:hover:text-navy-900/30",
  /** On a white card. */
  card: "border border-navy-900/15 bg-white text-navy-900 shadow-sm hover:border-navy-900 hover:bg-navy-900 hover:text-white disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-navy-900/15 disabled:hover:bg-white disabled:hover:text-navy-900",
  /** Over a photo. */
  overlay:
    "bg-white/10 text-white ring-1 ring-white/40 backdrop-blur-sm hover:bg-amber-brand hover:text-navy-950 hover:ring-amber-brand disabled:opacity-40",
} as const;

export type Surface = keyof typeof surfaces;

export function RoundButton({
  surface,
  label,
  className,
  ...props
}: Omit<ComponentProps<"button">, "aria-label"> & { surface: Surface; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn(
        "inline-flex size-11 items-center justify-center rounded-full transition-colors",
        surfaces[surface],
        className,
      )}
      {...props}
    />
  );
}
