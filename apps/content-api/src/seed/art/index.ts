/**
 * Demo pictures and documents for the seed: every /storage URL the seed refers to gets a file
 * drawn on first use (flat-vector construction scenes, machines, icons, ISO certificates and a
 * company-profile PDF). Output is deterministic per path, so re-runs produce the same files.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { type AssetSpec, describe, storageRelative } from "./paths.ts";
import { renderAsset } from "./render.ts";

export { describe as describeAsset, storageRelative, subjectOf } from "./paths.ts";

const CONCURRENCY = 2;

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

async function produce(rel: string, target: string): Promise<void> {
  const spec: AssetSpec = describe(rel);
  let bytes: Buffer;
  try {
    bytes = await renderAsset(spec);
  } catch (error) {
    // a drawing bug must not leave the seed without a picture: fall back to a generic skyline
    if (spec.kind !== "picture" || spec.subject === "skyline") throw error;
    bytes = await renderAsset({ ...spec, subject: "skyline" });
  }
  await writeAtomically(target, bytes);
}

/**
 * For each `/storage/<rel>` URL, renders `<storageDir>/<rel>` unless it already exists.
 * Other URLs (external links, unsafe paths) are ignored. Runs two renders at a time.
 */
export async function ensureAssets(urls: string[], storageDir: string): Promise<void> {
  const root = resolve(storageDir);
  const jobs = new Map<string, string>();
  for (const url of urls) {
    const rel = storageRelative(url);
    if (!rel) continue;
    const target = join(root, ...rel.split("/"));
    if (!target.startsWith(root + sep)) continue;
    jobs.set(rel, target);
  }
  const queue = [...jobs.entries()];
  const failures: unknown[] = [];
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [rel, target] = job;
      try {
        if (await exists(target)) continue;
        await produce(rel, target);
      } catch (error) {
        failures.push(new Error(`could not render /storage/${rel}`, { cause: error }));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} demo asset(s) failed`);
}
