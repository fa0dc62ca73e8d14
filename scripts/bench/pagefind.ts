/**
 * `npm run bench:pagefind`: site search against Pagefind (the search of Astro Starlight) on the
 * relevance set (issue 31: the goal is to be ahead of it, not level with it). Both index the
 * same documents, the demo content read from a reference API of its own as the relevance test
 * reads it (collectDocuments); Pagefind gets one HTML record per document, in its language
 * (`<html lang>`, so it stems with its Snowball stemmer for English or Arabic), with the title
 * as the `<h1>` (Pagefind's heaviest default weight, and its `title` meta) and the words of the
 * document's kind as a light paragraph, as our index has them (KIND_WORDS, weighing 0.5).
 * Pagefind's bundle is written to a temporary folder, served from 127.0.0.1, and every query of
 * the set goes through its own `pagefind.js` in Chromium (Playwright, the system's Chromium);
 * our search answers the same queries in this process. Both are scored by
 * search-relevance-score.ts (recall@10, MRR), per language and per case of the set, and the
 * queries where the two differ are listed. Never fails on a figure; the results are also
 * written to bench-results/pagefind-<UTC time>.json.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startContentApi } from "@site/content-api";
import type { Language } from "@site/contract";
import * as pagefind from "pagefind";
import { KIND_WORDS } from "../../apps/web/app/shared/search/kinds.ts";
import { createContentClient } from "../../apps/web/server/content/api-client.server.ts";
import { createLogger } from "../../apps/web/server/log.server.ts";
import {
  LanguageIndex,
  type SearchDocument,
} from "../../apps/web/server/search/language-index.server.ts";
import { collectDocuments } from "../../apps/web/server/search/search-documents.server.ts";
import {
  RELEVANCE_CUTOFF,
  type Scored,
  type Summary,
  scoreAnswer,
  summary,
  summaryByCase,
} from "../../apps/web/server/search/search-relevance-score.ts";
import { relevanceSet } from "../../apps/web/server/search/search-relevance-set.ts";
import { chromiumArgs, chromiumPath } from "../../e2e/support/env.ts";
import { fixed, table } from "./format.ts";
import { onCleanup, progress } from "./processes.ts";
import { resultsHeader, runBench } from "./results.ts";

const languages = ["en", "ar"] as const;

/** A search's answers to one language's queries: the addresses found, best first (ten). */
type Answers = string[][];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

/**
 * A document as Pagefind would find it on a page of the site: the title as the `<h1>`, the
 * text in paragraphs, the kind's words (as our index has them) weighing 0.5.
 */
export function pagefindHtml(lang: Language, doc: SearchDocument, kindWords = true): string {
  const paragraphs = doc.text
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join("");
  const kind =
    kindWords && KIND_WORDS[doc.kind]
      ? `<p data-pagefind-weight="0.5">${escapeHtml(KIND_WORDS[doc.kind])}</p>`
      : "";
  return [
    `<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(doc.title)}</title></head>`,
    `<body><main data-pagefind-body><h1>${escapeHtml(doc.title)}</h1>${paragraphs}${kind}</main></body></html>`,
  ].join("");
}

