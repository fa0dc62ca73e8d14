/**
 * Site search figures (issues 24 and 31), measured in this process with the site's own modules:
 * for the demo content, read from a reference API as the site reads it (lists, then every
 * item's page, four at a time), and for 10,000 and 100,000 made-up documents per language (words
 * drawn from the demo content): index build time, the heap and RSS the index adds, the saved
 * index's size and the time another process takes to load it, query time at p50/p99 (a query
 * being what the results page asks: ranking, then the titles and extracts of ten results;
 * words, two words, half-typed words, Arabic spelt plainly, misspelt words) and suggestion time
 * (six titles, for each beginning of a word as it is typed). And the API requests of a refresh:
 * the first build's, and a refresh's when nothing changed (goal: the list pages only).
 *
 * `npm run bench` runs it against its reference API; `npm run bench:search` alone starts one of
 * its own on a temporary database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import v8 from "node:v8";
import vm from "node:vm";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Language } from "@site/contract";
import { isLanguage } from "@site/contract/languages";
import arStrings from "../../apps/web/app/i18n/ar.json" with { type: "json" };
import enStrings from "../../apps/web/app/i18n/en.json" with { type: "json" };
import { createContentClient } from "../../apps/web/server/content/api-client.server.ts";
import { createLogger } from "../../apps/web/server/log.server.ts";
import {
  LanguageIndex,
  type SearchDocument,
  type SearchKind,
  type SearchOptions,
} from "../../apps/web/server/search/language-index.server.ts";
import {
  collectDocuments,
  documentOf,
  itemAt,
  readListings,
} from "../../apps/web/server/search/search-documents.server.ts";
import { SiteSearch } from "../../apps/web/server/search/search-index.server.ts";
import { fileSearchStore } from "../../apps/web/server/search/search-store.server.ts";
import { seededRandom as random } from "../../apps/web/server/testing/seeded-random.ts";
import { fixed, table } from "./format.ts";

export interface SearchRow {
  corpus: string;
  lang: Language;
  documents: number;
  /** Reading the API (demo content) and building the index. */
  buildMs: number;
  /** Of that, building the index alone. */
  indexMs: number;
  /** Memory held by the index: the heap, and the typed arrays' buffers (outside the heap). */
  heapMb: number;
  /** Resident memory the process grew by while building (the peak, not given back). */
  rssMb: number;
  /** The saved index (gzip JSON), and the time to read it back into an index (another process). */
  savedMb: number;
  loadMs: number;
  /** Suggestions (six titles) for each beginning of a word typed, 3 letters and more. */
  suggestP50Ms: number;
  suggestP99Ms: number;
  queries: number;
  p50Ms: number;
  p99Ms: number;
  /** The same queries' CPU time: what the wall time is on an idle machine. */
  cpuP50Ms: number;
  cpuP99Ms: number;
  /** 1-minute load average when the queries began: other processes skew wall times. */
  loadAverage: number;
}

/** Goal of the issues: a query's p99 under 20 ms (at 10,000 and 100,000 documents per language). */
export const QUERY_P99_GOAL_MS = 20;

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** The heap and the array buffers (the postings' typed arrays are kept outside the heap). */
const heapUsed = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/** The words of the documents, the most frequent first. */
export function wordsOf(documents: SearchDocument[]): string[] {
  const counts = new Map<string, number>();
  for (const doc of documents) {
    for (const word of `${doc.title} ${doc.text}`.match(/[\p{L}\p{M}\p{N}]{2,}/gu) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
}

const kinds: SearchKind[] = ["news", "completedProject", "currentProject", "service", "page"];

/**
 * `count` documents of `lang` made of the vocabulary's words, drawn as words occur in text
 * (Zipf's law: the word of rank r about 1/r as often as the first), so common words are in
 * most documents and rare ones in few.
 */
export function madeUp(lang: Language, vocabulary: string[], count: number): SearchDocument[] {
  const next = random(lang === "en" ? 1 : 2);
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= vocabulary.length; rank++) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const pick = () => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low] ?? "";
  };
  const sentence = (words: number) => Array.from({ length: words }, pick).join(" ");
  return Array.from({ length: count }, (_, i) => ({
    href: `/${lang}/news/${i + 1}`,
    kind: kinds[i % kinds.length] ?? "news",
    title: sentence(5 + Math.floor(next() * 6)),
    text: `${sentence(60 + Math.floor(next() * 60))}. ${sentence(60 + Math.floor(next() * 90))}.`,
  }));
}

