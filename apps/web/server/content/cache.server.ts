/**
 * The server-side content cache. Answers are fresh for `ttlMs` (no refetch inside that window).
 * After that, while the answer is younger than `staleMaxMs`, a visitor gets it at once while one
 * refresh runs in the background; past that age the visitor waits for the refresh, and gets the
 * old answer only if the refresh fails (and `whenLoadFails` allows it for that error and age).
 * A failed refresh is retried after a back-off (doubling up to the time-to-live); meanwhile the
 * stale answer is served without a new attempt, and a key with no answer to serve fails at once
 * with the same error. An error that says the content is gone drops the entry. Concurrent loads of one key are shared. Bounded: least recently used entries go first.
 */
import { backoffMs } from "../backoff.ts";
import { TOO_LONG, within } from "../within.ts";
import { isKeyOrPageOf, type StoredAnswer } from "./answer-store.server.ts";

/** Where last good answers are kept: on disk, and in Redis too (answer-store-redis.server.ts). */
export interface AnswerKeeper {
  get(key: string): StoredAnswer | undefined | Promise<StoredAnswer | undefined>;
  set(key: string, value: unknown, storedAt: number): void;
  /** Forgets these keys (a purge, or the API said they are gone). */
  delete(keys: Iterable<string>): void;
  /** Forgets these keys and every page of each (`en /api/news?page=9`): a purge by content. */
  deleteWithPages(keys: Iterable<string>): void;
  /** Forgets everything (a purge of the whole site). */
  clear(): void;
}

/**
 * What a failed load leaves behind: `serve-stale` the last good answer (as old as `ageMs`),
 * `fail` the visitor gets the error (the answer is kept), `gone` the content no longer exists
 * (the answer is dropped, in the store too). `busy`: the load was not even tried (this process
 * had too many going): the last good answer if there is one, else the error, and the next
 * visitor tries again at once (no back-off, no failure counted, nothing logged).
 */
export type FailurePolicy = (
  error: unknown,
  ageMs: number,
) => "serve-stale" | "fail" | "gone" | "busy";

export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
  /**
   * The oldest a stale answer may be and still be served at once while it is refreshed
   * (default: no limit). Past it, visitors wait for the refresh.
   */
  staleMaxMs?: number;
  /**
   * How long after its start the refresh of an answer older than `staleMaxMs` is waited for
   * before that answer is served anyway, the refresh going on (default: no limit). A failed refresh still
   * answers as `whenLoadFails` says; one that hangs no longer holds each visitor for the
   * API's time-out.
   */
  staleWaitMs?: number;
  now?: () => number;
  /** What a failed load means (default: serve the last good answer, however old). */
  whenLoadFails?: FailurePolicy;
  /** A failed load is answered with the last good answer. */
  onStale?: (key: string, error: unknown) => void;
  /** Last good answers on disk: written on each load, read when a load fails and memory is empty. */
  store?: AnswerKeeper;
  /** A load replaced an answer held in memory with a different one (other processes may hold the old). */
  onChange?: (key: string) => void;
}

interface Entry {
  value: unknown;
  storedAt: number;
}

interface Retry {
  failures: number;
  /** When to try again. */
  at: number;
  /** Why the last attempt failed. */
  error: unknown;
  /** Neither memory nor the store had an answer to serve instead: the error is the answer. */
  noAnswer: boolean;
}

/** The longest a key with no answer to serve fails without asking the API again. */
export const NO_ANSWER_RETRY_MS = 10_000;

/**
 * The wait before a load that failed `failures` times in a row is tried again: 2 s, 4 s... up
 * to `longestMs` (site search's builds back off alike).
 */
export function reloadWaitMs(failures: number, longestMs: number): number {
  return backoffMs(failures, { baseMs: 2_000, maxMs: longestMs });
}

