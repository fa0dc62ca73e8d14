/**
 * The screens of SPEC.md section 8. Their buttons are real links, as every link of the site
 * (decision 013): 'Go Back Home' loads `/` afresh, 'Try Again' loads the page again.
 */
import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { useApiErrorMessage } from "../hooks/use-api-error-message.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { PageBanner } from "./page-banner.tsx";

const button =
  "inline-flex items-center justify-center rounded-md px-5 py-3 text-sm font-semibold transition focus-visible:outline-2";
const primary = `${button} bg-amber-brand text-navy-950 hover:bg-amber-dark hover:text-white`;
const secondary = `${button} border border-navy-900/20 text-navy-900 hover:border-navy-900`;

/** A page's error screen: its banner, what happened, and two links, the first one primary. */
function ProblemScreen({
  title,
  testId,
  children,
  links,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  links: [{ href: string; label: string }, { href: string; label: string }];
}) {
  return (
    <>
      <PageBanner title={title} />
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6" data-testid={testId}>
        {children}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {links.map((link, index) => (
            <a key={link.label} href={link.href} className={index === 0 ? primary : secondary}>
              {link.label}
            </a>
          ))}
        </div>
      </div>
    </>
  );
}

/** The links of an error screen: load this page again, or the home page. */
function useRecoveryLinks() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return {
    tryAgain: { href: pathname + search, label: t("error.tryAgain") },
    goHome: { href: "/", label: t("error.goHome") },
  };
}

/** General error screen (render failures, and the content API failing). */
export function ErrorScreen({ message }: { message?: string }) {
  const { t } = useTranslation();
  const { tryAgain, goHome } = useRecoveryLinks();
  return (
    <ProblemScreen title={t("error.title")} testId="error-screen" links={[tryAgain, goHome]}>
      <p className="text-xl font-semibold text-navy-900">{t("error.message")}</p>
      {message ? <p className="mt-3 text-slate-600">{message}</p> : null}
    </ProblemScreen>
  );
}

/** The 404 page. */
function NotFoundScreen() {
  const { t } = useTranslation();
  const { tryAgain, goHome } = useRecoveryLinks();
  return (
    <ProblemScreen title={t("error.404.title")} testId="not-found" links={[goHome, tryAgain]}>
      <p className="text-lg text-slate-700">{t("error.404.message")}</p>
    </ProblemScreen>
  );
}

/** Router fallback for failures outside any page. */
export function FallbackScreen({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{t("error.unexpected")}</h1>
      <p className="text-slate-600">{message}</p>
      <a href="/" className={primary}>
        {t("error.goHome")}
      </a>
    </main>
  );
}

/** Whether a caught error is the 404 of an address that names nothing. */
export const isNotFound = (error: unknown): boolean =>
  isRouteErrorResponse(error) && error.status === 404;

/** The screen of an error a route caught: the 404 screen, else the error screen saying what. */
export function ErrorScreenFor({ error }: { error: unknown }) {
  const { messageFor } = useApiErrorMessage();
  return isNotFound(error) ? <NotFoundScreen /> : <ErrorScreen message={messageFor(error)} />;
}
