/** `/:lang/projects/:id` and `/:lang/CurrentProjects/:id`: one project, its facts, text, photo gallery and other projects. */

import { redirectToOwnId } from "../../server/content/own-address.server.ts";
import { projectListHolding } from "../../server/content/project-list.server.ts";
import { safeHtml } from "../../server/content/sanitize.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { BackLink } from "../components/back-link.tsx";
import { ImageGallery } from "../components/image-gallery.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { Card, CardImage, CardLink } from "../components/ui/card.tsx";
import { DateText } from "../components/ui/date-text.tsx";
import { Section } from "../components/ui/section.tsx";
import type { NavHandle } from "../hooks/use-nav-path.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { cn } from "../shared/cn.ts";
import { photosOf } from "../shared/content-rules.ts";
import { listKindOf, listTitleKey, projectListPath, projectPath } from "../shared/projects.ts";
import { recordMeta } from "../shared/seo.ts";
import { dateOnly } from "../shared/text.ts";
import type { Route } from "./+types/project";

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  return recordMeta(args, data?.project, ({ image_content, image, client, location }) => ({
    description: image_content,
    image,
    about: { type: "Project", client, location },
    // One address per project, its list's, whichever of the two it was opened under.
    ...(data && { canonical: handle.navPath(data) }),
  }));
}

/** The menus mark the list that holds the project, whichever address it was opened under. */
export const handle: NavHandle<Route.ComponentProps["loaderData"]> = {
  navPath: ({ lang, kind, project }) => projectPath(lang, kind, project.id),
};

export async function loader(args: Route.LoaderArgs) {
  const { api, lang, optional } = pageContext(args);
  const { url } = args;
  const [{ projects, other_projects }, holding] = await Promise.all([
    api.content("project", lang, { id: args.params.id }),
    optional((api) => projectListHolding(api, lang, args.params.id), undefined),
  ]);
  redirectToOwnId(url, projects.id);
  return {
    lang,
    // The list that holds it; else (the API failing or slow for that list) the list of the
    // address it was opened under.
    kind: holding ?? listKindOf(url.pathname),
    project: {
      ...projects,
      image_content: safeHtml(projects.image_content, api.mediaUrl),
      photos: photosOf(projects.project_images, (image) => image.name),
    },
    // A project is not "other" to itself (an API may list it among its others). (One without
    // a title is left out by the API client, as in every list.)
    others: other_projects.filter((other) => String(other.id) !== String(projects.id)),
  };
}

export default function Project({ loaderData }: Route.ComponentProps) {
  const { lang, kind, project, others } = loaderData;
  const { t } = useTranslation();
  const date = dateOnly(project.date);
  // Facts the API leaves empty are left out, not shown as a bare label.
  const facts = [
    { label: t("projects.detail.client"), value: project.client, testId: "project-client" },
    { label: t("projects.detail.location"), value: project.location, testId: "project-location" },
  ].filter((fact) => fact.value?.trim());
  const hasFacts = facts.length > 0 || date !== "";

  return (
    <>
      <PageBanner title={project.title} image={project.image} />

      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        <BackLink href={projectListPath(lang, kind)} label={t(listTitleKey[kind])} />

        <div
          className={cn(
            "mt-6 grid grid-cols-[minmax(0,1fr)] gap-10 lg:gap-14",
            // Without facts there is no side column: the text keeps a reading width instead.
            hasFacts ? "lg:grid-cols-[minmax(0,1fr)_320px]" : "max-w-4xl",
          )}
        >
          {hasFacts ? (
            <aside
              aria-labelledby="project-facts"
              className="h-fit rounded-2xl border-t-4 border-amber-brand bg-sand-100 p-6 lg:sticky lg:top-28 lg:row-start-1 lg:col-start-2"
              data-testid="project-facts"
            >
              <h2 id="project-facts" className="text-lg font-bold text-navy-900">
                {t("projects.detail.title")}
              </h2>
              <dl className="mt-4 divide-y divide-sand-200">
                {facts.map((fact) => (
                  <div key={fact.testId} className="py-3">
                    <dt className="text-xs font-semibold text-slate-600 latin:tracking-wide latin:uppercase">
                      {fact.label}
                    </dt>
                    <dd
                      className="mt-1 font-medium text-navy-900 wrap-anywhere"
                      data-testid={fact.testId}
                    >
                      {fact.value}
                    </dd>
                  </div>
                ))}
                {date ? (
                  <div className="py-3">
                    <dt className="text-xs font-semibold text-slate-600 latin:tracking-wide latin:uppercase">
                      {t("projects.detail.date")}
                    </dt>
                    <dd
                      className="mt-1 font-medium text-navy-900 tabular-nums"
                      data-testid="project-date"
                    >
                      <DateText value={project.date} />
                    </dd>
                  </div>
                ) : null}
              </dl>
            </aside>
          ) : null}
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <RichContent html={project.image_content} />
            {project.photos.length ? (
              <section aria-labelledby="project-gallery" className="mt-12">
                <h2
                  id="project-gallery"
                  className="mb-5 text-xl font-bold text-navy-900 md:text-2xl"
                >
                  {t("projects.detail.gallery")}
                </h2>
                <ImageGallery
                  kind="columnGallery"
                  label={t("projects.detail.gallery")}
                  images={project.photos.map((src, index) => ({
                    src,
                    alt: t("common.imageAlt", { title: project.title, index: index + 1 }),
                  }))}
                />
              </section>
            ) : null}
          </div>
        </div>
      </div>

      {others.length ? (
        <Section
          id="other-projects"
          heading={t("projects.detail.otherProjects")}
          className="bg-slate-50"
        >
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="other-projects">
            {others.map((other) => (
              <li key={other.id}>
                <Card interactive>
                  <CardImage
                    src={other.homeimage}
                    alt=""
                    kind="wideCard"
                    className="aspect-[16/10]"
                  />
                  <h3 className="p-5 font-semibold text-navy-900 group-hover:text-steel-600">
                    <CardLink to={projectPath(lang, "completed", other.id)}>{other.title}</CardLink>
                  </h3>
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
