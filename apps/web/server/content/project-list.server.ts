/**
 * Which of the two lists holds a project. Its detail answer does not say (API.md), and both
 * `/{lang}/projects/{id}` and `/{lang}/CurrentProjects/{id}` show any project: SPEC links the
 * first from the home page, the footer and other projects, for current projects too. So the
 * project page reads the current list (kept by the content cache for every project page) to
 * name its list and its one canonical address.
 */
import type { Language } from "@site/contract";
import { limiter } from "@site/contract/concurrency";
import type { ProjectListKind } from "../../app/shared/projects.ts";
import type { ContentClient } from "./api-client.server.ts";
import { allRows, BULK_READ_CONCURRENCY } from "./paged.server.ts";

/**
 * The most pages of the current list a project page reads: each is an API request and an entry
 * of the content cache (CACHE_MAX_ENTRIES), for every project page rendered.
 */
export const MAX_LIST_PAGES = 20;

/**
 * `current` when the current list holds the project, else `completed`; undefined when the list
 * is longer than MAX_LIST_PAGES pages (the page's address then decides).
 */
export async function projectListHolding(
  api: ContentClient,
  lang: Language,
  id: string | number,
): Promise<ProjectListKind | undefined> {
  const first = await api.content("currentProjects", lang, { page: 1 });
  if (first.pagination.last_page > MAX_LIST_PAGES) return undefined;
  // All of it, as the sitemap reads it: the two name the same address for every project.
  const rows = await allRows(
    async (page) => (page === 1 ? first : api.content("currentProjects", lang, { page })),
    limiter(BULK_READ_CONCURRENCY),
  );
  const wanted = String(id);
  return rows.some((row) => String(row.id) === wanted) ? "current" : "completed";
}
