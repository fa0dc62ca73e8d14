import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { useCompany } from "../lib/company.tsx";
import { isHomePath } from "../lib/site-map.ts";
import { Logo } from "./logo.tsx";

/**
 * Navigation feedback. Going to the home page (banner and projects) shows the full-screen
 * overlay with logo and title (SPEC.md); other pages show a slim bar with a 'Loading' label.
 * The first paint is server-rendered, so this only shows while the visitor goes elsewhere:
 * React shows it on client-side navigations; on a link that loads a new document,
 * lib/leaving-page.ts does (pages without React included). Both are always in the page, hidden.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const company = useCompany();
  const navigation = useNavigation();
  const showing =
    navigation.state === "loading"
      ? isHomePath(navigation.location.pathname)
        ? "home"
        : "page"
      : null;
  return (
    <>
      <div
        role="status"
        data-loading="home"
        data-testid="loading-overlay"
        hidden={showing !== "home"}
        className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-navy-950/95 text-white motion-safe:animate-fade-in"
      >
        <Logo className="size-20 motion-safe:animate-pulse" />
        <p className="text-xl font-bold">{company.name}</p>
        <span className="sr-only">{t("common.loading")}</span>
      </div>
      <div
        role="status"
        data-loading="page"
        data-testid="loading-bar"
        hidden={showing !== "page"}
        className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-amber-brand/30"
      >
        <div className="h-full w-1/3 bg-amber-brand motion-safe:animate-[progress_1s_ease-in-out_infinite]" />
        <span className="sr-only">{t("common.loading")}</span>
      </div>
    </>
  );
}

/** A spinner with a 'Loading' label, for parts that load in the browser. */
export function Spinner({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-slate-500 ${className}`}>
      <span className="size-5 rounded-full border-2 border-current border-e-transparent motion-safe:animate-spin" />
      {t("common.loading")}
    </span>
  );
}
