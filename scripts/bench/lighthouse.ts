/**
 * Lighthouse runs through its command line (one fresh Chromium per run, so every run is a first
 * view with an empty cache), and the figures we keep from each report.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumArgs, chromiumPath } from "../../e2e/support/env.ts";
import { runCommand } from "./processes.ts";

/** `mobile`: Lighthouse's default (simulated slow 4G, 4x CPU slowdown); `desktop`: its preset. */
export type Preset = "mobile" | "desktop";

const chromeFlags = ["--headless=new", ...chromiumArgs];

/** The devDependency's command line, or another version's `cli/index.js` (LIGHTHOUSE_CLI). */
const cli =
  process.env.LIGHTHOUSE_CLI ?? fileURLToPath(import.meta.resolve("lighthouse/cli/index.js"));

/** One request of the page, from the network-requests audit. */
export interface NetworkRequest {
  url: string;
  resourceType: string;
  mimeType: string;
  transferSize: number;
}

export interface LighthouseRun {
  /** Category scores, 0-100: performance, accessibility, best-practices, seo. */
  scores: Record<string, number | null>;
  fcpMs: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  totalBytes: number | null;
  requests: NetworkRequest[];
  userAgent: string;
  lighthouseVersion: string;
  warnings: string[];
  /**
   * Why accessibility, best practices or SEO are below 100: "category: audit id" for each
   * weighted audit that did not pass.
   */
  shortfalls: string[];
}

/** What the results keep of a run: its figures without the request list. */
export type LighthouseSummary = Omit<LighthouseRun, "requests" | "userAgent" | "lighthouseVersion">;

export function summary(run: LighthouseRun): LighthouseSummary {
  const { scores, fcpMs, lcpMs, cls, tbtMs, totalBytes, warnings, shortfalls } = run;
  return { scores, fcpMs, lcpMs, cls, tbtMs, totalBytes, warnings, shortfalls };
}

/** The parts of a Lighthouse report (LHR) read here. */
interface Report {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { hostUserAgent?: string };
  categories: Record<
    string,
    { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    { score?: number | null; numericValue?: number; details?: { items?: unknown[] } } | undefined
  >;
}

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

/** One Lighthouse run of `url`; throws with Lighthouse's own words when it fails. */
export async function lighthouseRun(url: string, preset: Preset): Promise<LighthouseRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-bench-lh-"));
  const output = path.join(dir, "report.json");
  try {
    const result = await runCommand(
      process.execPath,
      [
        cli,
        url,
        "--quiet",
        "--no-enable-error-reporting",
        "--output=json",
        `--output-path=${output}`,
        "--disable-full-page-screenshot",
        `--chrome-flags=${chromeFlags.join(" ")}`,
        ...(preset === "desktop" ? ["--preset=desktop"] : []),
      ],
      {
        env: { CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath() },
        timeoutMs: 180_000,
        stopSignal: "SIGINT",
      },
    );
    if (!fs.existsSync(output)) {
      const why = result.timedOut ? "timed out after 180 s" : `exited with ${result.code}`;
      throw new Error(`lighthouse ${why}: ${result.stderr.trim().slice(-400)}`);
    }
    return figures(JSON.parse(fs.readFileSync(output, "utf8")) as Report);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function figures(report: Report): LighthouseRun {
  if (report.runtimeError) {
    throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  }
  const numeric = (id: string) => report.audits[id]?.numericValue ?? null;
  const scores: Record<string, number | null> = {};
  for (const category of categories) {
    const score = report.categories[category]?.score;
    scores[category] = typeof score === "number" ? Math.round(score * 100) : null;
  }
  return {
    scores,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    totalBytes: numeric("total-byte-weight"),
    requests: ((report.audits["network-requests"]?.details?.items ?? []) as NetworkRequest[]).map(
      (item) => ({
        url: item.url,
        resourceType: item.resourceType,
        mimeType: item.mimeType,
        transferSize: item.transferSize,
      }),
    ),
    userAgent: report.environment?.hostUserAgent ?? "",
    lighthouseVersion: report.lighthouseVersion,
    warnings: report.runWarnings ?? [],
    shortfalls: categories
      .filter((category) => category !== "performance")
      .flatMap((category) =>
        (report.categories[category]?.auditRefs ?? [])
          .filter((ref) => {
            const score = report.audits[ref.id]?.score;
            return ref.weight > 0 && typeof score === "number" && score < 1;
          })
          .map((ref) => {
            // The first thing the audit names (a console error's text, an element), if any.
            const first = report.audits[ref.id]?.details?.items?.[0] as
              | {
                  description?: string;
                  sourceLocation?: { url?: string };
                  node?: { snippet?: string };
                }
              | undefined;
            const where = first?.sourceLocation?.url;
            const what = first?.description
              ? `${first.description}${where ? `: ${where}` : ""}`
              : first?.node?.snippet;
            return `${category}: ${ref.id}${what ? ` (${what.slice(0, 240)})` : ""}`;
          }),
      ),
  };
}

/**
 * The median run by performance score (the lower middle one of an even count); runs without a
 * performance score count as failed.
 */
export function medianRun(runs: LighthouseRun[]): LighthouseRun | undefined {
  const scored = runs
    .filter((run) => run.scores.performance !== null)
    .sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return scored[Math.floor((scored.length - 1) / 2)];
}
