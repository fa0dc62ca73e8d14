/**
 * How well site search finds what visitors mean (issue 31): the relevance set
 * (search-relevance-set.ts) over the demo content, read from the reference API as the site
 * reads it. Prints recall@10 (the share of each query's pages among its first ten results,
 * averaged) and MRR (the mean of 1 / the rank of the first page found), per language and per
 * case, and fails below the floors: the first run's figures, less a small margin.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ContentApi, startContentApi } from "@site/content-api";
import type { Language } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentClient } from "../content/api-client.server.ts";
import { captureLog } from "../testing/log-capture.ts";
import { LanguageIndex } from "./language-index.server.ts";
import { collectDocuments } from "./search-documents.server.ts";
import { scoreAnswer, summary, summaryByCase } from "./search-relevance-score.ts";
import { relevanceSet } from "./search-relevance-set.ts";

/**
 * Floors: the first full run's figures (27 November 2026: en recall@10 0.992, MRR 0.972; ar
 * 1.000, 0.949), less a little under one query's worth (1/65): a query that stops finding
 * its first page fails the test.
 */
const FLOORS: Record<Language, { recall: number; mrr: number }> = {
  en: { recall: 0.98, mrr: 0.96 },
  ar: { recall: 0.99, mrr: 0.935 },
};

describe("search relevance over the demo content", () => {
  let api: ContentApi;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "search-relevance-"));
  const indexes = new Map<Language, LanguageIndex>();

  beforeAll(async () => {
    api = await startContentApi({
      port: 0,
      host: "127.0.0.1",
      databasePath: path.join(dir, "content.sqlite"),
      storageDir: path.join(dir, "storage"),
    });
    const client = createContentClient({
      baseUrl: api.url,
      timeoutMs: 20_000,
      cacheTtlMs: 60_000,
      cacheMaxEntries: 100,
      maxRequests: 32,
      logger: captureLog().logger,
    });
    for (const lang of ["en", "ar"] as const) {
      const titles = { overview: "Overview", hse: "HSE" };
      indexes.set(lang, new LanguageIndex(await collectDocuments(client, lang, titles)));
    }
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const lang of ["en", "ar"] as const) {
    it(`${lang}: at least 60 queries, every page they name exists`, () => {
      const index = indexes.get(lang) as LanguageIndex;
      expect(relevanceSet[lang].length).toBeGreaterThanOrEqual(60);
      for (const [, , expected] of relevanceSet[lang]) {
        for (const address of expected) expect(index.get(`/${lang}${address}`)).toBeDefined();
      }
    });

    it(`${lang}: recall@10 and MRR stay above their floors`, () => {
      const index = indexes.get(lang) as LanguageIndex;
      const scored = relevanceSet[lang].map((judgement) =>
        scoreAnswer(
          lang,
          judgement,
          index.search(judgement[0], { limit: 10, extracts: false }).results.map((r) => r.href),
        ),
      );
      const { recall, mrr } = summary(scored);
      const cases = summaryByCase(scored).map(
        (of) =>
          `  ${of.what.padEnd(13)} ${String(of.queries).padStart(3)} queries  recall@10 ${of.recall.toFixed(3)}  MRR ${of.mrr.toFixed(3)}`,
      );
      const misses = scored.flatMap((s) => [
        ...(s.missing.length ? [`  missed: ${s.query} (${s.what}) → ${s.missing.join(", ")}`] : []),
        ...(s.reciprocalRank > 0 && s.reciprocalRank < 1
          ? [`  first found at ${Math.round(1 / s.reciprocalRank)}: ${s.query} (${s.what})`]
          : []),
      ]);
      console.log(
        [
          `search relevance, ${lang}: ${scored.length} queries, recall@10 ${recall.toFixed(3)}, MRR ${mrr.toFixed(3)}`,
          ...cases,
          ...misses,
        ].join("\n"),
      );
      expect(recall).toBeGreaterThanOrEqual(FLOORS[lang].recall);
      expect(mrr).toBeGreaterThanOrEqual(FLOORS[lang].mrr);
    });
  }
});
