import type { EmblaCarouselType } from "embla-carousel";
import { useCallback, useEffect, useState } from "react";

export interface EmblaState {
  /** Index of the selected snap (0 before Embla has started). */
  selected: number;
  /** Number of snaps (0 before Embla has started). */
  snapCount: number;
  canScrollPrev: boolean;
  canScrollNext: boolean;
}

const initial: EmblaState = {
  selected: 0,
  snapCount: 0,
  canScrollPrev: false,
  canScrollNext: false,
};

/**
 * The state the buttons, dots and counters of an Embla carousel show, kept in sync with
 * its `select`/`reInit` events. Before hydration it reports the start position.
 */
export function useEmblaState(
  api: EmblaCarouselType | undefined,
  initialCanScrollNext = false,
): EmblaState {
  const [state, setState] = useState<EmblaState>({
    ...initial,
    canScrollNext: initialCanScrollNext,
  });
  const update = useCallback((embla: EmblaCarouselType) => {
    setState({
      selected: embla.selectedScrollSnap(),
      snapCount: embla.scrollSnapList().length,
      canScrollPrev: embla.canScrollPrev(),
      canScrollNext: embla.canScrollNext(),
    });
  }, []);
  useEffect(() => {
    if (!api) return;
    update(api);
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api, update]);
  return state;
}
