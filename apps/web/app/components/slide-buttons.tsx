/**
 * Previous and next buttons of a slider, named after what they move ("Previous slide: Latest
 * News"), rendered at the start: previous disabled, and next too when there is one slide.
 * widgets/slider.ts moves the slider with them and keeps them disabled at the ends. The
 * chevrons mirror themselves in right-to-left pages.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChevronNext, ChevronPrevious } from "./icons.tsx";
import { RoundButton, type Surface } from "./ui/round-button.tsx";

interface SlideButtonsProps {
  /** What the slider shows, for the buttons' names. */
  name: string;
  surface: Surface;
  /** How many slides there are (next is disabled for one). */
  slides: number;
  /** Shown between the two buttons (dots, a pause button). */
  children?: ReactNode;
  testIds?: boolean;
}

export function SlideButtons({ name, surface, slides, children, testIds }: SlideButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <RoundButton
        surface={surface}
        disabled
        data-slider-previous
        label={t("home.carouselPrevious", { name })}
        data-testid={testIds ? "carousel-previous" : undefined}
      >
        <ChevronPrevious size={20} />
      </RoundButton>
      {children}
      <RoundButton
        surface={surface}
        disabled={slides < 2}
        data-slider-next
        label={t("home.carouselNext", { name })}
        data-testid={testIds ? "carousel-next" : undefined}
      >
        <ChevronNext size={20} />
      </RoundButton>
    </>
  );
}
