/**
 * One `npm run bench` run: its options, its results as the parts fill them in (written as
 * JSON at the end), and its problems (a failed measurement is noted, never fatal).
 */
import type { clientAssets } from "./assets.ts";
import type { PageBytes } from "./bytes.ts";
import type { LighthouseSummary, Preset } from "./lighthouse.ts";
import { type LoadFigures, loadAcceptEncoding } from "./load.ts";
import type { NavigationRow } from "./navigation.ts";
import { progress } from "./processes.ts";
import { resultsHeader } from "./results.ts";
import type { RefreshRequests, SearchRow } from "./search.ts";
import type { BenchSite, Memory } from "./site.ts";
import type { SitemapFigures } from "./sitemap.ts";

export interface SpeedOptions {
  runs: number;
  presets: Preset[];
  build: boolean;
  buildDir: string;
  loadSeconds: number;
  connections: number;
  port: number;
  apiPort: number;
  nginxPort: number;
}

export interface PageLighthouse {
  page: string;
  preset: Preset;
  /** Performance score of every run that finished, in run order. */
  performanceOfRuns: (number | null)[];
  /** Total Blocking Time of every run that finished, in run order (issue 33's budget is on its median). */
  tbtOfRuns: (number | null)[];
  median?: LighthouseSummary;
  errors: string[];
}

export interface LoadRow {
  page: string;
  /** Encoding and size of the body each server sent to the load generator. */
  body: { site: string; nginx: string };
  site?: LoadFigures;
  nginx?: LoadFigures;
  /** site / nginx. */
  ratio?: { requestsPerSecond: number; p50: number; p99: number };
}

export function speedResults(options: SpeedOptions) {
  return {
    ...resultsHeader(options),
    git: { commit: "", changedFiles: 0 },
    versions: { lighthouse: "", chromium: "", nginx: "" },
    projectId: "",
    assets: {} as ReturnType<typeof clientAssets>,
    lighthouse: [] as PageLighthouse[],
    bytes: [] as (PageBytes & { page: string })[],
    load: {
      acceptEncoding: loadAcceptEncoding,
      seconds: options.loadSeconds,
      connections: options.connections,
      nginxWorkers: 1,
      /** 1-minute load average of the machine when the load test began. */
      loadAverage: 0,
      pages: [] as LoadRow[],
    },
    memory: {} as { beforeLoad?: Memory; afterLoad?: Memory },
    search: [] as SearchRow[],
    searchRefresh: undefined as RefreshRequests | undefined,
    sitemap: undefined as SitemapFigures | undefined,
    navigation: [] as NavigationRow[],
    problems: [] as string[],
  };
}

export type SpeedResults = ReturnType<typeof speedResults>;

/** What each part of the run reads and fills in. */
export interface SpeedRun {
  options: SpeedOptions;
  results: SpeedResults;
  /** Notes a problem in the results and on stderr. */
  problem: (text: string) => void;
  /** The running site, started again if it ended. */
  site: () => Promise<BenchSite>;
}

/** A problem noter for `results`. */
export const problemsOf =
  (results: SpeedResults) =>
  (text: string): void => {
    results.problems.push(text);
    progress(`problem: ${text}`);
  };
