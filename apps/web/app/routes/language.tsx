/**
 * The `/:lang` layout: checks the language, loads what the header and footer show, and
 * renders them around every page.
 */

import { isLanguage } from "@site/contract/languages";
import { data, Outlet } from "react-router";
import { companyIn } from "../../server/company.server.ts";
import { profileLink } from "../../server/content/company-profile.server.ts";
import { lastingRedirect } from "../../server/http/lasting-redirect.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { ErrorScreenFor } from "../components/error-screens.tsx";
import { Footer } from "../components/footer.tsx";
import { Header } from "../components/header.tsx";
import { NavigationProgress } from "../components/loading.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { CompanyProvider } from "../shared/company.tsx";
import { MediaOriginsProvider } from "../shared/media-origins.tsx";
import { redirectForUnsupportedLanguage } from "../shared/page-table.ts";
import type { Route } from "./+types/language";

export async function loader(args: Route.LoaderArgs) {
  const { settings, company, mediaOrigins, optional } = pageContext(args);
  const { params, url } = args;
  const { lang } = params;
  if (!isLanguage(lang)) {
    // A file's address (`/wp-login.php`, `/wp-admin/setup.php`, `/.well-known/…`): no page
    // of any language has a dot in its address (isPagePath). Not found, rather than sent to
    // the home page, which search engines read as a "soft 404".
    if (url.pathname.includes(".")) throw data(null, { status: 404 });
    throw lastingRedirect(redirectForUnsupportedLanguage(url.pathname, url.search));
  }
  const [services, otherPages, profiles, contactInfo, latestProjects, footers] = await Promise.all([
    // Menus and footer blocks: each one degrades alone when the API fails for it.
    optional((api) => api.content("services", lang), []),
    optional((api) => api.content("extraPages", lang), []),
    optional((api) => api.content("companyProfile", lang), []),
    optional((api) => api.content("contactInfo", lang), []),
    optional((api) => api.content("latestProjects", lang), []),
    optional((api) => api.content("footers", lang), []),
  ]);
  return data({
    lang,
    siteUrl: settings.SITE_URL,
    mediaOrigins,
    company: companyIn(lang, company),
    nav: {
      services: services.map(({ id, title }) => ({ id, title })),
      otherPages: otherPages.map(({ id, title }) => ({ id, title })),
      profileHref: profileLink(
        profiles[0]?.pdf_download_url,
        lang,
        settings.API_BASE_URL,
        mediaOrigins,
      ),
    },
    footer: {
      contactInfo,
      latestProjects: latestProjects.slice(0, 3),
      social: footers[0] ?? null,
    },
  });
}

export default function LanguageLayout({ loaderData }: Route.ComponentProps) {
  const { lang, nav, footer, company, mediaOrigins } = loaderData;
  return (
    <CompanyProvider value={company}>
      <MediaOriginsProvider value={mediaOrigins}>
        <SkipLink />
        <NavigationProgress />
        <Header lang={lang} nav={nav} />
        <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
          <Outlet />
        </main>
        <Footer lang={lang} data={footer} />
      </MediaOriginsProvider>
    </CompanyProvider>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="focus-on-dark sr-only print:hidden focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[70] focus:rounded-md focus:bg-amber-brand focus:px-4 focus:py-2 focus:text-navy-950"
    >
      {t("site.skipToContent")}
    </a>
  );
}

/**
 * The header and footer could not load (the content API failed): the error screen alone. Or
 * the address names no language nor page (a file name): the 404 screen alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="bg-white">
      <ErrorScreenFor error={error} />
    </main>
  );
}
