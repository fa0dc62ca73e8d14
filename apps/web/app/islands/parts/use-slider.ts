/**
 * What every slider of the site shares (the hero slider, the content carousels, the gallery):
 * Embla in the page's reading direction, moving at once for reduced motion; which slide is
 * selected and whether previous and next can move (disabled at the ends unless it loops); the
 * arrow keys in the reading direction (islands/parts/carousel-keys.ts). The first state is the server's:
 * the first slide, previous disabled, next disabled for a single slide.
 */
import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from "embla-carousel";
import useEmblaCarousel from "embla-carousel-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { carouselKeyDown } from "./carousel-keys.ts";
import { emblaMotionBreakpoints } from "./carousel-layout.ts";

export type Direction = "ltr" | "rtl";

interface SliderState {
  selected: number;
  canPrevious: boolean;
  canNext: boolean;
  /**
   * The position a visitor's last move (a button, a dot, an arrow key on the buttons) brought,
   * for a live region to say; null after a move of the slider's own (autoplay) and when focus
   * went into the new slide, whose own label is read then.
   */
  movedTo: number | null;
}

export type Slider = ReturnType<typeof useSlider>;

export function useSlider({
  direction,
  slides,
  options,
  plugins,
}: {
  direction: Direction;
  slides: number;
  options: EmblaOptionsType;
  /** Made once per slider (Embla starts again when the array changes). */
  plugins?: EmblaPluginType[];
}) {
  const [viewportRef, api] = useEmblaCarousel(
    { direction, breakpoints: emblaMotionBreakpoints, ...options },
    plugins,
  );
  const [state, setState] = useState<SliderState>({
    selected: 0,
    canPrevious: false,
    canNext: slides > 1,
    movedTo: null,
  });
  /** True while a visitor's move runs: Embla says `select` during the call. */
  const byVisitor = useRef(false);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      const focusInSlide = api.slideNodes().some((slide) => slide.contains(document.activeElement));
      setState({
        selected: api.selectedScrollSnap(),
        canPrevious: api.canScrollPrev(),
        canNext: api.canScrollNext(),
        movedTo: byVisitor.current && !focusInSlide ? api.selectedScrollSnap() : null,
      });
    };
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api]);

  // Presses and arrow keys that come before Embla is in (the island's first renders, longer on
  // a slow phone; hydrate.ts makes those held before hydration again about then) are made once
  // it is, in their order.
  const waiting = useRef<((api: EmblaCarouselType) => void)[]>([]);
  const asVisitor = (action: () => void) => {
    byVisitor.current = true;
    try {
      action();
    } finally {
      byVisitor.current = false;
    }
  };
  const move = (action: (api: EmblaCarouselType) => void) => {
    const run = (api: EmblaCarouselType) => asVisitor(() => action(api));
    if (api) run(api);
    else waiting.current.push(run);
  };
  useEffect(() => {
    if (!api) return;
    const runs = waiting.current;
    waiting.current = [];
    for (const run of runs) run(api);
  }, [api]);

  const onKeyDown = (event: KeyboardEvent) => carouselKeyDown(direction, move)(event.nativeEvent);

  return {
    viewportRef,
    api,
    ...state,
    previous: () => move((api) => api.scrollPrev()),
    next: () => move((api) => api.scrollNext()),
    /** Goes to slide `index` (the hero's dots). */
    scrollTo: (index: number) => move((api) => api.scrollTo(index)),
    /** For the element holding the slides and the buttons. */
    onKeyDown,
  };
}
