import { isLanguage, type Language } from "@site/contract/languages";
import { profileFile } from "../../server/content/company-profile.server.ts";
import { errorPageHtml } from "../../server/http/error-page.server.ts";
import { lastingRedirect } from "../../server/http/lasting-redirect.server.ts";
import {
  AS_STORED,
  conditionalHeaders,
  cutWhenStalled,
  storedLength,
  VALIDATORS,
} from "../../server/http/stored-files.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { fileInSupportedLanguage, profilePath } from "../shared/page-table.ts";
import type { Route } from "./+types/company-profile";

/** The file's name for the visitor: the API's own when it is a plain one, else this. */
const FALLBACK_NAME = "company-profile.pdf";

/**
 * A failure, for a visitor who opened the address itself: the server's error screen in the
 * page's language (a download link's browser shows its own "failed" instead).
 */
const failure = (status: 404 | 502 | 503, lang: Language) =>
  new Response(errorPageHtml(status, `/${lang}`), {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.params;
  if (!isLanguage(lang)) throw lastingRedirect(fileInSupportedLanguage(lang, profilePath));
  const { api, settings, mediaOrigins } = pageContext(args);
  let given: string | null | undefined;
  try {
    const [profile] = await api.content("companyProfile", lang);
    given = profile?.pdf_download_url;
  } catch {
    // The API failed (its client has logged it).
    return failure(503, lang);
  }
  const url = profileFile(given, settings.API_BASE_URL, mediaOrigins);
  if (!url) return failure(404, lang);

  const upstream = new AbortController();
  const onGone = () => upstream.abort();
  args.request.signal.addEventListener("abort", onGone, { once: true });
  const timer = setTimeout(() => upstream.abort(), settings.API_TIMEOUT_MS);
  // HEAD asks the API the same way: the file is not fetched for nothing.
  const method = args.request.method === "HEAD" ? "HEAD" : "GET";
  let answer: Response;
  try {
    // Asked as the browser asked: a browser that has the file gets a 304.
    const conditional = conditionalHeaders((name) => args.request.headers.get(name));
    answer = await fetch(url, {
      method,
      headers: { ...AS_STORED, ...conditional },
      signal: upstream.signal,
    });
  } catch {
    return failure(502, lang);
  } finally {
    clearTimeout(timer);
  }
  // Kept by the visitor's browser, not by the page cache (it keeps pages, not files).
  const kept = new Headers({ "Cache-Control": "private, max-age=3600" });
  for (const name of VALIDATORS) {
    const value = answer.headers.get(name);
    if (value) kept.set(name, value);
  }
  if (answer.status === 304) return new Response(null, { status: 304, headers: kept });
  if (!answer.ok || (method === "GET" && !answer.body)) {
    await answer.body?.cancel();
    return failure(502, lang);
  }
  const last = url.pathname.split("/").pop() ?? "";
  // A plain name only: nothing a header could be bent with.
  const name = /^[\w.-]{1,100}\.pdf$/i.test(last) ? last : FALLBACK_NAME;
  // `nosniff` is every answer's (security headers).
  const headers = new Headers(kept);
  headers.set("Content-Type", answer.headers.get("content-type") ?? "application/pdf");
  headers.set("Content-Disposition", `attachment; filename="${name}"`);
  const length = storedLength(answer);
  if (length) headers.set("Content-Length", length);
  const body =
    method === "GET" && answer.body
      ? cutWhenStalled(answer.body, () => upstream.abort(), settings.API_TIMEOUT_MS)
      : null;
  return new Response(body, { status: 200, headers });
}
