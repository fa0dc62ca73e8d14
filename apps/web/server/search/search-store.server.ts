/**
 * Where site search keeps its indexes between processes (issue 31): one file per language in
 * SEARCH_INDEX_DIR (gzip JSON, written whole and renamed into place, so a reader never sees half
 * of one), and a lock file per language, so one process of the instance builds while the others
 * load what it saved. A lock is taken with an exclusive create and is stale once older than its
 * time-to-live or when the process that took it is gone.
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { Language } from "@site/contract";
import type { RedisLink } from "../scale-out/redis.server.ts";
import type { SavedIndex } from "./language-index.server.ts";

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** A language's index as saved, with what it was made from. */
interface SavedSearch {
  lang: Language;
  /** When its lists were last read from the API (ms since the epoch). */
  builtAt: number;
  /** The fingerprint of each item's list row (search-documents.server.ts). */
  fingerprints: [href: string, fingerprint: string][];
  index: SavedIndex;
  /** Made while some lists failed: whoever loads it reads the lists again soon. */
  partial?: boolean;
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

/**
 * The format of the files: a change makes old files unread (and rebuilt). 3: documents' text
 * marks blocks' ends (stripTags `blocks`); 4: the text is that of the sanitised HTML, what the
 * page shows (no form options, no iframe fallback text).
 */
const VERSION = 4;

/** Longest a builder may hold its lock: past it, the lock is another's to take. */
const LOCK_TTL_MS = 10 * 60 * 1000;

/** A saved index as stored: gzip JSON with the format's version. */
const encode = async (saved: SavedSearch) => zip(JSON.stringify({ version: VERSION, saved }));

async function decode(data: Buffer, lang: Language): Promise<SavedSearch | undefined> {
  const json = JSON.parse((await unzip(data)).toString());
  return json.version === VERSION && json.saved?.lang === lang ? json.saved : undefined;
}

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
        const saved = await decode(await fs.promises.readFile(file(lang)), lang);
        return saved && { saved, stamp: stat.mtimeMs };
      } catch {
        return undefined;
      }
    },
    async save(saved) {
      await ensureDir();
      const target = file(saved.lang);
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.promises.writeFile(temporary, await encode(saved));
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

/** Deletes the lock only if this process still holds it (compare and delete). */
const UNLOCK = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`;

/**
 * With REDIS_URL: the indexes shared by every instance through Redis (a lock per language, so
 * one process of all instances builds at a time; the saved index and its stamp), and kept in
 * `local` files as well, which answer while Redis does not (a restart during an outage still
 * has its index). Redis failing is never a search failing: the local store takes over.
 */
export function redisSearchStore(
  link: RedisLink,
  local: SearchStore,
  lockTtlMs = LOCK_TTL_MS,
): SearchStore {
  const key = (what: string, lang: Language) => `${link.prefix}search:${what}:${lang}`;
  const token = randomUUID();
  const viaRedis = new Set<Language>();
  /** Redis while it answers; the local store alone before it is connected and while it is down. */
  const up = () => link.problem() === undefined;
  const remoteStamp = (lang: Language) =>
    link
      .run((redis) => redis.get(key("stamp", lang)))
      .then((value) => (value ? Number(value) : undefined));
  return {
    async stamp(lang) {
      if (!up()) return local.stamp(lang);
      const [remote, own] = await Promise.all([
        remoteStamp(lang).catch(() => undefined),
        local.stamp(lang),
      ]);
      return Math.max(remote ?? 0, own ?? 0) || undefined;
    },
    async load(lang) {
      const own = await local.load(lang);
      if (!up()) return own;
      try {
        const stamp = await remoteStamp(lang);
        if (stamp === undefined || (own && own.stamp >= stamp)) return own;
        const data = await link.run((redis) => redis.getBuffer(key("index", lang)));
        const saved = data ? await decode(data, lang) : undefined;
        return saved ? { saved, stamp } : own;
      } catch {
        return own;
      }
    },
    async save(saved) {
      const stamp = await local.save(saved);
      if (!up()) return stamp;
      const data = await encode(saved);
      await link
        .run((redis) =>
          redis
            .multi()
            .set(key("index", saved.lang), data)
            .set(key("stamp", saved.lang), String(stamp))
            .exec(),
        )
        .catch(() => undefined);
      return stamp;
    },
    async lock(lang) {
      if (!up()) return local.lock(lang);
      try {
        const taken = await link.run((redis) =>
          redis.set(key("lock", lang), token, "PX", lockTtlMs, "NX"),
        );
        if (taken !== "OK") return false;
        viaRedis.add(lang);
        return true;
      } catch {
        return local.lock(lang);
      }
    },
    async unlock(lang) {
      if (!viaRedis.delete(lang)) return local.unlock(lang);
      await link
        .run((redis) => redis.eval(UNLOCK, 1, key("lock", lang), token))
        .catch(() => undefined);
    },
  };
}
