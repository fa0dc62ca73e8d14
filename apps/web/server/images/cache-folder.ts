/**
 * Files this server makes and keeps in its cache folder (IMAGE_CACHE_DIR): resized images and
 * social cards. Shared by both so they name, write and send their files alike.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type express from "express";

/** `dir/ab/abcd….ext` for a hex `key`: 256 sub-folders keep each folder small. */
export function cacheFile(dir: string, key: string, extension: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.${extension}`);
}

/** Writes `body` to `file` aside, then renames it: a reader never sees half a file. */
export async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  try {
    await fs.writeFile(partial, body);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends an image this server made and keeps in its cache folder. The file is ours (a hash
 * name), and the folder may be under a dot-directory (~/.cache, node_modules/.cache), which
 * `sendFile` otherwise refuses with a 404.
 */
export function sendCachedImage(res: express.Response, file: string): void {
  res.sendFile(file, {
    dotfiles: "allow",
    headers: { "Content-Security-Policy": "default-src 'none'" },
  });
}
