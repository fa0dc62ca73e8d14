/**
 * Where site search keeps its indexes between processes (issue 31): one file per language in
 * SEARCH_INDEX_DIR (gzip JSON, written whole and renamed into place, so a reader never sees half
 * of one), and a lock file per language, so one process of the instance builds while the others
 * load what it saved. A lock is taken with an exclusive create and is stale once older than its
 * time-to-live or when the process that took it is gone.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { Language } from "@site/contract";
import type { SavedIndex } from "./language-index.server.ts";

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** A language's index as saved, with what it was made from. */
export interface SavedSearch {
  lang: Language;
  /** When its lists were last read from the API (ms since the epoch). */
  builtAt: number;
  /** The fingerprint of each item's list row (search-documents.server.ts). */
  fingerprints: [href: string, fingerprint: string][];
  index: SavedIndex;
}

export interface SearchStore {
  /** When the saved index of `lang` was last written, without reading it (undefined: none). */
  stamp(lang: Language): Promise<number | undefined>;
  load(lang: Language): Promise<{ saved: SavedSearch; stamp: number } | undefined>;
  /** Saves, and answers the new stamp. */
  save(saved: SavedSearch): Promise<number>;
  /** Takes the builder's lock of `lang`; false while another process holds it. */
  lock(lang: Language): Promise<boolean>;
  unlock(lang: Language): Promise<void>;
}

/** The format of the files: a change makes old files unread (and rebuilt). */
const VERSION = 1;

/** Longest a builder may hold its lock: past it, the lock is another's to take. */
export const LOCK_TTL_MS = 10 * 60 * 1000;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The indexes in files of `dir`, shared by the processes of one instance. */
export function fileSearchStore(dir: string, lockTtlMs = LOCK_TTL_MS): SearchStore {
  const file = (lang: Language) => path.join(dir, `search-${lang}.json.gz`);
  const lockFile = (lang: Language) => path.join(dir, `search-${lang}.lock`);
  const held = new Set<Language>();
  const ensureDir = () => fs.promises.mkdir(dir, { recursive: true });

  const takeLock = async (lang: Language): Promise<boolean> => {
    try {
      const handle = await fs.promises.open(lockFile(lang), "wx");
      await handle.writeFile(JSON.stringify({ pid: process.pid, at: Date.now() }));
      await handle.close();
      held.add(lang);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      return false;
    }
  };

  return {
    async stamp(lang) {
      const stat = await fs.promises.stat(file(lang)).catch(() => undefined);
      return stat?.mtimeMs;
    },
    async load(lang) {
      try {
        const stat = await fs.promises.stat(file(lang));
        const json = JSON.parse((await unzip(await fs.promises.readFile(file(lang)))).toString());
        if (json.version !== VERSION || json.saved?.lang !== lang) return undefined;
        return { saved: json.saved as SavedSearch, stamp: stat.mtimeMs };
      } catch {
        return undefined;
      }
    },
    async save(saved) {
      await ensureDir();
      const target = file(saved.lang);
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.promises.writeFile(
        temporary,
        await zip(JSON.stringify({ version: VERSION, saved })),
      );
      await fs.promises.rename(temporary, target);
      return (await fs.promises.stat(target)).mtimeMs;
    },
    async lock(lang) {
      await ensureDir();
      if (await takeLock(lang)) return true;
      // Stale: too old, or its process is gone. Removed, then taken like a new one.
      const owner = await fs.promises
        .readFile(lockFile(lang), "utf8")
        .then((text) => JSON.parse(text) as { pid: number; at: number })
        .catch(() => undefined);
      const stale = !owner || Date.now() - owner.at > lockTtlMs || !isAlive(owner.pid);
      if (!stale) return false;
      await fs.promises.rm(lockFile(lang), { force: true });
      return takeLock(lang);
    },
    async unlock(lang) {
      if (!held.delete(lang)) return;
      await fs.promises.rm(lockFile(lang), { force: true });
    },
  };
}
