/**
 * A pathless layout around every page, so that a page's error (a 404, the API failing)
 * renders its screen between the header and footer.
 */
import { Outlet } from "react-router";
import { ErrorScreenFor, isNotFound } from "../components/error-screens.tsx";
import { i18nFor } from "../i18n/index.ts";
import { langParam } from "../shared/page-table.ts";
import { pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/page-frame";

export function meta(args: Route.MetaArgs) {
  if (!args.error) return [];
  const lang = langParam(args.params);
  const t = i18nFor(lang).t;
  const notFound = isNotFound(args.error);
  // An error names no page of the site: its title and description only, no canonical or
  // alternate address, no share card (the card of an address that is no page is a 404 itself).
  const tags = pageMeta(args, { title: notFound ? t("error.404.title") : t("error.title") });
  return [
    ...tags.filter((tag) => "title" in tag || ("name" in tag && tag.name === "description")),
    { name: "robots", content: "noindex" },
  ];
}

export default function PageFrame() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreenFor error={error} />;
}
