import { isLanguage } from "@site/contract/languages";
import { directionOf } from "../i18n/index.ts";
import { useTranslation } from "../i18n/use-translation.ts";

/** Reading direction of the page language (`rtl` for Arabic). */
export function useDirection(): "ltr" | "rtl" {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? directionOf(i18n.language) : "ltr";
}
