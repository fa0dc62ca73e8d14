/**
 * The last Express error handler: an error that escapes everything else (a malformed URL, a
 * missing `/assets/` file, a bug) gets the site's error screen with a fitting status, in the
 * visitor's language, never a stack trace, a file path or an internal address. One log line.
 */
import { defaultLanguage } from "@site/contract";
import type express from "express";
import { directionOf, i18nFor } from "../../app/i18n/index.ts";
import { languageOfPath } from "../../app/shared/page-table.ts";
import { escapeXml } from "../escape-xml.ts";
import { type Logger, loggerFor } from "../log.server.ts";

/** The status an error asks for (4xx/5xx from `http-errors` style errors), 500 otherwise. */
function statusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

/**
 * A self-contained page: it must render even when the build's assets are what failed. It has
 * the React screens' parts (SPEC.md section 8, components/error-screens.tsx): the title, the
 * sentence, for a failure its status as the error's message (never the error's own text, which
 * may name files), 'Try Again' and 'Go Back Home' (`/`). 'Try Again' is `href=""`, this very
 * address: the page never writes the request's path into a link.
 */
export function errorPageHtml(status: number, pathname: string): string {
  const lang = languageOfPath(pathname) ?? defaultLanguage;
  const { t } = i18nFor(lang);
  const notFound = status === 404;
  const title = notFound ? t("error.404.title") : t("error.title");
  const message = notFound ? t("error.404.message") : t("error.message");
  const detail = notFound
    ? ""
    : `<p class="detail">${escapeXml(t("error.status", { status }))}</p>`;
  const tryAgain = `<a href="">${escapeXml(t("error.tryAgain"))}</a>`;
  const goHome = `<a href="/">${escapeXml(t("error.goHome"))}</a>`;
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeXml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;text-align:center}main{max-width:36rem;padding:2rem}.detail{color:#475569}nav{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center;margin-top:1.5rem}a{padding:.75rem 1.5rem;border-radius:.5rem;border:1px solid #0f2a44;color:#0f2a44;text-decoration:none}a:first-child{background:#0f2a44;color:#fff}</style>
</head>
<body><main data-testid="error-screen"><h1>${escapeXml(title)}</h1><p>${escapeXml(message)}</p>${detail}
<nav>${notFound ? goHome + tryAgain : tryAgain + goHome}</nav></main></body>
</html>`;
}

export function errorPage(log: Logger = loggerFor("http")): express.ErrorRequestHandler {
  return (error, req, res, next) => {
    const status = statusOf(error);
    if (status >= 500) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log.error({ method: req.method, path: req.path, status }, reason.split("\n")[0] ?? "");
    }
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("html")
      .setHeader("Cache-Control", "no-store")
      .send(errorPageHtml(status, req.path));
  };
}
