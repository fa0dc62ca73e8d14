/** The two project lists (completed and current) and their detail pages. */
import type { Language } from "@site/contract";
import { href, pageOf } from "./page-table.ts";

export type ProjectListKind = "completed" | "current";

/** Which list a page's path belongs to (`/en/CurrentProjects/4` → current). */
export const listKindOf = (pathname: string): ProjectListKind => {
  const page = pageOf(pathname.replace(/^\/[^/]*/, ""));
  return page === "currentProjects" || page === "currentProject" ? "current" : "completed";
};

/** Address of a list. */
export const projectListPath = (lang: Language, kind: ProjectListKind) =>
  href(kind === "current" ? "currentProjects" : "completedProjects", lang);

/** Address of a project's detail page within a list. */
export const projectPath = (lang: Language, kind: ProjectListKind, id: string | number) =>
  href(kind === "current" ? "currentProject" : "completedProject", lang, id);

/** Translation key of a list's title. */
export const listTitleKey = {
  completed: "projects.title",
  current: "projects.currentTitle",
} as const;

/** Translation key of the table's date column: a current project's date is one still to come. */
export const dateColumnKey = {
  completed: "projects.table.date",
  current: "projects.table.dateCurrent",
} as const;
