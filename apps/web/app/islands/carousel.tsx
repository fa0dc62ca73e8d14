/**
 * A content carousel of the home page (latest projects, latest news): 1.5 slides with 5 px gaps
 * on phones and 2.5 with 20 px from 768 px (islands/parts/carousel-layout.ts, sized by CSS so the server
 * HTML is already laid out); Embla, no loop, previous disabled at the start and next at the
 * end, right to left in Arabic. Tab reaches the links in every slide and Embla scrolls the
 * focused slide into view; the arrow keys go from slide to slide in the reading direction.
 * The slides (cards) are server markup.
 */
import type { CSSProperties, ReactNode } from "react";
import { HeadingRule, largeHeading } from "../components/ui/section.tsx";
import { island } from "./island.tsx";
import { CONTENT_CAROUSEL, layoutVars } from "./parts/carousel-layout.ts";
import { type CarouselRoles, Slides } from "./parts/slide.tsx";
import { SlideAnnouncement } from "./parts/slide-announcement.tsx";
import { type SlideButtonLabels, SlideButtons } from "./parts/slide-buttons.tsx";
import { type Direction, useSlider } from "./parts/use-slider.ts";

const vars = layoutVars(CONTENT_CAROUSEL) as CSSProperties;

export interface CarouselProps {
  dir: Direction;
  /** The visible heading (h2), also the carousel's name. */
  title: string;
  headingId: string;
  slides: ReactNode[];
  /** "Slide 1 of 6"... one per slide. */
  slideLabels: string[];
  labels: SlideButtonLabels & { noData: string };
  roles: CarouselRoles;
  /** Shown beside the buttons (e.g. a link to all news). */
  action?: ReactNode;
  testId?: string;
}

function Carousel({
  dir,
  title,
  headingId,
  slides,
  slideLabels,
  labels,
  roles,
  action,
  testId,
}: CarouselProps) {
  const slider = useSlider({
    direction: dir,
    slides: slides.length,
    options: { align: "start", loop: false, containScroll: "trimSnaps", slidesToScroll: 1 },
  });

  return (
    // A group, not a region: the footer already has a "latest Projects" landmark.
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's container is a group
    <div
      role="group"
      aria-labelledby={headingId}
      aria-roledescription={roles.carousel}
      data-carousel
      data-testid={testId}
      onKeyDown={slider.onKeyDown}
    >
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} className={largeHeading}>
          <HeadingRule />
          {title}
        </h2>
        <div className={`flex items-center gap-3 ${slides.length === 0 ? "hidden" : ""}`}>
          {action}
          <div data-needs-script className="flex items-center gap-3">
            <SlideButtons slider={slider} labels={labels} surface="light" testIds />
          </div>
        </div>
      </div>
      {slides.length === 0 ? <p className="text-slate-500">{labels.noData}</p> : null}
      <Slides
        viewportRef={slider.viewportRef}
        dir={dir}
        style={vars}
        items={slides.map((slide, index) => ({
          key: index,
          label: slideLabels[index] ?? "",
          content: slide,
        }))}
        // Room inside the clipping viewport for what a card draws around itself (its ring, the
        // focus ring, above it a hovered card's lift with that ring, below it the shadow of a
        // lifted card), taken back outside so the cards stay where they were.
        className="-mx-1.5 -mt-3 -mb-8 px-1.5 pt-3 pb-8"
        trackClassName="-ms-(--slide-gap) md:-ms-(--slide-gap-lg)"
        slideClassName="basis-(--slide-basis) ps-(--slide-gap) md:basis-(--slide-basis-lg) md:ps-(--slide-gap-lg)"
        testId="carousel-viewport"
        slideTestId="carousel-slide"
        slideRole={roles.slide}
      />
      <SlideAnnouncement
        text={slider.movedTo === null ? "" : (slideLabels[slider.movedTo] ?? "")}
      />
    </div>
  );
}

export const CarouselIsland = island("carousel", Carousel);
