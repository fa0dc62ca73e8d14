/**
 * What the site process costs, read from outside (issue 33): its CPU per search nobody asked
 * before, and where its memory went (its own metrics, the answers it keeps, its sitemap).
 */
import { DatabaseSync } from "node:sqlite";
import { languages } from "@site/contract/languages";
import { sumOfSeries } from "../../e2e/support/metrics-text.ts";
import { fixed, table } from "./format.ts";
import { statusCounts } from "./load.ts";
import { untilKept } from "./page-kinds.ts";
import { type BenchSite, cpuMsOf, listRows, rawGet } from "./site.ts";

/** Searches nobody asked before (each a page-cache miss): the site's CPU per search. */
export interface DistinctSearches {
  searches: number;
  /** CPU time of the site process (user and system) per search, and wall time per search. */
  cpuMsPerSearch: number;
  wallMsPerSearch: number;
  /** Of that, the query alone (ranking and marking, read from the site's own histogram). */
  queryMsPerSearch: number;
  /** Answers by status (200: found or not; 429 would mean the limit was reached). */
  byStatus: Record<string, number>;
}

/**
 * One distinct search after another, one at a time (so the CPU measured is the searches'):
 * every word of 4 letters or more in the demo's titles, alone and narrowed to each kind, in
 * both languages. Each is a miss: the query and the render of its page.
 */
export async function distinctSearches(
  site: BenchSite,
  apiUrl: string,
  metricsUrl: string,
): Promise<DistinctSearches> {
  const queries: string[] = [];
  for (const lang of languages) {
    const titles: string[] = [];
    for (const list of ["/api/news", "/api/Completed-projects", "/api/services"]) {
      const rows = await listRows(apiUrl, list, lang);
      titles.push(...rows.map((row) => row.title ?? ""));
    }
    const words = new Set(
      titles
        .join(" ")
        .toLowerCase()
        .match(/[\p{L}]{4,}/gu) ?? [],
    );
    for (const word of words) {
      for (const kind of ["", "&kind=news", "&kind=projects", "&kind=services"]) {
        queries.push(`/${lang}/search?q=${encodeURIComponent(word)}${kind}`);
      }
    }
  }
  // The first search of a language builds its index (503 until then): not measured.
  for (const lang of languages) await untilKept(`${site.url}/${lang}/search?q=index`);
  const byStatus: Record<string, number> = {};
  const querySeconds = async () =>
    sumOfSeries(await (await fetch(metricsUrl)).text(), "search_query_duration_seconds_sum");
  const queriesBefore = await querySeconds();
  const cpuBefore = cpuMsOf(site.pid);
  const started = performance.now();
  for (const query of queries) {
    const answer = await rawGet(site.url + query, "gzip");
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  }
  const wallMs = performance.now() - started;
  const cpuMs = cpuMsOf(site.pid) - cpuBefore;
  const queryMs = ((await querySeconds()) - queriesBefore) * 1000;
  return {
    searches: queries.length,
    cpuMsPerSearch: cpuMs / queries.length,
    wallMsPerSearch: wallMs / queries.length,
    queryMsPerSearch: queryMs / queries.length,
    byStatus,
  };
}

/** The distinct searches in a line, against the goal. */
export const distinctSearchesReport = (searched: DistinctSearches): string =>
  `\nDistinct searches, one at a time (each a page-cache miss: the query and its page's render): ${searched.searches}, ${fixed(searched.cpuMsPerSearch, 2)} ms of the site's CPU and ${fixed(searched.wallMsPerSearch, 2)} ms each, of which the query ${fixed(searched.queryMsPerSearch, 2)} ms (timed by the site; it runs without waiting, so its time is CPU) and the rest (the page's render, HTTP, compression) about ${fixed(searched.cpuMsPerSearch - searched.queryMsPerSearch, 2)} ms; answers ${statusCounts(searched)} (goal, issue 33: at most 2 ms of CPU)`;

/** Where the site process's memory went by the end of the run (its metrics, its files). */
export interface MemoryAccount {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Outside V8's heap: Buffers (the page cache's bodies), libvips. */
  externalMb: number;
  pageCacheMb: { pages: number; searches: number };
  libvipsMb?: number;
  searchDocuments: number;
  /** The JSON of every API answer the site keeps (the answer store holds the same ones). */
  apiAnswersJsonMb: number;
  sitemapKb: number;
}

/** The site's own account of its memory: a scrape of its metrics, and the answers it keeps. */
export async function memoryAccount(metricsUrl: string, answersFile: string, siteUrl: string) {
  const text = await (await fetch(metricsUrl)).text();
  const sum = (series: string) => sumOfSeries(text, series);
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const db = new DatabaseSync(answersFile, { readOnly: true });
  const answers = db.prepare("SELECT sum(length(value)) AS bytes FROM answers").get() as {
    bytes: number | null;
  };
  db.close();
  const sitemap = await rawGet(`${siteUrl}/sitemap.xml`, "identity");
  return {
    rssMb: mb(sum("process_resident_memory_bytes")),
    heapUsedMb: mb(sum("nodejs_heap_size_used_bytes")),
    heapTotalMb: mb(sum("nodejs_heap_size_total_bytes")),
    externalMb: mb(sum("nodejs_external_memory_bytes")),
    pageCacheMb: {
      pages: mb(sum('page_cache_bytes{pool="pages"}')),
      searches: mb(sum('page_cache_bytes{pool="searches"}')),
    },
    libvipsMb: text.includes("libvips_memory_bytes ") ? mb(sum("libvips_memory_bytes")) : undefined,
    searchDocuments: sum("search_index_documents{"),
    apiAnswersJsonMb: mb(answers.bytes ?? 0),
    sitemapKb: sitemap.body.length / 1024,
  } satisfies MemoryAccount;
}

/** The memory account as a table: each part beside the setting that bounds it. */
export const memoryReport = (memory: MemoryAccount): string =>
  table(
    "Where the site process's memory went, at the end of the run (its metrics)",
    ["part", "MB", "bounded by"],
    [
      ["resident (RSS)", fixed(memory.rssMb, 1), "the parts below, and code"],
      [
        "V8 heap in use / reserved",
        `${fixed(memory.heapUsedMb, 1)} / ${fixed(memory.heapTotalMb, 1)}`,
        "HEAP_MODE (size)",
      ],
      ["outside the heap (Buffers, libvips)", fixed(memory.externalMb, 1), "the two below"],
      [
        "the rest: code, V8's own, native libraries",
        fixed(memory.rssMb - memory.heapTotalMb - memory.externalMb, 1),
        "-",
      ],
      ["page cache: pages", fixed(memory.pageCacheMb.pages, 1), "PAGE_CACHE_MAX_MB (7/8 of it)"],
      [
        "page cache: search results",
        fixed(memory.pageCacheMb.searches, 1),
        "PAGE_CACHE_MAX_MB (1/8 of it)",
      ],
      ["libvips", fixed(memory.libvipsMb, 1), "IMAGE_MEMORY_MB"],
      ["API answers (their JSON)", fixed(memory.apiAnswersJsonMb, 2), "CACHE_MAX_ENTRIES"],
      ["sitemap (its XML)", fixed(memory.sitemapKb / 1024, 2), "one build"],
      ["search index", `${memory.searchDocuments} documents`, "SEARCH_MAX_DOCUMENTS"],
    ],
    [
      "with METRICS_PORT on (prom-client adds a few MB); answers and the sitemap by their text size",
    ],
  );
