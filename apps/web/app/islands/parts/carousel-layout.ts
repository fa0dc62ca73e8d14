/**
 * Slide layout of the carousels (SPEC.md section 9). The numbers live here; the components
 * turn them into CSS custom properties, so the server HTML is laid out before any script runs.
 * The breakpoints themselves are Tailwind variants in the components (`md:` = 48rem,
 * `min-[54.0625rem]:` = 865 px at the browser's usual 16 px), in rem like the text's own
 * breakpoints: a visitor who sets a larger text size gets the layout of a narrower screen, and
 * the hero's headlines, sized for it, still fit their slides.
 */

export interface SlideLayout {
  /** Space between slides, px. */
  gap: number;
  /** Slides per view (may be fractional: 1.5 shows one and a half). */
  perView: number;
}

/** `large` applies from the component's breakpoint (a Tailwind variant), `small` below it. */
export interface ResponsiveLayout {
  small: SlideLayout;
  large: SlideLayout;
}

/**
 * Latest projects / latest news: 1.5 slides with 5 px gaps on phones, 2.5 with 20 px from 768 px
 * (`md:` in carousel.tsx).
 */
export const CONTENT_CAROUSEL: ResponsiveLayout = {
  small: { gap: 5, perView: 1.5 },
  large: { gap: 20, perView: 2.5 },
};

/**
 * Home banner slider: one slide per view, three from 865 px (`min-[54.0625rem]:` in
 * hero-slider.tsx), 50 px apart.
 */
export const HERO_SLIDER: ResponsiveLayout = {
  small: { gap: 50, perView: 1 },
  large: { gap: 50, perView: 3 },
};

/** Home banner autoplay delay, ms. */
export const HERO_AUTOPLAY_DELAY = 6000;

/**
 * Width of one slide as a share of the carousel's track. Slides carry the gap as padding and
 * the track is widened by one gap (negative margin), so each slide is `(100% + gap) / perView`
 * of the viewport and `perView` slides fill it exactly.
 */
export function slideBasis(perView: number): string {
  return `${Number((100 / perView).toFixed(4))}%`;
}

/** CSS custom properties for the small and large layout, read by the carousel's classes. */
export function layoutVars(layout: ResponsiveLayout): Record<string, string> {
  return {
    "--slide-gap": `${layout.small.gap}px`,
    "--slide-basis": slideBasis(layout.small.perView),
    "--slide-gap-lg": `${layout.large.gap}px`,
    "--slide-basis-lg": slideBasis(layout.large.perView),
  };
}

/** Media query of visitors who asked for less motion. */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/** Embla option breakpoints shared by every carousel: no scroll animation under reduced motion. */
export const emblaMotionBreakpoints = { [REDUCED_MOTION_QUERY]: { duration: 0 } };
