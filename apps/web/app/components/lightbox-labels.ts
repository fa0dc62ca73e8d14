import { useTranslation } from "../i18n/use-translation.ts";
import type { LightboxLabels } from "../islands/parts/lightbox.tsx";

/** The lightbox's texts in the page's language, for a set of `total` images. */
export function useLightboxLabels(total: number): LightboxLabels {
  const { t } = useTranslation();
  return {
    close: t("common.close"),
    previous: t("common.previous"),
    next: t("common.next"),
    counter: Array.from({ length: total }, (_, index) =>
      t("common.imageOf", { index: index + 1, total }),
    ),
  };
}
