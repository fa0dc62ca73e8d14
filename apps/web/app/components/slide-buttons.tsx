/**
 * Previous and next buttons of an Embla slider, named after what they move ("Previous slide:
 * Latest News"), disabled at the ends. The chevrons mirror themselves in right-to-left pages.
 */
import type { EmblaCarouselType } from "embla-carousel";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChevronNext, ChevronPrevious } from "./icons.tsx";
import { RoundButton, type Surface } from "./ui/round-button.tsx";

interface SlideButtonsProps {
  api: EmblaCarouselType | undefined;
  canScrollPrev: boolean;
  canScrollNext: boolean;
  /** What the slider shows, for the buttons' names. */
  name: string;
  surface: Surface;
  /** Shown between the two buttons (dots, a pause button). */
  children?: ReactNode;
  testIds?: boolean;
}

export function SlideButtons({
  api,
  canScrollPrev,
  canScrollNext,
  name,
  surface,
  children,
  testIds,
}: SlideButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <RoundButton
        surface={surface}
        onClick={() => api?.scrollPrev()}
        disabled={!canScrollPrev}
        label={t("home.carouselPrevious", { name })}
        data-testid={testIds ? "carousel-previous" : undefined}
      >
        <ChevronPrevious size={20} />
      </RoundButton>
      {children}
      <RoundButton
        surface={surface}
        onClick={() => api?.scrollNext()}
        disabled={!canScrollNext}
        label={t("home.carouselNext", { name })}
        data-testid={testIds ? "carousel-next" : undefined}
      >
        <ChevronNext size={20} />
      </RoundButton>
    </>
  );
}
