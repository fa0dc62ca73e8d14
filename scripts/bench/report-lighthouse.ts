/**
 * Part 2 of `npm run bench`: Lighthouse, mobile and desktop presets, on each page; the four
 * category scores, FCP, LCP, CLS, TBT and bytes of the median of N runs by performance score.
 */
import { fixed, kb, table } from "./format.ts";
import {
  categories,
  type LighthouseRun,
  lighthouseRun,
  medianRun,
  type Preset,
  summary,
} from "./lighthouse.ts";
import { isStopping, progress } from "./processes.ts";
import type { PageLighthouse, SpeedRun } from "./run-state.ts";

async function lighthousePage(
  run: SpeedRun,
  page: string,
  preset: Preset,
): Promise<{ row: PageLighthouse; median?: LighthouseRun }> {
  const done: LighthouseRun[] = [];
  const errors: string[] = [];
  for (let attempt = 1; attempt <= run.options.runs; attempt++) {
    const label = `lighthouse ${preset} ${page} run ${attempt}/${run.options.runs}`;
    try {
      const figures = await lighthouseRun((await run.site()).url + page, preset);
      done.push(figures);
      progress(`${label}: performance ${figures.scores.performance ?? "-"}`);
    } catch (error) {
      if (isStopping()) throw error;
      errors.push(String(error));
      run.problem(`${label}: ${String(error)}`);
    }
  }
  const median = medianRun(done);
  if (median) {
    run.results.versions.lighthouse = median.lighthouseVersion;
    run.results.versions.chromium =
      median.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? median.userAgent;
  }
  const row: PageLighthouse = {
    page,
    preset,
    performanceOfRuns: done.map((figures) => figures.scores.performance ?? null),
    tbtOfRuns: done.map((figures) => figures.tbtMs),
    ...(median ? { median: summary(median) } : {}),
    errors,
  };
  return { row, median };
}

function printLighthouse(run: SpeedRun, preset: Preset, rows: PageLighthouse[]): void {
  const title =
    preset === "mobile"
      ? "Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown)"
      : "Lighthouse, desktop preset";
  const lines = rows.map((row) => {
    const m = row.median;
    if (!m) return [row.page, "failed"];
    return [
      row.page,
      ...categories.map((category) => fixed(m.scores[category])),
      fixed(m.fcpMs),
      fixed(m.lcpMs),
      fixed(m.cls, 3),
      fixed(m.tbtMs),
      kb(m.totalBytes),
      row.performanceOfRuns.map((score) => fixed(score)).join(" "),
      row.tbtOfRuns.map((tbt) => fixed(tbt)).join(" "),
    ];
  });
  console.log(
    table(
      title,
      [
        "page",
        "perf",
        "a11y",
        "best-pr",
        "seo",
        "FCP ms",
        "LCP ms",
        "CLS",
        "TBT ms",
        "KB",
        "perf of runs",
        "TBT of runs",
      ],
      lines,
      [
        `median of ${run.options.runs} run(s) by performance score; KB = transferred, 1 KB = 1024 bytes`,
        ...rows.flatMap((row) =>
          row.median?.shortfalls.length
            ? [`${row.page} loses points on ${row.median.shortfalls.join(", ")}`]
            : [],
        ),
      ],
    ),
  );
}

/**
 * Lighthouse on every page with every preset, one run at a time; returns the mobile median
 * run of each page (the bytes of a first view are read from it).
 */
export async function reportLighthouse(
  run: SpeedRun,
  pages: string[],
): Promise<Map<string, LighthouseRun>> {
  const mobileMedians = new Map<string, LighthouseRun>();
  for (const preset of run.options.presets) {
    const rows: PageLighthouse[] = [];
    for (const page of pages) {
      const { row, median } = await lighthousePage(run, page, preset);
      rows.push(row);
      run.results.lighthouse.push(row);
      if (preset === "mobile" && median) mobileMedians.set(page, median);
    }
    printLighthouse(run, preset, rows);
  }
  return mobileMedians;
}
