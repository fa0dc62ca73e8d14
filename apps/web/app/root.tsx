/**
 * The document: `<html lang dir>`, head (meta, links, the language's font), scripts. React
 * renders every page on the server; the browser gets the page's inline script and, on pages
 * with islands, the script that hydrates them (decision 014).
 */

import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { isRouteErrorResponse, Links, Meta, Outlet, useParams } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import cairoArabic from "@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { defaultLanguage, type Language } from "@site/contract/languages";
import { FallbackScreen, isNotFound } from "./components/error-screens.tsx";
import cairoLatin from "./fonts/cairo-latin-basic-wght-normal.woff2?url";
import { directionOf, i18nFor } from "./i18n/index.ts";
// Vite's one way to a separately bundled script's address in both builds is the worker's.
import islandsScript from "./islands/hydrate.ts?worker&url";
import type { IslandName } from "./islands/island.tsx";
import { DevIslandsScript, PageIslandsProvider } from "./islands/island.tsx";
import { pageScript } from "./page-script/page-script.ts";
import { speculationRules } from "./page-script/speculation-rules.ts";
import { pngIcons, SVG_ICON, THEME_COLOR } from "./shared/icons.ts";
import { feedPath, languageOfSegment, manifestPath } from "./shared/page-table.ts";

/**
 * The font files each language's pages need first (fonts.css declares the same files): Arabic
 * pages always write spaces and digits too, which come from Cairo's Latin file.
 */
const fontsOf: Record<Language, string[]> = { en: [interLatin], ar: [cairoArabic, cairoLatin] };

/**
 * For browsers without scripts: lazy images show their <noscript> copy instead of a
 * placeholder; desktop dropdowns open on hover and keyboard focus, and the phone menu (a
 * popover, which needs no script) shows every sub-menu; the header is solid (the script that
 * makes it so once the page scrolls does not run, and the page's text would show through);
 * sliders scroll sideways, a slide at a time, so every slide can be reached, and their buttons,
 * dots and counters, which only the script moves, are not shown (`data-needs-script`).
 * Unlayered, so they win over `hidden` and `flex`.
 */
const withoutScripts = [
  "img[data-lazy]{display:none}",
  "li:is(:hover,:focus-within)>[data-dropdown],[data-submenu]{display:block}",
  "[data-site-header]{background:var(--color-navy-900)}",
  "[data-slides-viewport]{overflow-x:auto;scroll-snap-type:x mandatory}",
  "[data-slides-viewport]>*>*{scroll-snap-align:start}",
  "[data-needs-script]{display:none}",
].join("");

/** The page's language from the URL (`/ar/...`, any case); null outside a language. */
function useUrlLanguage() {
  return languageOfSegment(useParams().lang) ?? null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const urlLanguage = useUrlLanguage();
  const lang = urlLanguage ?? defaultLanguage;
  // The islands the page renders: its children add theirs before the scripts are rendered.
  const [islands] = useState(() => new Set<IslandName>());
  return (
    <html lang={lang} dir={directionOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* The icons of shared/icons.ts, and the manifest in the page's language. */}
        <link rel="icon" href={SVG_ICON} type="image/svg+xml" />
        <link rel="icon" href={pngIcons.favicon.path} type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href={pngIcons.appleTouch.path} sizes="180x180" />
        <link rel="manifest" href={manifestPath(lang)} />
        {urlLanguage ? (
          <link
            rel="alternate"
            type="application/atom+xml"
            href={feedPath(urlLanguage)}
            title={i18nFor(urlLanguage).t("news.title")}
          />
        ) : null}
        {fontsOf[lang].map((font) => (
          <link
            key={font}
            rel="preload"
            href={font}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
        <noscript
          // biome-ignore lint/security/noDangerouslySetInnerHtml: constant style rules
          dangerouslySetInnerHTML={{ __html: `<style>${withoutScripts}</style>` }}
        />
        <Meta />
        <Links />
        {/* Prefetch of the next page while the pointer rests on its link (decision 022). */}
        <script
          type="speculationrules"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: constant rules of our own, hashed by the CSP
          dangerouslySetInnerHTML={{ __html: speculationRules(lang) }}
        />
      </head>
      <body className="min-h-dvh">
        <PageIslandsProvider value={islands}>
          <I18nextProvider i18n={i18nFor(lang)}>{children}</I18nextProvider>
          {/* What every page does: lazy images, scroll state, language, menus, loading. */}
          <script
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own
            dangerouslySetInnerHTML={{ __html: pageScript(urlLanguage) }}
          />
          <DevIslandsScript src={islandsScript} />
        </PageIslandsProvider>
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * A failure caught here or by the language layout (page errors have the page frame's tags):
 * the screen is not for search engines.
 */
export function meta({ error, params }: Route.MetaArgs) {
  if (!error) return [];
  const { t } = i18nFor(languageOfSegment(params.lang) ?? defaultLanguage);
  const notFound = isNotFound(error);
  return [
    { title: notFound ? t("error.404.title") : t("error.title") },
    { name: "robots", content: "noindex" },
  ];
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
