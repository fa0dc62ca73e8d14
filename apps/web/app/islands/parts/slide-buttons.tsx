/**
 * Previous and next buttons of a slider, named after what they move ("Previous slide: Latest
 * News"), disabled at the ends (components/ui/round-button.tsx). The chevrons mirror themselves
 * in right-to-left pages.
 */
import type { ReactNode } from "react";
import { ChevronNext, ChevronPrevious } from "../../components/icons.tsx";
import { RoundButton, type Surface } from "../../components/ui/round-button.tsx";
import type { Slider } from "./use-slider.ts";

export interface SlideButtonLabels {
  previous: string;
  next: string;
}

export function SlideButtons({
  slider,
  labels,
  surface,
  children,
  testIds,
}: {
  /** What useSlider gives: where the slider can go, and how to move it. */
  slider: Pick<Slider, "canPrevious" | "canNext" | "previous" | "next">;
  labels: SlideButtonLabels;
  surface: Surface;
  /** Shown between the two buttons (the hero's dots). */
  children?: ReactNode;
  testIds?: boolean;
}) {
  const move = (direction: "previous" | "next") => {
    const can = direction === "previous" ? slider.canPrevious : slider.canNext;
    const Chevron = direction === "previous" ? ChevronPrevious : ChevronNext;
    return (
      <RoundButton
        surface={surface}
        disabled={!can}
        onClick={can ? slider[direction] : undefined}
        label={labels[direction]}
        data-testid={testIds ? `carousel-${direction}` : undefined}
      >
        <Chevron size={20} />
      </RoundButton>
    );
  };
  return (
    <>
      {move("previous")}
      {children}
      {move("next")}
    </>
  );
}
