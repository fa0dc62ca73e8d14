/**
 * `GET /:lang/search/suggest?q=`: suggestions as the visitor types (issue 31), for the search
 * field's island (islands/search-combobox.tsx): the first six results of the query, grouped by
 * kind, their titles with the matched words marked, as JSON (shared/search/suggestions.ts).
 * Cached by the browser for a short while only; limited per client (60 per 10 seconds, 429
 * past it); the query read to 100 characters. It never waits for the index to be built: until
 * there is one, 503 with Retry-After, and the field simply shows no suggestions.
 */
import { isLanguage } from "@site/contract/languages";
import { visitorContext } from "../../server/request-context.server.ts";
import { siteOf } from "../../server/site-context.server.ts";
import { filterOf } from "../shared/search/kinds.ts";
import { groupByKind, MAX_SUGGESTIONS } from "../shared/search/suggestions.ts";
import type { Route } from "./+types/search-suggest";

/** Characters of a query read at most: suggestions are for the first words typed. */
const MAX_SUGGEST_QUERY = 100;
/** How long the browser may keep an answer. */
const MAX_AGE_S = 60;
/** Seconds to wait before asking again while the index is being built. */
const RETRY_AFTER_S = 2;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isLanguage(params.lang)) return new Response("Not Found", { status: 404 });
  const site = siteOf(context);
  const admission = site.suggestLimit.admit(context.get(visitorContext).address);
  if (!admission.admitted) {
    const retryAfter = String(admission.retryAfterS);
    return Response.json(
      { error: "too many requests" },
      { status: 429, headers: { "Retry-After": retryAfter, "Cache-Control": "no-store" } },
    );
  }
  const query = (new URL(request.url).searchParams.get("q") ?? "")
    .trim()
    .slice(0, MAX_SUGGEST_QUERY);
  const index = site.search.ready(params.lang);
  if (!index) {
    return Response.json(
      { query, groups: [], preparing: true },
      {
        status: 503,
        headers: { "Retry-After": String(RETRY_AFTER_S), "Cache-Control": "no-store" },
      },
    );
  }
  const found = index.search(query, { limit: MAX_SUGGESTIONS, extracts: false });
  const suggestions = groupByKind(
    query,
    found.results.map(({ href, title, kind }) => ({ href, title, kind: filterOf(kind) })),
  );
  return Response.json(suggestions, {
    headers: { "Cache-Control": `private, max-age=${MAX_AGE_S}`, Vary: "Accept-Encoding" },
  });
}
