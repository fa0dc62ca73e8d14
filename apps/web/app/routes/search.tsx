/**
 * `/:lang/search?q=`: the site's own search (issue 24) over the news, projects, services and
 * pages of the page's language, ten results a page (`&page=N`), rendered on the server from a
 * plain GET form. Not for search engines.
 */
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { toRouteError } from "../../server/content/api-client.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { PageBanner } from "../components/page-banner.tsx";
import { Pagination } from "../components/pagination.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { i18nFor } from "../i18n/index.ts";
import { LIST_ANCHOR, pageHref, readPageQuery } from "../shared/pagination.ts";
import type { Segment } from "../shared/search/extract.ts";
import { queryTerms } from "../shared/search/normalise.ts";
import { pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/search";

/** Results per page. */
export const RESULTS_PER_PAGE = 10;

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { lang, query } = args.loaderData;
  const { t } = i18nFor(lang);
  return pageMeta(args, {
    title: query ? t("search.titleFor", { query }) : t("search.title"),
    noindex: true,
  });
}

/**
 * Not for search engines, and never from the page cache or a CDN: results follow the search
 * index, which a purge empties, not the data keys the page cache tracks.
 */
export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-cache" };
}

export async function loader(args: Route.LoaderArgs) {
  const { search, lang } = pageContext(args);
  const { url } = args;
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const terms = queryTerms(query);
  const none = { lang, query, total: 0, results: [], page: 1, lastPage: 1 };
  if (terms.length === 0) return { ...none, state: query ? "tooShort" : "empty" } as const;

  const asked = readPageQuery(url.searchParams.get("page"));
  if ("redirectTo" in asked) throw redirect(pageHref(url, asked.redirectTo), 302);
  const index = await search.index(lang).catch((error: unknown) => {
    throw toRouteError(error);
  });
  const found = index.search(terms, (asked.page - 1) * RESULTS_PER_PAGE, RESULTS_PER_PAGE);
  const lastPage = Math.max(1, Math.ceil(found.total / RESULTS_PER_PAGE));
  if (asked.page > lastPage) throw redirect(pageHref(url, lastPage), 302);
  return {
    ...none,
    state: found.total ? "found" : "nothing",
    total: found.total,
    results: found.results,
    page: asked.page,
    lastPage,
  } as const;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, query, state, total, results, page, lastPage } = loaderData;
  const message = {
    empty: t("search.empty"),
    tooShort: t("search.tooShort", { query }),
    nothing: t("search.noResults", { query }),
    found: t("search.resultCount", { query, count: total }),
  }[state];

  return (
    <>
      <PageBanner title={t("search.title")} />
      <div id={LIST_ANCHOR} className="mx-auto max-w-4xl px-4 py-14 sm:px-6 md:py-20">
        <SearchForm lang={lang} variant="page" query={query} />
        <p
          className={
            state === "found"
              ? "mt-8 font-semibold text-navy-900"
              : "mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600"
          }
          data-testid="search-message"
        >
          {message}
        </p>
        {results.length ? (
          <ol
            aria-label={t("search.resultsLabel")}
            className="mt-6 divide-y divide-slate-200 border-y border-slate-200"
            data-testid="search-results"
          >
            {results.map((result) => (
              <li key={result.href} className="py-6" data-kind={result.kind}>
                <p className="text-xs font-semibold text-steel-600 latin:uppercase latin:tracking-wide">
                  {t(`search.kind.${result.kind}`)}
                </p>
                <h2 className="mt-1 text-xl font-bold text-navy-900">
                  <a href={result.href} className="hover:text-steel-600 hover:underline">
                    <Marked segments={result.title} />
                  </a>
                </h2>
                {result.extract.length ? (
                  <p className="mt-2 leading-7 text-slate-700">
                    <Marked segments={result.extract} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
        <Pagination current={page} last={lastPage} />
      </div>
    </>
  );
}

/** Text with the matched words in `<mark>`. */
function Marked({ segments }: { segments: readonly Segment[] }) {
  return segments.map((segment, index) =>
    segment.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed runs of one text
      <mark key={index} className="rounded-sm bg-amber-brand/30 px-0.5 text-inherit">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}
