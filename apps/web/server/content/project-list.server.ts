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

/** Pages of the current list read at most for one project page: a bound on its API calls. */
export const CURRENT_LIST_PAGES_READ = 20;

/** API requests at once for the pages after the first: the API serves visitors too. */
const CONCURRENCY = 4;

/**
 * `current` when the current list holds the project, `completed` when the whole list was read
 * without it, `undefined` when the list is longer than CURRENT_LIST_PAGES_READ pages and the
 * pages read do not hold it (then the address it was asked under decides).
 */
export async function projectListHolding(
  api: ContentClient,
  lang: Language,
  id: string | number,
): Promise<ProjectListKind | undefined> {
  const read = (page: number) => api.content("currentProjects", lang, { page });
  const first = await read(1);
  const last = first.pagination.last_page;
  const gate = limiter(CONCURRENCY);
  const rest = await Promise.all(
    Array.from({ length: Math.min(last, CURRENT_LIST_PAGES_READ) - 1 }, (_, i) =>
      gate(() => read(i + 2)),
    ),
  );
  const wanted = String(id);
  if ([first, ...rest].some((page) => page.data.some((row) => String(row.id) === wanted))) {
    return "current";
  }
  return last <= CURRENT_LIST_PAGES_READ ? "completed" : undefined;
}
