/** Addresses of the two project lists (completed and current) and their detail pages. */
import type { Language } from "@site/contract";

export type ProjectListKind = "completed" | "current";

/** Which list a path belongs to (route matching is case-insensitive: `/en/currentprojects` too). */
export const listKindOf = (pathname: string): ProjectListKind =>
  /^\/[^/]+\/currentprojects(\/|$)/i.test(pathname) ? "current" : "completed";

/** Address of a list. */
export const projectListPath = (lang: Language, kind: ProjectListKind) =>
  `/${lang}/${kind === "current" ? "CurrentProjects" : "projects"}`;

/** Address of a project's detail page within a list. */
export const projectPath = (lang: Language, kind: ProjectListKind, id: string | number) =>
  `${projectListPath(lang, kind)}/${encodeURIComponent(String(id))}`;

/** Translation key of a list's title. */
export const listTitleKey = {
  completed: "projects.title",
  current: "projects.currentTitle",
} as const;
