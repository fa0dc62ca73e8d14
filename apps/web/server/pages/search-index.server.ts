/**
 * Site search (issue 24): one index per language (language-index.server.ts), built from the
 * content API (the lists, then each item's page for its text, a few at a time), kept as long as
 * API answers stay fresh (CACHE_TTL_MS), rebuilt in the background after that while the old one
 * answers, kept when a rebuild fails (retried after a back-off), and dropped by a purge.
 */
import type { Language, Payload } from "@site/contract";
import { limiter, mapLimit } from "@site/contract/concurrency";
import { href } from "../../app/shared/page-table.ts";
import { stripTags } from "../../app/shared/text.ts";
import { ApiError, type ContentClient } from "../content/api-client.server.ts";
import { allPages } from "../content/paged.server.ts";
import { logLine, reasonOf } from "../log.server.ts";
import { LanguageIndex, type SearchDocument, type SearchKind } from "./language-index.server.ts";

/** Item reads in flight at once while building. */
const DETAIL_CONCURRENCY = 4;

type PagedName = "news" | "completedProjects" | "currentProjects";

/** Every row of a paged list. */
async function allRows<N extends PagedName>(
  api: ContentClient,
  name: N,
  lang: Language,
): Promise<Payload<N>["data"]> {
  const all = await allPages(
    (page) => api.uncached(name, lang, { page }),
    limiter(DETAIL_CONCURRENCY),
  );
  return all.flatMap((page) => page.data as unknown[]) as Payload<N>["data"];
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

const text = (...parts: (string | number | null | undefined)[]) =>
  parts
    .map((part) => (part === null || part === undefined ? "" : stripTags(String(part))))
    .filter(Boolean)
    .join(" \n ");

/** Names of the pages whose records have no title of their own, in the documents' language. */
export interface PageTitles {
  overview: string;
  hse: string;
}

/**
 * Every searchable page of a language: news, completed and current projects, services, the
 * other pages, and the overview and HSE pages. Throws an ApiError when the API fails.
 */
export async function collectDocuments(
  api: ContentClient,
  lang: Language,
  titles: PageTitles,
  concurrency = DETAIL_CONCURRENCY,
): Promise<SearchDocument[]> {
  const [news, completed, current, services, extraPages, overview, hse] = await Promise.all([
    allRows(api, "news", lang),
    allRows(api, "completedProjects", lang),
    allRows(api, "currentProjects", lang),
    api.uncached("services", lang),
    api.uncached("extraPages", lang),
    api.uncached("overviews", lang),
    api.uncached("hse", lang),
  ]);

  /** One document per row: its page, its title, and the text `textOf` takes from it and its details. */
  const documents = <Row extends { id: string | number; title: string }, Item>(
    rows: Row[],
    page: "newsItem" | "completedProject" | "currentProject" | "service" | "otherPage",
    kind: SearchKind,
    details: (id: Row["id"]) => Promise<Item>,
    textOf: (row: Row, item: Item | undefined) => string,
  ) =>
    mapLimit(rows, concurrency, async (row): Promise<SearchDocument> => {
      const item = await detail(() => details(row.id));
      return {
        href: href(page, lang, row.id),
        kind,
        title: text(row.title),
        text: textOf(row, item),
      };
    });
  const projectDocs = (rows: typeof completed, kind: "completedProject" | "currentProject") =>
    documents(
      rows,
      kind,
      kind,
      async (id) => (await api.uncached("project", lang, { id })).projects,
      (row, item) => text(row.client, item?.location, item?.image_content),
    );
  const newsDocs = documents(
    news,
    "newsItem",
    "news",
    (id) => api.uncached("newsItem", lang, { id }),
    (row, item) => text(row.description, item?.content),
  );
  const serviceDocs = documents(
    services,
    "service",
    "service",
    (id) => api.uncached("service", lang, { id }),
    (row, item) => text(row.description, item?.content),
  );
  const pageDocs = documents(
    extraPages,
    "otherPage",
    "page",
    (id) => api.uncached("extraPage", lang, { id }),
    (_row, item) => text(item?.content),
  );
  const single: SearchDocument[] = [];
  if (overview[0]) {
    const title = titles.overview;
    single.push({
      href: href("overview", lang),
      kind: "page",
      title,
      text: text(overview[0].content),
    });
  }
  if (hse[0]) {
    const title = text(hse[0].title) || titles.hse;
    single.push({ href: href("hse", lang), kind: "page", title, text: text(hse[0].content) });
  }
  const all = [
    ...(await newsDocs),
    ...(await projectDocs(completed, "completedProject")),
    ...(await projectDocs(current, "currentProject")),
    ...(await serviceDocs),
    ...(await pageDocs),
    ...single,
  ];
  return all.filter((doc) => doc.title || doc.text);
}

export interface SiteSearchOptions {
  /** Reads the documents of a language (throws when the API fails). */
  load: (lang: Language) => Promise<SearchDocument[]>;
  /** How long an index stays fresh: the API answers' lifetime. */
  ttlMs: number;
  now?: () => number;
  log?: (line: string) => void;
}

interface Built {
  index: LanguageIndex;
  builtAt: number;
}

/** The indexes of both languages, built on first use and kept fresh. */
export class SiteSearch {
  readonly #options: Required<SiteSearchOptions>;
  readonly #built = new Map<Language, Built>();
  readonly #building = new Map<Language, Promise<LanguageIndex>>();
  /** After a failed rebuild: when to try again. */
  readonly #retryAt = new Map<Language, { failures: number; at: number }>();
  /** Bumped by a purge, so a build started before it is not kept. */
  #generation = 0;

  constructor(options: SiteSearchOptions) {
    this.#options = {
      now: Date.now,
      log: (line: string) => console.warn(line),
      ...options,
    };
  }

  /**
   * The index of a language: the kept one (refreshed in the background once stale), else a
   * new build, shared by concurrent callers. Throws when there is none and the API fails.
   */
  async index(lang: Language): Promise<LanguageIndex> {
    const built = this.#built.get(lang);
    if (!built) return this.#build(lang);
    const now = this.#options.now();
    const retry = this.#retryAt.get(lang);
    if (now - built.builtAt >= this.#options.ttlMs && (!retry || now >= retry.at)) {
      this.#build(lang).catch(() => undefined);
    }
    return built.index;
  }

  /**
   * The index of a language if there is one, never waiting: else a build is started (shared
   * with concurrent callers) and undefined returned.
   */
  ready(lang: Language): LanguageIndex | undefined {
    if (!this.#built.has(lang)) {
      this.#build(lang).catch(() => undefined);
      return undefined;
    }
    // Refreshed in the background once stale, as index() does.
    this.index(lang).catch(() => undefined);
    return this.#built.get(lang)?.index;
  }

  /** Forgets every index (a purge): the next search builds from the API's content. */
  clear(): void {
    this.#generation++;
    this.#built.clear();
    this.#building.clear();
    this.#retryAt.clear();
  }

  #build(lang: Language): Promise<LanguageIndex> {
    const running = this.#building.get(lang);
    if (running) return running;
    const generation = this.#generation;
    const build = this.#options
      .load(lang)
      .then(async (documents) => {
        const index = await LanguageIndex.build(documents);
        if (generation === this.#generation) {
          this.#built.set(lang, { index, builtAt: this.#options.now() });
          this.#retryAt.delete(lang);
        }
        return index;
      })
      .catch((error: unknown) => {
        if (generation === this.#generation && this.#built.has(lang)) {
          const failures = (this.#retryAt.get(lang)?.failures ?? 0) + 1;
          const wait = Math.min(this.#options.ttlMs, 1_000 * 2 ** Math.min(failures, 20));
          this.#retryAt.set(lang, { failures, at: this.#options.now() + wait });
          this.#options.log(
            logLine({
              level: "warn",
              area: "search",
              message: "keeping the last good search index",
              lang,
              reason: reasonOf(error),
            }),
          );
        }
        throw error;
      })
      .finally(() => {
        if (this.#building.get(lang) === build) this.#building.delete(lang);
      });
    this.#building.set(lang, build);
    return build;
  }
}
