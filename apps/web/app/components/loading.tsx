import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { useCompany } from "../shared/company.tsx";
import { Logo } from "./logo.tsx";

/**
 * Navigation feedback. Going to the home page (banner and projects) shows the full-screen
 * overlay with logo and title (SPEC.md); other pages show a slim bar with a 'Loading' label.
 * Every page is server-rendered and every link loads its page (decision 013): both are in the
 * page, hidden, and page-script/leaving-page.ts shows one while the browser loads the next page.
 */
export function NavigationProgress() {
  const company = useCompany();
  return (
    <>
      <LoadingStatus
        kind="home"
        testId="loading-overlay"
        className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-navy-950/95 text-white motion-safe:animate-fade-in"
      >
        <Logo className="size-20 motion-safe:animate-pulse" />
        <p className="text-xl font-bold">{company.name}</p>
      </LoadingStatus>
      <LoadingStatus
        kind="page"
        testId="loading-bar"
        className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-amber-brand/30"
      >
        <div className="h-full w-1/3 bg-amber-brand motion-safe:animate-[progress_1s_ease-in-out_infinite]" />
      </LoadingStatus>
    </>
  );
}

/** One indicator, hidden until the page script shows the one of its `kind`; read as "Loading". */
function LoadingStatus({
  kind,
  testId,
  className,
  children,
}: {
  kind: "home" | "page";
  testId: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" data-loading={kind} data-testid={testId} hidden className={className}>
      {children}
      <span className="sr-only">{t("common.loading")}</span>
    </div>
  );
}
