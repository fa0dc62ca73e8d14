/**
 * The list endpoints: a plain list in one call, a paged list page by page (with and without
 * `?page`, and the page past the end), each page checked against the first one's pagination.
 */
import { type EndpointName, endpoints } from "../endpoints.ts";
import type { Pagination } from "../envelope.ts";
import type { Language } from "../languages.ts";
import type { Call, Outcome } from "./call.ts";
import type { Findings, OrderKey } from "./order.ts";
import { field, listItems } from "./payload.ts";

export interface ListContext {
  call: Call;
  findings: Findings;
  /** Every endpoint in the contract's order: an endpoint's index leads its report lines. */
  names: EndpointName[];
  maxPages: number;
}

/** A plain list in one language: returns the raw items (for ids). */
export async function plainList(
  context: ListContext,
  name: EndpointName,
  lang: Language,
): Promise<unknown[]> {
  const { path } = endpoints[name];
  const order = [context.names.indexOf(name), 0, 0];
  const check = newestFirst(context.findings, name, lang, order);
  const outcome = await context.call(name, path, lang, { status: 200, check }, order, true);
  const data = field(outcome.body, "data");
  return Array.isArray(data) ? data : [];
}

/** The latest projects must come newest first: a warning, checked on the English list. */
function newestFirst(findings: Findings, name: EndpointName, lang: Language, order: OrderKey) {
  if (name !== "latestProjects" || lang !== "en") return undefined;
  return (payload: unknown) => {
    const dates = (payload as { created_at: string }[]).map((item) => item.created_at.slice(0, 10));
    if (dates.some((date, i) => i > 0 && date > (dates[i - 1] as string)))
      findings.warn(`${endpoints[name].path}: not sorted newest first by created_at`, order);
    return undefined;
  };
}

const pageOf = (payload: unknown) => payload as { data: unknown[]; pagination: Pagination };

/** Page `page` of a list whose first page said `lastPage` (unknown for page 1 itself). */
const inRange = (page: number, lastPage?: number) => (payload: unknown) => {
  const { data, pagination } = pageOf(payload);
  if (pagination.current_page !== page)
    return `data.pagination.current_page: expected ${page}, got ${pagination.current_page}`;
  if (lastPage !== undefined && pagination.last_page !== lastPage)
    return `data.pagination.last_page: ${pagination.last_page} here but ${lastPage} on page 1`;
  if (page > pagination.last_page)
    return `data.pagination.last_page: ${pagination.last_page}, before the page served`;
  if (data.length > pagination.per_page)
    return `data.data: ${data.length} items, more than per_page ${pagination.per_page}`;
  if (data.length === 0 && pagination.total > 0)
    return `data.data: page ${page} of ${pagination.last_page} is empty but total is ${pagination.total}`;
  return undefined;
};

/** The page after the last one: empty, with the same last page. */
const pastEnd = (lastPage: number) => (payload: unknown) => {
  const { data, pagination } = pageOf(payload);
  if (data.length > 0)
    return `data.data: expected [] past the last page, got ${data.length} item${data.length === 1 ? "" : "s"}`;
  if (pagination.last_page !== lastPage)
    return `data.pagination.last_page: expected ${lastPage} (as on page 1), got ${pagination.last_page}`;
  return undefined;
};

/** The rows of a page, also from a page that failed a check (to find ids), in either form. */
const rows = (outcome: Outcome) => listItems(outcome.body);

/** A paged list in one language: every page, the page past the end; returns all raw items. */
export async function pagedList(
  context: ListContext,
  name: EndpointName,
  lang: Language,
): Promise<unknown[]> {
  const { call, findings } = context;
  const { path } = endpoints[name];
  const index = context.names.indexOf(name);

  const withoutPage = call(
    name,
    path,
    lang,
    { status: 200, check: inRange(1) },
    [index, 0, 0],
    true,
  );
  const first = await call(
    name,
    `${path}?page=1`,
    lang,
    { status: 200, check: inRange(1) },
    [index, 1, 1],
    true,
  );
  await withoutPage;
  if (!first.payload) return rows(first);

  const lastPage = pageOf(first.payload).pagination.last_page;
  const upTo = Math.min(lastPage, context.maxPages);
  if (lastPage > upTo)
    findings.warn(`${path} [${lang}]: last_page is ${lastPage}; only pages 1-${upTo} checked`, [
      index,
      1,
      1,
    ]);
  const pages = [first];
  const rest: Promise<Outcome>[] = [];
  for (let page = 2; page <= upTo; page++) {
    const query = `${path}?page=${page}`;
    const expect = { status: 200, check: inRange(page, lastPage) } as const;
    rest.push(call(name, query, lang, expect, [index, 1, page], true));
  }
  const past = call(
    name,
    `${path}?page=${lastPage + 1}`,
    lang,
    { status: 200, check: pastEnd(lastPage) },
    [index, 2, 0],
  );
  pages.push(...(await Promise.all(rest)));
  await past;
  return pages.flatMap(rows);
}