/** Arabic as often typed: bare alef, ha for ta marbuta, ya for alef maqsura, no marks. */
const plainArabic = (word: string) =>
  word
    .replace(/[أإآ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/[\u064B-\u065F\u0670\u0640]/g, "");

/** A word with two neighbouring letters swapped (one mistake), from the second on. */
const misspelt = (word: string) =>
  word.length < 5 ? word : `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;

/**
 * Queries a visitor might type: a word, two words, a word being typed, Arabic spelt plainly /
 * English in capitals, a misspelt word.
 */
export function queries(lang: Language, vocabulary: string[], count: number): string[] {
  const next = random(lang === "en" ? 3 : 4);
  // Words visitors look for: not the commonest hundred (the, and, في, من).
  const long = vocabulary.slice(100).filter((word) => word.length >= 4);
  const pick = () => long[Math.floor(next() * long.length)] ?? "";
  return Array.from({ length: count }, (_, i) => {
    const word = pick();
    switch (i % 5) {
      case 0:
        return word;
      case 1:
        return `${pick()} ${word}`;
      case 2:
        return word.slice(0, 3 + Math.floor(next() * 2));
      case 3:
        return lang === "ar" ? plainArabic(word) : word.toUpperCase();
      default:
        return misspelt(word);
    }
  });
}

/** What the search field asks while a word is typed: each beginning of 3 letters and more. */
const typing = (list: string[]) =>
  list.flatMap((query) =>
    Array.from({ length: Math.max(0, query.length - 2) }, (_, i) => query.slice(0, i + 3)),
  );

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Times `runs` passes over `list` after one pass of warm-up; p50 and p99 of each query. */
function timeQueries(
  index: LanguageIndex,
  list: string[],
  runs = 3,
  options: SearchOptions = { limit: 10 },
) {
  for (const query of list) index.search(query, options);
  const loadAverage = os.loadavg()[0] ?? 0;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const query of list) {
      const start = performance.now();
      const used = process.cpuUsage();
      index.search(query, options);
      const { user, system } = process.cpuUsage(used);
      times.push(performance.now() - start);
      cpu.push((user + system) / 1000);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    queries: times.length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    cpuP50Ms: percentile(cpu, 50),
    cpuP99Ms: percentile(cpu, 99),
    loadAverage,
  };
}

/** Builds (in chunks, as the site does) and queries an index of `documents`, measuring it. */
async function measure(
  corpus: string,
  lang: Language,
  documents: SearchDocument[],
  vocabulary: string[],
  readMs = 0,
): Promise<SearchRow> {
  const before = heapUsed();
  const rssBefore = process.memoryUsage().rss;
  const start = performance.now();
  const index = await LanguageIndex.build(documents);
  const indexMs = performance.now() - start;
  const heapMb = (heapUsed() - before) / 1024 / 1024;
  const rssMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  const list = queries(lang, vocabulary, 400);
  const timed = timeQueries(index, list);
  const suggested = timeQueries(index, typing(list.filter((_, i) => i % 5 === 0)), 1, {
    limit: 6,
    extracts: false,
  });
  // What another process does with the saved index: unzip, parse, load.
  const saved = gzipSync(JSON.stringify(index.toJSON()));
  const loadStart = performance.now();
  LanguageIndex.load(JSON.parse(gunzipSync(saved).toString()));
  const loadMs = performance.now() - loadStart;
  return {
    corpus,
    lang,
    documents: index.size,
    buildMs: readMs + indexMs,
    indexMs,
    heapMb,
    rssMb,
    savedMb: saved.length / 1024 / 1024,
    loadMs,
    suggestP50Ms: suggested.p50Ms,
    suggestP99Ms: suggested.p99Ms,
    ...timed,
  };
}

/** The figures for the content of the API at `apiUrl` and for `madeUpCount` documents. */
export async function searchBench(
  apiUrl: string,
  madeUpCounts: number[] = [10_000],
  langs: readonly Language[] = ["en", "ar"],
): Promise<SearchRow[]> {
  const api = createContentClient({
    baseUrl: apiUrl,
    timeoutMs: 20_000,
    cacheTtlMs: 300_000,
    cacheMaxEntries: 500,
    maxRequests: 32,
    logger: createLogger({ level: "silent" }),
  });
  // Both languages are read first: measuring blocks the event loop for seconds, long enough
  // for the API to close idle keep-alive connections the client would then reuse.
  const read = [];
  for (const lang of langs) {
    // The titles the site gives these pages (site-context.server.ts).
    const strings = lang === "ar" ? arStrings : enStrings;
    const titles = { overview: strings["overview.title"], hse: strings["hse.title"] };
    const start = performance.now();
    // Copies, so the measured heap is the index's alone and not the answers it was read from.
    const demo = structuredClone(await collectDocuments(api, lang, titles));
    read.push({ lang, demo, readMs: performance.now() - start });
  }
  const rows: SearchRow[] = [];
  for (const { lang, demo, readMs } of read) {
    const vocabulary = wordsOf(demo);
    rows.push(await measure("demo content", lang, demo, vocabulary, readMs));
    for (const count of madeUpCounts) {
      const made = madeUp(lang, vocabulary, count);
      rows.push(await measure(`${count.toLocaleString("en")} made up`, lang, made, vocabulary));
    }
  }
  return rows;
}

/** API requests of site search's first build and of a refresh (both languages). */
export interface RefreshRequests {
  /** The first build: every list page, then every item's page. */
  firstBuild: number;
  /** A refresh with nothing changed: the list pages only (the goal). */
  unchanged: number;
  /** A refresh after one item's list row changed (when `change` was given). */
  oneChanged?: number;
}

/**
 * Counts the API requests site search makes against the API at `apiUrl` (the site's own
 * modules: search-documents.server.ts, search-index.server.ts), with `change` editing one item
 * between the second and third refresh.
 */
export async function refreshRequests(
  apiUrl: string,
  change?: () => void,
): Promise<RefreshRequests> {
  const client = createContentClient({
    baseUrl: apiUrl,
    timeoutMs: 20_000,
    cacheTtlMs: 300_000,
    cacheMaxEntries: 500,
    maxRequests: 32,
    logger: createLogger({ level: "silent" }),
  });
  let requests = 0;
  const uncached = client.uncached.bind(client);
  const api = Object.assign(Object.create(client), {
    uncached: ((...args: Parameters<typeof uncached>) => {
      requests++;
      return uncached(...args);
    }) as typeof uncached,
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-bench-refresh-"));
  try {
    const titles = { overview: "Overview", hse: "HSE" };
    const search = new SiteSearch({
      source: {
        listings: (lang) => readListings(api, lang, titles),
        document: (lang, item) => documentOf(api, lang, item),
        itemAt,
      },
      store: fileSearchStore(dir),
      ttlMs: 300_000,
    });
    const counted = async (run: () => Promise<unknown>) => {
      const before = requests;
      await run();
      return requests - before;
    };
    const both = () => Promise.all([search.refresh("en"), search.refresh("ar")]);
    const firstBuild = await counted(both);
    const unchanged = await counted(both);
    if (!change) return { firstBuild, unchanged };
    change();
    const oneChanged = await counted(both);
    return { firstBuild, unchanged, oneChanged };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a table. */
export function searchTable(rows: SearchRow[]): string {
  return table(
    "Site search (postings.server.ts, in the bench process): index build and query time per language",
    [
      "documents",
      "lang",
      "docs",
      "build ms",
      "index ms",
      "heap MB",
      "RSS MB",
      "saved MB",
      "load ms",
      "queries",
      "p50 ms",
      "p99 ms",
      "CPU p50",
      "CPU p99",
      "suggest p50",
      "suggest p99",
      "load",
    ],
    rows.map((row) => [
      row.corpus,
      row.lang,
      String(row.documents),
      fixed(row.buildMs),
      fixed(row.indexMs),
      fixed(row.heapMb, 1),
      fixed(row.rssMb, 0),
      fixed(row.savedMb, 1),
      fixed(row.loadMs),
      String(row.queries),
      fixed(row.p50Ms, 2),
      fixed(row.p99Ms, 2),
      fixed(row.cpuP50Ms, 2),
      fixed(row.cpuP99Ms, 2),
      fixed(row.suggestP50Ms, 2),
      fixed(row.suggestP99Ms, 2),
      fixed(row.loadAverage, 1),
    ]),
    [
      "build ms: for the demo content, reading the API (every item's page, 4 at a time) and indexing;",
      "made-up documents: titles of 5-10 and texts of 120-270 words of the demo's, drawn by Zipf's law;",
      "a query: ranking plus the titles and extracts of the first 10 results; 400 queries (a word, two",
      `words, a word being typed, Arabic spelt plainly / English in capitals, a misspelt word), 3 passes after one warm-up; goal p99 < ${QUERY_P99_GOAL_MS} ms`,
      "heap MB: the heap and array buffers the index holds; RSS MB: what the process grew by while building; saved MB: the saved index (gzip JSON); load ms: unzip, parse and load it",
      "suggest: six titles for each beginning (3 letters and more) of the single-word queries, as typed",
      "CPU p50/p99: the queries' CPU time (what wall time is on an idle machine); load: 1-minute load average",
    ],
    2,
  );
}

/** The API requests of a refresh, as lines. */
export function refreshTable(requests: RefreshRequests): string {
  return [
    "Site search refresh, API requests (both languages, demo content):",
    `  first build ${requests.firstBuild}; a refresh with nothing changed ${requests.unchanged} (the list pages only)`,
    ...(requests.oneChanged === undefined
      ? []
      : [
          `  after one story's title changed ${requests.oneChanged} (the list pages and that story's page)`,
        ]),
  ].join("\n");
}

if (import.meta.main) {
  const { startContentApi } = await import("@site/content-api");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-bench-search-"));
  const api = await startContentApi({
    port: Number(process.env.BENCH_API_PORT ?? 4399),
    host: "127.0.0.1",
    databasePath: path.join(dir, "content.sqlite"),
    storageDir: path.join(dir, "storage"),
  });
  try {
    // BENCH_SEARCH_DOCS=100000 BENCH_SEARCH_LANGS=ar: one row, when the machine is quiet.
    const counts = (process.env.BENCH_SEARCH_DOCS ?? "10000,100000").split(",").map(Number);
    const langs = (process.env.BENCH_SEARCH_LANGS ?? "en,ar").split(",").filter(isLanguage);
    console.log(searchTable(await searchBench(api.url, counts, langs)));
    const requests = await refreshRequests(api.url, () => {
      // An editor changes one story's title (its list row).
      const db = new DatabaseSync(path.join(dir, "content.sqlite"));
      db.prepare("UPDATE news SET title_en = title_en || ' (updated)' WHERE id = 1").run();
      db.close();
    });
    console.log(refreshTable(requests));
  } finally {
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
