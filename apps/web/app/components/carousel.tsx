/**
 * A content carousel of the home page: the island (islands/carousel.tsx) with its texts in the
 * page's language; the children (cards) are its slides, kept as server markup.
 */
import { Children, type ReactNode, useId } from "react";
import { useDirection } from "../hooks/use-direction.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { CarouselIsland } from "../islands/carousel.tsx";
import { useCarouselRoles } from "./carousel-roles.ts";

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
  const slides = Children.toArray(children);
  return (
    <CarouselIsland
      dir={useDirection()}
      title={title}
      headingId={useId()}
      slides={slides}
      slideLabels={slides.map((_, index) =>
        t("common.slide", { index: index + 1, total: slides.length }),
      )}
      labels={{
        previous: t("home.carouselPrevious", { name: title }),
        next: t("home.carouselNext", { name: title }),
        noData: t("common.noData"),
      }}
      roles={useCarouselRoles()}
      action={action}
      testId={testId}
    />
  );
}
