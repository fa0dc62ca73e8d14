/**
 * The screens of SPEC.md section 8. Their buttons are real links, as every link of the site
 * (decision 013): 'Go Back Home' loads `/` afresh, 'Try Again' loads the page again.
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PageBanner } from "./page-banner.tsx";

const button =
  "inline-flex items-center justify-center rounded-md px-5 py-3 text-sm font-semibold transition focus-visible:outline-2";
const primary = `${button} bg-amber-brand text-navy-950 hover:bg-amber-dark hover:text-white`;
const secondary = `${button} border border-navy-900/20 text-navy-900 hover:border-navy-900`;

function useCurrentUrl() {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/** General error screen (render failures, and the content API failing). */
export function ErrorScreen({ message }: { message?: string }) {
  const { t } = useTranslation();
  const current = useCurrentUrl();
  return (
    <>
      <PageBanner title={t("error.title")} />
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6" data-testid="error-screen">
        <p className="text-xl font-semibold text-navy-900">{t("error.message")}</p>
        {message ? <p className="mt-3 text-slate-600">{message}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href={current} className={primary}>
            {t("error.tryAgain")}
          </a>
          <a href="/" className={secondary}>
            {t("error.goHome")}
          </a>
        </div>
      </div>
    </>
  );
}

/** The 404 page. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const current = useCurrentUrl();
  return (
    <>
      <PageBanner title={t("error.404.title")} />
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6" data-testid="not-found">
        <p className="text-lg text-slate-700">{t("error.404.message")}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="/" className={primary}>
            {t("error.goHome")}
          </a>
          <a href={current} className={secondary}>
            {t("error.tryAgain")}
          </a>
        </div>
      </div>
    </>
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
