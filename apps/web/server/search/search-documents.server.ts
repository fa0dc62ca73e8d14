/**
 * The searchable pages of a language, read from the content API (issues 24 and 31): the
 * listings first (every page of the paged lists, the services and other pages, the overview
 * and HSE), each row with a fingerprint of its list fields; then an item's own page only for
 * the rows that are new or whose fingerprint changed (search-index.server.ts keeps the rest),
 * a few at a time. A purge of one item's page re-reads that page alone (`itemAt`, `documentOf`).
 */
import { createHash } from "node:crypto";
import {
  type EndpointName,
  isoDateTime,
  isPagedEndpoint,
  itemIdIn,
  type Language,
  languages,
  type Payload,
} from "@site/contract";
import { type Gate, limiter, mapLimit } from "@site/contract/concurrency";
import { href, pageAddress } from "../../app/shared/page-table.ts";
import { stripTags } from "../../app/shared/text.ts";
import type { ContentClient } from "../content/api-client.server.ts";
import { ApiError } from "../content/api-errors.server.ts";
import {
  ITEM_PAGES,
  type ItemPage,
  isItemPage,
  itemPageOfAnswer,
  itemPages,
} from "../content/item-pages.server.ts";
import { allRows, BULK_READ_CONCURRENCY } from "../content/paged.server.ts";
import { safeHtml } from "../content/sanitize.server.ts";
import { type Logger, loggerFor } from "../log.server.ts";
import type { SearchDocument, SearchKind } from "./language-index.server.ts";

const log = loggerFor("search");

/** Names of the pages whose records have no title of their own, in the documents' language. */
export interface PageTitles {
  overview: string;
  hse: string;
}

const KIND_OF: Record<ItemPage, SearchKind> = {
  newsItem: "news",
  completedProject: "completedProject",
  currentProject: "currentProject",
  service: "service",
  otherPage: "page",
};

/** One row of a list: the item's page, and a fingerprint of what the list says of it. */
export interface Listing {
  href: string;
  page: ItemPage;
  id: string | number;
  /** Changes when the row's list fields change (title, description, date...). */
  fingerprint: string;
  row: Row;
}

/** A list row: the fields the documents use are read loosely (each list has its own). */
type Row = { id: string | number; title: string } & Record<string, unknown>;

/** What the lists say: a row per item, and the pages that are documents of their own. */
export interface Listings {
  items: Listing[];
  /** The overview and HSE pages, read whole with the lists. */
  singles: SearchDocument[];
  /** Some lists failed (left out here): how many, and the first failure. */
  incomplete?: { lists: number; error: unknown };
}

/**
 * Every row of a list (all its pages, when the API serves it in pages), fresh from the API (the
 * index follows changes the cache has not seen).
 */
async function freshRows(
  api: ContentClient,
  name: EndpointName,
  lang: Language,
  gate: Gate,
): Promise<Row[]> {
  if (isPagedEndpoint(name)) {
    const read = (page: number) => api.uncached(name, lang, { page });
    return (await allRows<unknown>(read, gate)) as Row[];
  }
  return (await gate(() => api.uncached(name, lang))) as unknown as Row[];
}

const fingerprintOf = (row: unknown) =>
  createHash("sha256").update(JSON.stringify(row)).digest("base64url").slice(0, 16);

/**
 * The text a page shows of its fields: an HTML field as the page renders it (sanitised: no
 * script, no form's hidden options, no iframe's fallback text), its tags dropped.
 */
const text = (...parts: unknown[]) =>
  parts
    .map((part) =>
      part === null || part === undefined
        ? ""
        : stripTags(safeHtml(String(part), keepUrl), { blocks: true }),
    )
    .filter(Boolean)
    .join(" \n ");

/** Media addresses do not matter to the text. */
const keepUrl = (url: string) => url;

export interface ListingLimits {
  /** SEARCH_MAX_DOCUMENTS. */
  maxDocuments?: number;
  logger?: Logger;
}

/**
 * Every list of a language (not the items' own pages). A list the API fails is left out (said
 * in `incomplete`); throws an ApiError when it fails them all.
 * At most `maxDocuments` (SEARCH_MAX_DOCUMENTS): past it the oldest news are left out (by
 * `created_at`, else the news list's own order), never a project, service or page, so the
 * index's memory stays bounded however much the company publishes.
 */
