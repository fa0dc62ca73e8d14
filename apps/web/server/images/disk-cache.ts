/** The image endpoint's cache folder, bounded in bytes (least recently used files go first). */
import fs from "node:fs/promises";
import path from "node:path";
import { writeAtomically } from "./cache-folder.ts";

/**
 * The made images on disk, bounded in bytes: the files are listed once (partial files left by
 * a crash are deleted then), each hit moves its file to the end, and past the bound the least
 * recently used files are deleted. Another process sharing the folder keeps its own list.
 */
export class DiskCache {
  readonly #files = new Map<string, number>();
  #bytes = 0;
  #listed: Promise<void> | undefined;

  readonly dir: string;
  readonly maxBytes: number;

  constructor(dir: string, maxBytes: number) {
    this.dir = dir;
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The file, if it is on disk (marked as just used). */
  async has(file: string): Promise<boolean> {
    await this.#list();
    const size = this.#files.get(file);
    if (size !== undefined) {
      this.#files.delete(file);
      try {
        // Still there: someone may have emptied the folder (a cleaner, an operator).
        await fs.access(file);
      } catch {
        this.#bytes -= size;
        return false;
      }
      this.#files.set(file, size);
      return true;
    }
    try {
      // Made by another process sharing the folder.
      this.#add(file, (await fs.stat(file)).size);
      return true;
    } catch {
      return false;
    }
  }

  /** Writes `body` to `file` (aside, then renamed: a reader never sees half a file). */
  async write(file: string, body: Buffer): Promise<void> {
    await this.#list();
    await writeAtomically(file, body);
    this.#add(file, body.length);
    await this.#evict(file);
  }

  #add(file: string, size: number) {
    const old = this.#files.get(file);
    if (old !== undefined) this.#bytes -= old;
    this.#files.delete(file);
    this.#files.set(file, size);
    this.#bytes += size;
  }

  async #evict(keep: string) {
    for (const [file, size] of this.#files) {
      if (this.#bytes <= this.maxBytes) break;
      if (file === keep) continue;
      this.#files.delete(file);
      this.#bytes -= size;
      await fs.rm(file, { force: true });
    }
  }

  #list(): Promise<void> {
    this.#listed ??= (async () => {
      const found: { file: string; size: number; used: number }[] = [];
      let folders: string[] = [];
      try {
        folders = (await fs.readdir(this.dir)).filter((name) => /^[0-9a-f]{2}$/.test(name));
      } catch {
        return; // no folder yet
      }
      for (const folder of folders) {
        const dir = path.join(this.dir, folder);
        for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
          const file = path.join(dir, name);
          if (name.endsWith(".part")) {
            await fs.rm(file, { force: true });
            continue;
          }
          const stat = await fs.stat(file).catch(() => undefined);
          if (stat?.isFile()) {
            found.push({ file, size: stat.size, used: Math.max(stat.atimeMs, stat.mtimeMs) });
          }
        }
      }
      found.sort((a, b) => a.used - b.used);
      for (const { file, size } of found) this.#add(file, size);
      await this.#evict("");
    })();
    return this.#listed;
  }
}
