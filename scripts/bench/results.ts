/** The benchmarks' JSON results: what each begins with, where it is written, and the run around it. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../e2e/support/env.ts";
import { cleanup } from "./processes.ts";

export interface ResultsHeader<Options> {
  startedAt: string;
  finishedAt: string;
  options: Options;
  machine: { cpus: number; loadAverage: number[]; node: string };
}

/** When the run began, its options, and the machine it ran on (other processes skew figures). */
export function resultsHeader<Options>(options: Options): ResultsHeader<Options> {
  return {
    startedAt: new Date().toISOString(),
    finishedAt: "",
    options,
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version },
  };
}

/** Writes `results` to bench-results/<prefix><timestamp>.json and returns the file. */
export function writeResults(results: ResultsHeader<unknown>, prefix = ""): string {
  results.finishedAt = new Date().toISOString();
  const dir = path.join(repoRoot, "bench-results");
  fs.mkdirSync(dir, { recursive: true });
  // ISO 8601 basic format (no colons, so the name is safe everywhere): 20250102T030405Z.
  const stamp = results.startedAt.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  const file = path.join(dir, `${prefix}${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

/**
 * Runs a benchmark: an error ends it with exit code 1, and whatever happens everything it
 * started is stopped and what it measured is written.
 */
export async function runBench(
  run: () => Promise<void>,
  results: ResultsHeader<unknown>,
  prefix: string,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error(`stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
    console.log(`\nResults written to ${path.relative(repoRoot, writeResults(results, prefix))}`);
  }
}
