/** Part 1 of `npm run bench`: the client bundle's files, raw and gzip bytes per extension. */
import path from "node:path";
import { repoRoot } from "../../e2e/support/env.ts";
import { clientAssets } from "./assets.ts";
import { kb, table } from "./format.ts";
import type { SpeedRun } from "./run-state.ts";

export function reportAssets(run: SpeedRun): void {
  run.results.assets = clientAssets(path.join(repoRoot, "apps/web", run.options.buildDir));
  const rows = Object.entries(run.results.assets).map(([ext, t]) => [
    ext,
    String(t.files),
    kb(t.raw),
    kb(t.gzip),
  ]);
  const title = `Client assets (apps/web/${run.options.buildDir}/client/assets)`;
  console.log(table(title, ["ext", "files", "KB", "gzip KB"], rows));
}
