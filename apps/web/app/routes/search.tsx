/**
 * `/:lang/search?q=`: the site's own search (issues 24 and 31) over the news, projects, services
 * and pages of the page's language, SEARCH_PAGE_SIZE results a page (`&page=N`), narrowed to one kind by
 * `&kind=` (news, projects, services, pages: links with their counts, kept by paging), rendered
 * on the server from a plain GET form. Says so when misspelt words were corrected, and helps
 * when nothing matched. Not for search engines.
 */
import type { Language } from "@site/contract";
import { data, redirect } from "react-router";
import { toRouteError } from "../../server/content/api-errors.server.ts";
import { timeSearchQuery } from "../../server/operations/metrics.server.ts";
import { visitorContext } from "../../server/request-context.server.ts";
import type { SearchResult } from "../../server/search/language-index.server.ts";
import { SearchPreparing } from "../../server/search/search-index.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { Marked } from "../components/marked.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { Pagination } from "../components/pagination.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { i18nFor } from "../i18n/index.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { cn } from "../shared/cn.ts";
import { href, MAX_SEARCH_QUERY } from "../shared/page-table.ts";
import { LIST_ANCHOR, pageHref, readPageQuery } from "../shared/pagination.ts";
import { KIND_FILTERS, type KindFilter, readKindFilter } from "../shared/search/kinds.ts";
import { queryTerms } from "../shared/search/normalise.ts";
import { pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/search";

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
 * Not for search engines. Results are public like the lists: the page cache keeps each under its
 * normalised query, filter and page (page-table.ts `pageQuery`, in a pool of its own) for as
 * long as the index's lists stay fresh, and any purge drops them all (site-context.server.ts).
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = loaderHeaders.get("Retry-After");
  return {
    "X-Robots-Tag": "noindex, nofollow",
    ...(retryAfter && { "Retry-After": retryAfter, "Cache-Control": "no-store" }),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { search, searchLimit, settings, lang } = pageContext(args);
  const perPage = settings.SEARCH_PAGE_SIZE;
  const { url } = args;
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_QUERY);
  const kind = readKindFilter(url.searchParams.get("kind"));
  const terms = queryTerms(query);
  const none = {
    lang,
    query,
    kind,
    total: 0,
    counts: undefined as Record<KindFilter, number> | undefined,
    correctedQuery: undefined as string | undefined,
    results: [] as SearchResult[],
    page: 1,
    lastPage: 1,
  };
  if (terms.length === 0) return { ...none, state: query ? "tooShort" : "empty" } as const;

  const asked = readPageQuery(url.searchParams.get("page"));
  if ("redirectTo" in asked) throw redirect(pageHref(url, asked.redirectTo), 302);
  const index = await search.index(lang).catch((error: unknown) => {
    if (error instanceof SearchPreparing) return error;
    throw toRouteError(error);
  });
  if (index instanceof SearchPreparing) {
    // The first index is being built: say so at once rather than make the visitor wait.
    return data({ ...none, state: "preparing" } as const, {
      status: 503,
      headers: { "Retry-After": String(index.retryAfterS) },
    });
  }
  // Only searches not answered from the page cache get here (and only once there is an index to
  // query): a burst of distinct ones from one visitor (a script) is turned away before it can
  // take the process.
  const admission = searchLimit.admit(args.context.get(visitorContext).address);
  if (!admission.admitted) {
    return data({ ...none, state: "busy" } as const, {
      status: 429,
      headers: { "Retry-After": String(admission.retryAfterS) },
    });
  }
  const queried = timeSearchQuery(lang);
  const found = index.search(terms, {
    offset: (asked.page - 1) * perPage,
    limit: perPage,
    kind,
  });
  queried();
  const lastPage = Math.max(1, Math.ceil(found.total / perPage));
  if (asked.page > lastPage) throw redirect(pageHref(url, lastPage), 302);
  const any = Object.values(found.counts).some(Boolean);
  return {
    ...none,
    state: found.total ? "found" : any ? "noneOfKind" : "nothing",
    total: found.total,
    counts: any ? found.counts : undefined,
    correctedQuery: found.correctedQuery,
    results: found.results,
    page: asked.page,
    lastPage,
  } as const;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, query, kind, state, total, counts, correctedQuery, results, page, lastPage } =
    loaderData;
  const found = correctedQuery
    ? t("search.showingFor", { corrected: correctedQuery, count: total })
    : t("search.resultCount", { query, count: total });
  const message = {
    empty: t("search.empty"),
    tooShort: t("search.tooShort", { query }),
    nothing: t("search.noResults", { query }),
    preparing: t("search.unavailable"),
    busy: t("search.busy"),
    noneOfKind: found,
    found,
  }[state];

  return (
    <>
      <PageBanner title={t("search.title")} />
      <div id={LIST_ANCHOR} className="mx-auto max-w-4xl px-4 py-14 sm:px-6 md:py-20">
        <SearchForm lang={lang} variant="page" query={query} />
        {counts ? <KindFilters query={query} kind={kind} counts={counts} lang={lang} /> : null}
        {correctedQuery ? (
          <p className="mt-6 text-sm text-slate-600" data-testid="search-not-as-typed">
            {t("search.notAsTyped", { query })}
          </p>
        ) : null}
        <p
          className={
            state === "found" || state === "noneOfKind"
              ? "mt-4 font-semibold text-navy-900"
              : "mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600"
          }
          data-testid="search-message"
        >
          {message}
        </p>
        {state === "nothing" ? <NoResultsHelp lang={lang} /> : null}
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

/**
 * Links narrowing the results to one kind (`&kind=news`), each with its count; the page goes
 * back to the first. Kinds without results are shown, not linked.
 */
function KindFilters({
  query,
  kind,
  counts,
  lang,
}: {
  query: string;
  kind: KindFilter | undefined;
  counts: Record<KindFilter, number>;
  lang: Language;
}) {
  const { t } = useTranslation();
  const all = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const address = (filter?: KindFilter) => {
    const params = new URLSearchParams({ q: query });
    if (filter) params.set("kind", filter);
    return `${href("search", lang)}?${params}#${LIST_ANCHOR}`;
  };
  const chip = "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm";
  const item = (filter: KindFilter | undefined, label: string, count: number) => {
    const current = filter === kind;
    const content = (
      <>
        {label}
        <span className="tabular-nums">{`(${count})`}</span>
      </>
    );
    return (
      <li key={filter ?? "all"}>
        {count === 0 && !current ? (
          <span className={cn(chip, "border-slate-200 text-slate-600")}>{content}</span>
        ) : (
          <a
            href={address(filter)}
            aria-current={current ? "page" : undefined}
            className={cn(
              chip,
              current
                ? "border-navy-900 bg-navy-900 text-white forced-chosen"
                : "border-slate-300 text-navy-900 hover:border-navy-900 hover:bg-sand-100",
            )}
          >
            {content}
          </a>
        )}
      </li>
    );
  };
  return (
    <nav aria-label={t("search.filterLabel")} className="mt-6" data-testid="search-kinds">
      <ul className="flex flex-wrap gap-2">
        {item(undefined, t("search.filter.all"), all)}
        {KIND_FILTERS.map((filter) => item(filter, t(`search.filter.${filter}`), counts[filter]))}
      </ul>
    </nav>
  );
}

/** When nothing matched: how to search better, and the lists to browse instead (NN/g). */
function NoResultsHelp({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const browse = [
    { href: href("news", lang), label: t("nav.news") },
    { href: href("completedProjects", lang), label: t("nav.completedProjects") },
    { href: href("currentProjects", lang), label: t("nav.currentProjects") },
    { href: href("services", lang), label: t("nav.services") },
  ];
  return (
    <div className="mt-8 grid gap-8 sm:grid-cols-2" data-testid="search-help">
      <section>
        <h2 className="font-bold text-navy-900">{t("search.tipsTitle")}</h2>
        <ul className="mt-3 list-disc space-y-2 ps-5 text-slate-700">
          <li>{t("search.tip.spelling")}</li>
          <li>{t("search.tip.fewer")}</li>
          <li>{t("search.tip.language")}</li>
        </ul>
      </section>
      <section>
        <h2 className="font-bold text-navy-900">{t("search.browseTitle")}</h2>
        <ul className="mt-3 space-y-2">
          {browse.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="font-semibold text-steel-600 hover:underline">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
