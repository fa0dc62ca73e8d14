/**
 * Previous and next buttons of a slider, named after what they move ("Previous slide: Latest
 * News"), disabled at the ends (components/ui/round-button.tsx). The chevrons mirror themselves
 * in right-to-left pages.
 */
import type { ReactNode } from "react";
import { ChevronNext, ChevronPrevious } from "../../components/icons.tsx";
import { RoundButton, type Surface } from "../../components/ui/round-button.tsx";

export interface SlideButtonLabels {
  previous: string;
  next: string;
}

export function SlideButtons({
  labels,
  surface,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  children,
  testIds,
}: {
  labels: SlideButtonLabels;
  surface: Surface;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Shown between the two buttons (dots, a pause button). */
  children?: ReactNode;
  testIds?: boolean;
}) {
  return (
    <>
      <RoundButton
        surface={surface}
        disabled={!canPrevious}
        onClick={canPrevious ? onPrevious : undefined}
        label={labels.previous}
        data-testid={testIds ? "carousel-previous" : undefined}
      >
        <ChevronPrevious size={20} />
      </RoundButton>
      {children}
      <RoundButton
        surface={surface}
        disabled={!canNext}
        onClick={canNext ? onNext : undefined}
        label={labels.next}
        data-testid={testIds ? "carousel-next" : undefined}
      >
        <ChevronNext size={20} />
      </RoundButton>
    </>
  );
}
