/** The client bundle on disk: files, raw and gzip bytes per extension of `client/assets`. */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface AssetTotals {
  files: number;
  raw: number;
  /** gzip of JS, CSS and SVG; other files (fonts, images) as they are. */
  gzip: number;
}

export function clientAssets(buildPath: string): Record<string, AssetTotals> {
  const assets = path.join(buildPath, "client/assets");
  const totals: Record<string, AssetTotals> = {};
  for (const file of fs.readdirSync(assets).sort()) {
    const ext = path.extname(file).slice(1);
    const body = fs.readFileSync(path.join(assets, file));
    const entry = totals[ext] ?? { files: 0, raw: 0, gzip: 0 };
    totals[ext] = entry;
    entry.files += 1;
    entry.raw += body.length;
    entry.gzip += ["js", "css", "svg"].includes(ext) ? gzipSync(body).length : body.length;
  }
  return Object.fromEntries(Object.entries(totals).sort(([a], [b]) => a.localeCompare(b)));
}
