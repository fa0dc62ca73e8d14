/** One slide of a slider, as the ARIA carousel pattern names it: a group, "Slide 2 of 6". */
import type { ComponentProps } from "react";
import { cn } from "../../shared/cn.ts";

export function Slide({ label, className, ...props }: ComponentProps<"div"> & { label: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      className={cn("min-w-0 flex-none", className)}
      {...props}
    />
  );
}
