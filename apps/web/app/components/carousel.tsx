/**
 * The content carousel of the home page (latest projects, latest news): 1.5 slides with 5 px
 * gaps on phones and 2.5 with 20 px from 768 px (lib/carousel-layout.ts), sized by CSS so the
 * server HTML is already laid out. widgets/carousel.ts runs it: Embla, no loop, previous
 * disabled at the start and next at the end, right-to-left in Arabic; Tab reaches the links in
 * every slide and Embla scrolls the focused slide into view; the arrow keys go from slide to
 * slide in the reading direction (lib/carousel-keys.ts).
 */
import { Children, type CSSProperties, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { CONTENT_CAROUSEL, layoutVars } from "../lib/carousel-layout.ts";
import { useDirection } from "../lib/use-direction.ts";
import { SlideButtons } from "./slide-buttons.tsx";

const vars = layoutVars(CONTENT_CAROUSEL) as CSSProperties;

export function Carousel({
  title,
  children,
  action,
  testId,
}: {
  /** The visible heading (h2), also the carousel's name and part of its buttons' names. */
  title: string;
  children: ReactNode;
  /** Optional link shown beside the buttons (e.g. "all news"). */
  action?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const direction = useDirection();
  const headingId = useId();
  const slides = Children.toArray(children);

  return (
    // A group, not a region: the footer already has a "latest Projects" landmark.
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's container is a group
    <div
      role="group"
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      data-testid={testId}
      data-widget="carousel"
    >
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} className="text-3xl font-bold text-navy-900 md:text-4xl">
          <span className="mb-3 block h-1 w-12 rounded-full bg-amber-brand" aria-hidden="true" />
          {title}
        </h2>
        <div className={`flex items-center gap-3 ${slides.length === 0 ? "hidden" : ""}`}>
          {action}
          <SlideButtons name={title} surface="light" slides={slides.length} testIds />
        </div>
      </div>
      {slides.length === 0 ? <p className="text-slate-500">{t("common.noData")}</p> : null}
      <div
        data-slider-viewport
        dir={direction}
        style={vars}
        className="overflow-hidden"
        data-testid="carousel-viewport"
      >
        <div className="-ms-(--slide-gap) flex touch-pan-y touch-pinch-zoom md:-ms-(--slide-gap-lg)">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
            <div
              key={(slide as { key?: string | null }).key ?? index}
              role="group"
              aria-roledescription="slide"
              aria-label={t("common.slide", { index: index + 1, total: slides.length })}
              data-testid="carousel-slide"
              className="min-w-0 flex-none basis-(--slide-basis) ps-(--slide-gap) md:basis-(--slide-basis-lg) md:ps-(--slide-gap-lg)"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
