/**
 * What a slider shows: the viewport Embla moves (`viewportRef`), its track, and each slide as
 * the ARIA carousel pattern names it, a group "Slide 2 of 6".
 */
import type { CSSProperties, Key, ReactNode, Ref } from "react";
import { cn } from "../../shared/cn.ts";

/**
 * What a screen reader calls a carousel and its slides (`aria-roledescription`), in the page's
 * language: components/carousel-roles.ts.
 */
export interface CarouselRoles {
  carousel: string;
  slide: string;
}

export interface SlideItem {
  key: Key;
  /** "Slide 2 of 6" in the page's language. */
  label: string;
  content: ReactNode;
}

export function Slides({
  viewportRef,
  dir,
  style,
  items,
  selected,
  className,
  trackClassName,
  slideClassName,
  testId,
  slideTestId,
  slideRole,
}: {
  viewportRef: Ref<HTMLDivElement>;
  dir: "ltr" | "rtl";
  /** The layout's custom properties (carousel-layout.ts), so the server HTML is laid out. */
  style?: CSSProperties;
  items: SlideItem[];
  /** The slide in view, marked `data-selected` for styles and tests. */
  selected?: number;
  className?: string;
  trackClassName: string;
  slideClassName: string;
  testId?: string;
  slideTestId?: string;
  /** CarouselRoles["slide"]. */
  slideRole: string;
}) {
  return (
    <div
      ref={viewportRef}
      dir={dir}
      style={style}
      className={cn("overflow-hidden", className)}
      data-testid={testId}
      data-slides-viewport
    >
      <div className={cn("flex touch-pan-y touch-pinch-zoom", trackClassName)}>
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
          <div
            key={item.key}
            role="group"
            aria-roledescription={slideRole}
            aria-label={item.label}
            data-testid={slideTestId}
            data-selected={index === selected || undefined}
            className={cn("min-w-0 flex-none", slideClassName)}
          >
            {item.content}
          </div>
        ))}
      </div>
    </div>
  );
}
