/** The document: `<html lang dir>`, head (meta, links, the language's font), scripts. */
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useParams,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import cairoArabic from "@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { defaultLanguage, type Language } from "@site/contract/languages";
import { FallbackScreen } from "./components/error-screens.tsx";
import { directionOf, i18nFor, isLanguage } from "./i18n/index.ts";
import { LAYOUT_ROUTE_ID } from "./lib/seo.ts";
import type { loader as languageLoader } from "./routes/language.tsx";

/** The one font file each language's pages need first (fonts.css declares the same files). */
const fontOf: Record<Language, string> = { en: interLatin, ar: cairoArabic };

/** The page's language from the URL (`/ar/...`), English elsewhere. */
function useLanguage() {
  const { lang } = useParams();
  const lower = lang?.toLowerCase();
  return isLanguage(lower) ? lower : defaultLanguage;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = useLanguage();
  // The company's logo is the page icon (outside a language, e.g. the fallback, the default).
  const layout = useRouteLoaderData<typeof languageLoader>(LAYOUT_ROUTE_ID);
  return (
    <html lang={lang} dir={directionOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a44" />
        <link rel="icon" href={layout?.company.logo ?? "/favicon.svg"} />
        <link
          rel="preload"
          href={fontOf[lang]}
          as="font"
          type="font/woff2"
          crossOrigin="anonymous"
        />
        {/* Without scripts, lazy images show their <noscript> copy instead of a placeholder. */}
        <noscript
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant style rule
          dangerouslySetInnerHTML={{ __html: "<style>img[data-lazy]{display:none}</style>" }}
        />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <I18nextProvider i18n={i18nFor(lang)}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Router fallback for failures outside any page (SPEC.md section 8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return <FallbackScreen message={message} />;
}
