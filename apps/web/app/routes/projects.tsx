/** `/:lang/projects` (completed) and `/:lang/CurrentProjects`: one page of a project list. */

import { loadPage } from "../../server/content/paged.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { PageBanner } from "../components/page-banner.tsx";
import { Pagination } from "../components/pagination.tsx";
import { ProjectsTable } from "../components/projects-table.tsx";
import { i18nFor } from "../i18n/index.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { LIST_ANCHOR } from "../shared/pagination.ts";
import { listKindOf, projectPath, listTitleKey as titleKey } from "../shared/projects.ts";
import { firstText, pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/projects";

export function meta(args: Route.MetaArgs) {
  const { header, kind, lang } = args.loaderData ?? {};
  if (!header || !kind || !lang) return [];
  // Both lists share the header record: each list's own name as its title (the record's meta
  // title would give both the same), and before the record's description, which would
  // otherwise be the same on both.
  const shared = firstText([header.meta_description, header.description]);
  const name = i18nFor(lang).t(titleKey[kind]);
  return pageMeta(args, {
    record: { ...header, meta_title: null, meta_description: null },
    titleKey: titleKey[kind],
    description: shared ? `${name}: ${shared}` : "",
    image: header.image,
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { api, lang, optional } = pageContext(args);
  const { url } = args;
  // NOTE: `url`, not `request.url`: on client navigations the request is `/en/CurrentProjects.data`.
  const kind = listKindOf(url.pathname);
  const noHeader = { description: "", image: null };
  const [header, list] = await Promise.all([
    // The list is the page; without its header record it has the site's title and no picture.
    optional((api) => api.firstOf("projectPages", lang, noHeader), noHeader),
    loadPage(api, kind === "current" ? "currentProjects" : "completedProjects", lang, url),
  ]);
  return { lang, kind, header, ...list };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { lang, kind, header, items, page, lastPage } = loaderData;
  const { t } = useTranslation();
  const title = t(titleKey[kind]);

  return (
    <>
      <PageBanner title={title} image={header.image} />
      <div id={LIST_ANCHOR} className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        <div className="max-w-3xl">
          {header.title ? (
            <p className="text-sm font-semibold text-steel-600 latin:tracking-wider latin:uppercase">
              {header.title}
            </p>
          ) : null}
          {header.description ? (
            <p className="mt-3 text-lg leading-8 text-slate-700" data-testid="projects-description">
              {header.description}
            </p>
          ) : null}
        </div>

        <div className="mt-10" id="projects-list">
          {items.length ? (
            <ProjectsTable
              rows={items}
              kind={kind}
              caption={
                lastPage > 1
                  ? `${title}: ${t("projects.table.caption")} (${t("pagination.page", { page })})`
                  : `${title}: ${t("projects.table.caption")}`
              }
              detailPath={(id) => projectPath(lang, kind, id)}
            />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-500">
              {t("projects.empty")}
            </p>
          )}
          <Pagination current={page} last={lastPage} />
        </div>
      </div>
    </>
  );
}
