import { useTranslation } from "../i18n/use-translation.ts";
import type { CarouselRoles } from "../islands/parts/slide.tsx";

/** What a screen reader calls a carousel and its slides, in the page's language. */
export function useCarouselRoles(): CarouselRoles {
  const { t } = useTranslation();
  return { carousel: t("common.carouselRole"), slide: t("common.slideRole") };
}
