/**
 * Rendering every seed picture takes half a minute, so test runs share the renders: one folder
 * in the temp dir per version of the art code and of the URL list (older versions are removed).
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ensureAssets } from "../src/seed/art/index.ts";

const artDir = path.resolve(import.meta.dirname, "../src/seed/art");
const prefix = "content-api-test-assets-";

/** A folder holding every file of `urls`, rendered by the real `ensureAssets`. */
export async function renderedStorage(urls: string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const entry of (await readdir(artDir, { recursive: true })).sort()) {
    // The drawing code only: not its tests, nor preview scripts (`_preview.ts`).
    if (
      !entry.endsWith(".ts") ||
      entry.endsWith(".test.ts") ||
      path.basename(entry).startsWith("_")
    ) {
      continue;
    }
    hash.update(entry).update(await readFile(path.join(artDir, entry)));
  }
  hash.update(urls.join("\n"));
  const name = `${prefix}${hash.digest("hex").slice(0, 16)}`;

  for (const old of await readdir(os.tmpdir())) {
    if (old.startsWith(prefix) && old !== name) {
      await rm(path.join(os.tmpdir(), old), { recursive: true, force: true });
    }
  }
  const folder = path.join(os.tmpdir(), name);
  await ensureAssets(urls, folder);
  return folder;
}
