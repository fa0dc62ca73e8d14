import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";

/** Turns a caught route error into the message shown on the error screen. */
export function useApiErrorMessage() {
  const { t } = useTranslation();
  const messageFor = (error: unknown): string => {
    if (isRouteErrorResponse(error)) {
      if (error.data === "unavailable") return t("error.api.unavailable");
      if (error.data === "timeout") return t("error.api.timeout");
      if (error.data === "invalid") return t("error.api.invalid");
      return `${error.status} ${error.statusText}`.trim();
    }
    return error instanceof Error ? error.message : String(error);
  };
  return { t, messageFor };
}