/** Writes Pagefind's bundle of `documents` to `outputPath` (with the kinds' words or not). */
async function writePagefind(
  documents: Record<Language, SearchDocument[]>,
  outputPath: string,
  kindWords: boolean,
): Promise<void> {
  // Pagefind indexes in a process of its own (its binary), stopped whatever happens.
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
    for (const lang of languages) {
      for (const doc of documents[lang]) {
        const added = await index.addHTMLFile({
          url: doc.href,
          content: pagefindHtml(lang, doc, kindWords),
        });
        if (added.errors.length)
          throw new Error(`pagefind ${doc.href}: ${added.errors.join("; ")}`);
      }
    }
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join("; ")}`);
  } finally {
    await pagefind.close();
  }
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

/** Serves the files of `root` on 127.0.0.1 (a port of the system's choosing). */
async function serveStatic(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
    });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Pagefind's answers to `queries`, from a page of `lang` (`<html lang>`: the index pagefind.js
 * loads) at `base`: the first ten results' URLs of each, and the time of each search.
 */
async function askPagefind(
  base: string,
  lang: Language,
  queries: string[],
): Promise<{ answers: Answers; ms: number[] }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    page.on("pageerror", (error) => progress(`pagefind page (${lang}): ${error.message}`));
    await page.goto(`${base}/${lang}.html`);
    return await page.evaluate(
      async ({ queries, cutoff }) => {
        interface Pagefind {
          init(): Promise<void>;
          search(query: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
        }
        // A URL the TypeScript compiler cannot follow: the bundle is served by the bench.
        const bundle = "/pagefind/pagefind.js";
        const pagefind = (await import(bundle)) as Pagefind;
        await pagefind.init();
        const answers: string[][] = [];
        const ms: number[] = [];
        for (const query of queries) {
          const start = performance.now();
          const { results } = await pagefind.search(query);
          const top = await Promise.all(results.slice(0, cutoff).map((result) => result.data()));
          ms.push(performance.now() - start);
          answers.push(top.map((data) => data.url));
        }
        return { answers, ms };
      },
      { queries, cutoff: RELEVANCE_CUTOFF },
    );
  } finally {
    await browser.close();
  }
}

/** Addresses as our index gives them (`/en/news/9`): no trailing slash, no `.html`. */
const address = (url: string) => url.replace(/\.html$/, "").replace(/(.)\/$/, "$1");

interface LanguageResult {
  lang: Language;
  documents: number;
  ours: { summary: Summary; scored: Scored[] };
  pagefind: { summary: Summary; scored: Scored[]; answers: Answers; medianMs: number };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

/** Both searches per case of the set, one row each, then the whole language. */
export function comparisonTable(result: LanguageResult): string {
  const ours = summaryByCase(result.ours.scored);
  const theirs = summaryByCase(result.pagefind.scored);
  const row = (what: string, a: Summary, b: Summary | undefined) => [
    what,
    String(a.queries),
    fixed(a.recall, 3),
    fixed(b?.recall, 3),
    fixed(a.mrr, 3),
    fixed(b?.mrr, 3),
  ];
  return table(
    `Relevance set, ${result.lang}: site search (ours) against Pagefind, ${result.documents} documents`,
    ["case", "queries", "recall@10 ours", "Pagefind", "MRR ours", "Pagefind"],
    [
      ...ours.map((of) =>
        row(
          of.what,
          of,
          theirs.find((t) => t.what === of.what),
        ),
      ),
      row("all", result.ours.summary, result.pagefind.summary),
    ],
  );
}

/** The queries where one search finds a page the other misses, or ranks the first elsewhere. */
export function differences(result: LanguageResult): string[] {
  const rank = (s: Scored) =>
    s.reciprocalRank ? `first at ${Math.round(1 / s.reciprocalRank)}` : "none";
  return result.ours.scored.flatMap((ours, i) => {
    const theirs = result.pagefind.scored[i];
    if (!theirs) return [];
    if (ours.recall === theirs.recall && ours.reciprocalRank === theirs.reciprocalRank) return [];
    const who =
      ours.recall !== theirs.recall
        ? ours.recall > theirs.recall
          ? "ours finds more"
          : "Pagefind finds more"
        : ours.reciprocalRank > theirs.reciprocalRank
          ? "ours ranks higher"
          : "Pagefind ranks higher";
    const missed = (s: Scored) => (s.missing.length ? `, misses ${s.missing.join(" ")}` : "");
    return [
      `  ${who}: ${ours.query} (${ours.what}): ours ${fixed(ours.recall, 2)} ${rank(ours)}${missed(ours)}; Pagefind ${fixed(theirs.recall, 2)} ${rank(theirs)}${missed(theirs)}`,
    ];
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { "no-kind-words": { type: "boolean", default: false } },
  });
  const kindWords = !values["no-kind-words"];
  const results = {
    ...resultsHeader({ pagefind: pagefindVersion(), kindWords }),
    languages: [] as LanguageResult[],
  };
  await runBench(
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-bench-pagefind-"));
      onCleanup(async () => fs.rmSync(dir, { recursive: true, force: true }));
      const api = await startContentApi({
        // Port 0 unless asked: another bench may hold 4399.
        port: Number(process.env.BENCH_API_PORT ?? 0),
        host: "127.0.0.1",
        databasePath: path.join(dir, "content.sqlite"),
        storageDir: path.join(dir, "storage"),
      });
      onCleanup(() => api.close());
      const client = createContentClient({
        baseUrl: api.url,
        timeoutMs: 20_000,
        cacheTtlMs: 60_000,
        cacheMaxEntries: 100,
        maxRequests: 32,
        logger: createLogger({ level: "silent" }),
      });
      const documents = {} as Record<Language, SearchDocument[]>;
      for (const lang of languages) {
        // The titles the relevance test gives the overview and HSE pages (both languages).
        documents[lang] = await collectDocuments(client, lang, {
          overview: "Overview",
          hse: "HSE",
        });
      }
      progress(
        `${documents.en.length} + ${documents.ar.length} documents; writing Pagefind's bundle`,
      );
      const site = path.join(dir, "site");
      const start = performance.now();
      await writePagefind(documents, path.join(site, "pagefind"), kindWords);
      progress(`Pagefind's bundle written in ${fixed(performance.now() - start)} ms`);
      for (const lang of languages) {
        fs.writeFileSync(
          path.join(site, `${lang}.html`),
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${lang}</title></head><body></body></html>`,
        );
      }
      const server = await serveStatic(site);
      onCleanup(server.close);
      for (const lang of languages) {
        const set = relevanceSet[lang];
        const index = new LanguageIndex(documents[lang]);
        const oursScored = set.map((judgement) =>
          scoreAnswer(
            lang,
            judgement,
            index
              .search(judgement[0], { limit: RELEVANCE_CUTOFF, extracts: false })
              .results.map((r) => r.href),
          ),
        );
        progress(`${lang}: ${set.length} queries through Pagefind in Chromium`);
        const asked = await askPagefind(
          server.url,
          lang,
          set.map(([query]) => query),
        );
        const answers = asked.answers.map((urls) => urls.map(address));
        const theirsScored = set.map((judgement, i) =>
          scoreAnswer(lang, judgement, answers[i] ?? []),
        );
        const result: LanguageResult = {
          lang,
          documents: documents[lang].length,
          ours: { summary: summary(oursScored), scored: oursScored },
          pagefind: {
            summary: summary(theirsScored),
            scored: theirsScored,
            answers,
            medianMs: median(asked.ms),
          },
        };
        results.languages.push(result);
        console.log(comparisonTable(result));
        console.log(
          `  Pagefind: median ${fixed(result.pagefind.medianMs, 1)} ms a query in Chromium (search and the ten results' data)`,
        );
        const diff = differences(result);
        console.log(
          diff.length
            ? [`\nWhere they differ (${lang}, ${diff.length} queries):`, ...diff].join("\n")
            : `\nNo query where they differ (${lang}).`,
        );
      }
      console.log(
        `\nload average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      );
    },
    results,
    "pagefind-",
  );
}

function pagefindVersion(): string {
  const file = path.join(import.meta.dirname, "../../node_modules/pagefind/package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}