export class ContentCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<unknown>>();
  /** When each load in flight began. */
  readonly #loadStarted = new Map<string, number>();
  /** Keys whose last load failed: how often, when to try again, and why. */
  readonly #retries = new Map<string, Retry>();
  readonly #options: Required<
    Omit<CacheOptions, "onStale" | "store" | "onChange" | "staleMaxMs" | "staleWaitMs">
  > &
    Pick<CacheOptions, "onStale" | "store" | "onChange"> & {
      staleMaxMs: number;
      staleWaitMs: number;
    };

  constructor(options: CacheOptions) {
    this.#options = {
      now: Date.now,
      whenLoadFails: () => "serve-stale",
      ...options,
      staleMaxMs: options.staleMaxMs ?? Number.POSITIVE_INFINITY,
      staleWaitMs: options.staleWaitMs ?? Number.POSITIVE_INFINITY,
    };
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached value for `key`: fresh; stale while a refresh runs, if young enough; else the
   * result of `load` (shared by concurrent callers). `seen` learns until when the value given
   * stays as it is (for a stale one: now, or the next refresh attempt while backing off), so a
   * page made from it is cached exactly as long (page-cache.server.ts). `waiting` learns, when
   * the caller has to wait for the API, since when the load it waits for has been running
   * (another caller's, perhaps long ago).
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    seen?: (freshUntil: number, key: string) => void,
    waiting?: (since: number) => void,
  ): Promise<T> {
    const now = this.#options.now();
    const entry = this.#entries.get(key);
    /** An answer too old to serve at once, served if its refresh takes too long. */
    let servedIfSlow: Entry | undefined;
    if (entry) {
      this.#touch(key, entry);
      const freshUntil = entry.storedAt + this.#options.ttlMs;
      if (now < freshUntil) {
        seen?.(freshUntil, key);
        return entry.value as T;
      }
      const retry = this.#retries.get(key);
      // While backing off after a failed load the value cannot change before the next try,
      // so a page made from it may be kept until then: an outage does not mean a render per
      // request.
      if (retry && now < retry.at) {
        if (this.#policy(retry.error, entry, now) !== "serve-stale") throw retry.error;
        seen?.(retry.at, key);
        return entry.value as T;
      }
      if (now - entry.storedAt <= this.#options.staleMaxMs) {
        void this.#loadOnce(key, load).catch(() => {}); // handled in #loadOnce
        seen?.(now, key);
        return entry.value as T;
      }
      // Too old to serve while refreshing: wait for the API (#loadOnce serves it if that
      // fails), but no longer than `staleWaitMs`; then it is served while the load goes on.
      servedIfSlow = entry;
    } else {
      // The last load failed with no answer anywhere to serve instead: the same error at once
      // until the back-off ends, so a dead or hanging API is not asked again by each visitor,
      // each one waiting for its time-out. (An answer only evicted from memory is looked for
      // in the store again, by #loadOnce.)
      const retry = this.#retries.get(key);
      if (retry?.noAnswer && now < retry.at) throw retry.error;
    }
    const pending = this.#loadOnce(key, load);
    // The wait counts from the refresh's start, which may be another visitor's.
    const since = this.#loadStarted.get(key) ?? now;
    waiting?.(since);
    const value = servedIfSlow
      ? await within(pending, since + this.#options.staleWaitMs - this.#options.now())
      : await pending;
    if (value === TOO_LONG && servedIfSlow) {
      seen?.(this.#options.now(), key);
      return servedIfSlow.value as T;
    }
    const stored = this.#entries.get(key);
    const at = this.#options.now();
    const retryAt = this.#retries.get(key)?.at;
    seen?.(
      stored && stored.value === value && retryAt === undefined
        ? Math.max(stored.storedAt + this.#options.ttlMs, at)
        : Math.max(retryAt ?? at, at),
      key,
    );
    return value as T;
  }

  /** Forgets everything, on disk too (a purge of the whole site). */
  clear(): void {
    this.#entries.clear();
    this.#retries.clear();
    this.#options.store?.clear();
  }

  /** Forgets these keys, on disk too (a purge of the pages made from them). */
  delete(keys: Iterable<string>): void {
    const list = [...keys];
    for (const key of list) {
      this.#entries.delete(key);
      this.#retries.delete(key);
    }
    this.#options.store?.delete(list);
  }

  /**
   * Forgets these keys and every page of each (`en /api/news` and `en /api/news?page=9`), on
   * disk too: a purge by content. Returns the keys memory held.
   */
  deleteWithPages(keys: Iterable<string>): string[] {
    const list = [...keys];
    const named = (key: string) => list.some((one) => isKeyOrPageOf(key, one));
    const held = [...this.#entries.keys()].filter(named);
    for (const key of held) this.#entries.delete(key);
    // Failures too, of keys memory holds no answer for.
    for (const key of [...this.#retries.keys()].filter(named)) this.#retries.delete(key);
    this.#options.store?.deleteWithPages(list);
    return held;
  }

  #policy(error: unknown, entry: Entry, now: number) {
    return this.#options.whenLoadFails(error, now - entry.storedAt);
  }

  /** One load of `key` at a time; a failure falls back to memory, then the store. */
  #loadOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.#inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = this.#load(key, load).catch((error: unknown) => this.#failed<T>(key, error));
      this.#inFlight.set(key, pending);
      this.#loadStarted.set(key, this.#options.now());
      const done = () => {
        this.#inFlight.delete(key);
        this.#loadStarted.delete(key);
      };
      void pending.then(done, done);
    }
    return pending;
  }

  async #load<T>(key: string, load: () => Promise<T>): Promise<T> {
    const value = await load();
    const storedAt = this.#options.now();
    const before = this.#entries.get(key);
    if (
      before &&
      this.#options.onChange &&
      JSON.stringify(before.value) !== JSON.stringify(value)
    ) {
      this.#options.onChange(key);
    }
    this.#entries.delete(key);
    this.#entries.set(key, { value, storedAt });
    this.#options.store?.set(key, value, storedAt);
    this.#retries.delete(key);
    this.#evict();
    return value;
  }

  /**
   * After a failed load: the last good answer (in memory, else the store's, kept as stale so
   * the next visitor after the back-off triggers a refresh) where the policy allows, else the
   * error. Either way the next attempt waits for the back-off.
   */
  async #failed<T>(key: string, error: unknown): Promise<T> {
    const now = this.#options.now();
    const previous = this.#retries.get(key);
    const failures = (previous?.failures ?? 0) + 1;
    const wait = reloadWaitMs(failures, this.#options.ttlMs);
    let entry = this.#entries.get(key);
    if (!entry) {
      const stored = await this.#options.store?.get(key);
      if (stored) {
        entry = {
          value: stored.value,
          storedAt: Math.min(stored.storedAt, now - this.#options.ttlMs),
        };
      }
    }
    const policy = entry ? this.#policy(error, entry, now) : "fail";
    if (this.#options.whenLoadFails(error, 0) === "busy") {
      if (!entry) throw error;
      return entry.value as T;
    }
    if (policy === "gone" || (!entry && this.#options.whenLoadFails(error, 0) === "gone")) {
      this.#entries.delete(key); // gone for good (a 404): stop serving it
      this.#retries.delete(key);
      this.#options.store?.delete([key]);
      throw error;
    }
    // With nothing to serve, a visitor gets the error screen during the back-off: short, so a
    // page is back soon after the API is.
    this.#retry(key, {
      failures,
      at: now + (entry ? wait : Math.min(wait, NO_ANSWER_RETRY_MS)),
      error,
      noAnswer: !entry,
    });
    if (!entry) throw error;
    if (!this.#entries.has(key)) {
      this.#entries.set(key, entry);
      this.#evict();
    }
    if (policy === "fail") throw error;
    this.#options.onStale?.(key, error);
    return entry.value as T;
  }

  /** Notes a failed load; as many keys as entries at most (the oldest failure goes first). */
  #retry(key: string, retry: Retry) {
    this.#retries.delete(key);
    this.#retries.set(key, retry);
    while (this.#retries.size > this.#options.maxEntries) {
      const oldest = this.#retries.keys().next().value;
      if (oldest === undefined) break;
      this.#retries.delete(oldest);
    }
  }

  #touch(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }

  #evict() {
    while (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