export async function readListings(
  api: ContentClient,
  lang: Language,
  titles: PageTitles,
  { maxDocuments = Number.POSITIVE_INFINITY, logger = log }: ListingLimits = {},
): Promise<Listings> {
  const failures: unknown[] = [];
  let reads = 0;
  const orNone = <T>(read: Promise<T[]>): Promise<T[]> => {
    reads++;
    return read.catch((error: unknown) => {
      failures.push(error);
      return [];
    });
  };
  // All of them through one gate: the API, and this process's line of API requests, serve
  // visitors too.
  const gate = limiter(BULK_READ_CONCURRENCY);
  // Each item page's list, then the pages read whole.
  const lists = ITEM_PAGES.map((page) => orNone(freshRows(api, itemPages[page].list, lang, gate)));
  const overviewRead = orNone(gate(() => api.uncached("overviews", lang)));
  const hseRead = orNone(gate(() => api.uncached("hse", lang)));
  const [rowLists, overview, hse] = await Promise.all([Promise.all(lists), overviewRead, hseRead]);
  if (failures.length === reads) throw failures[0];
  const rowsOf = Object.fromEntries(
    ITEM_PAGES.map((page, i) => [page, rowLists[i] ?? []]),
  ) as Record<ItemPage, Row[]>;
  // (An item whose id no address can hold is not in the lists: `withPagesOnly`, api-payload.)
  const listed = (rows: readonly Row[], page: ItemPage): Listing[] =>
    rows.map((row) => ({
      href: href(page, lang, row.id),
      page,
      id: row.id,
      fingerprint: fingerprintOf(row),
      row,
    }));
  const singles: SearchDocument[] = [];
  if (overview[0]) {
    singles.push({
      href: href("overview", lang),
      kind: "page",
      title: titles.overview,
      text: text(overview[0].content),
    });
  }
  if (hse[0]) {
    singles.push({
      href: href("hse", lang),
      kind: "page",
      title: text(hse[0].title) || titles.hse,
      text: text(hse[0].content),
    });
  }
  const news = rowsOf.newsItem;
  const others = rowLists.reduce((count, rows) => count + rows.length, 0) - news.length;
  const newsRoom = Math.max(0, maxDocuments - singles.length - others);
  if (news.length > newsRoom) {
    logger.warn(
      { lang, news: news.length, indexed: newsRoom },
      "SEARCH_MAX_DOCUMENTS reached: the oldest news are left out of the site search",
    );
  }
  return {
    items: ITEM_PAGES.flatMap((page) =>
      listed(page === "newsItem" ? newestFirst(news).slice(0, newsRoom) : rowsOf[page], page),
    ),
    singles: singles.filter((doc) => doc.title || doc.text),
    ...(failures.length > 0 && { incomplete: { lists: failures.length, error: failures[0] } }),
  };
}

/**
 * News by `created_at`, newest first, when every row has a date (the contract makes it
 * optional); else as the API lists them, which is how the news page shows them.
 */
function newestFirst(rows: Row[]): Row[] {
  const dated = rows.map((row) => ({ row, at: isoDateTime(String(row.created_at ?? "")) }));
  if (dated.some(({ at }) => at === undefined)) return rows;
  return dated.sort((a, b) => (b.at ?? 0) - (a.at ?? 0)).map(({ row }) => row);
}

/** An item's page, or undefined when the API says it is gone (listed but 404). */
async function detail<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.kind === "not-found") return undefined;
    throw error;
  }
}

/**
 * The document of an item: its page read, with what its list row says (the row alone when
 * the page is gone). Undefined when neither has a title or text.
 */
export async function documentOf(
  api: ContentClient,
  lang: Language,
  item: { page: ItemPage; id: string | number; row?: Row },
): Promise<SearchDocument | undefined> {
  const { page, id } = item;
  const { detail: endpoint } = itemPages[page];
  const read = async (): Promise<Record<string, unknown>> => {
    const answer = await api.uncached(endpoint, lang, { id });
    // A project's answer holds the project beside its other projects.
    return endpoint === "project" ? (answer as Payload<"project">).projects : answer;
  };
  const found = await detail(read);
  if (!found && !item.row) return undefined;
  const fields = { ...item.row, ...found } as Record<string, unknown>;
  const body =
    page === "completedProject" || page === "currentProject"
      ? text(fields.client, found?.location, found?.image_content)
      : page === "otherPage"
        ? text(found?.content)
        : text(fields.description, found?.content);
  const document = {
    href: href(page, lang, id),
    kind: KIND_OF[page],
    title: text(fields.title),
    text: body,
  };
  return document.title || document.text ? document : undefined;
}

/**
 * The item a site path names (`/en/news/3`, any spelling: `/EN/news/003/`), when it is an item
 * of a searchable list.
 */
export function itemAt(path: string): SiteItem | undefined {
  const address = pageAddress(path.split("?")[0] ?? "");
  if (!address?.id || !isItemPage(address.page)) return undefined;
  return { lang: address.lang, page: address.page, id: address.id, href: address.path };
}

/**
 * The site paths, in every language, of the items a purge by content names (`/api/news/301` →
 * `/en/news/301`, `/ar/news/301`), or undefined when it names anything else (a list, a
 * project, whose page may be a completed or a current one): then the lists are read again.
 */
export function itemPathsOfContent(contentKeys: readonly string[]): string[] | undefined {
  const paths: string[] = [];
  for (const key of contentKeys) {
    // The key holds the id encoded, as the API client's cache keys do (`/api/news/Road-7`).
    const [, base = "", encoded = ""] = /^(\/api\/[\w-]+)\/([^/]+)$/.exec(key) ?? [];
    const page = itemPageOfAnswer(base);
    const id = itemIdIn(encoded);
    if (!page || id === undefined) return undefined;
    paths.push(...languages.map((lang) => href(page, lang, id)));
  }
  return paths;
}

/** An item of a searchable list, as a site path names it. */
export interface SiteItem {
  lang: Language;
  page: ItemPage;
  id: string;
  /** Its page's address as the index knows it. */
  href: string;
}

/**
 * Every searchable page of a language, read whole: the lists, then each item's page. Throws an
 * ApiError when the API fails (not for a listed item that is gone).
 */
export async function collectDocuments(
  api: ContentClient,
  lang: Language,
  titles: PageTitles,
  concurrency = BULK_READ_CONCURRENCY,
): Promise<SearchDocument[]> {
  const { items, singles } = await readListings(api, lang, titles);
  const documents = await mapLimit(items, concurrency, (item) => documentOf(api, lang, item));
  return [...documents.filter((doc) => doc !== undefined), ...singles];
}
