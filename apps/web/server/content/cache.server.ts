/**
 * The server-side content cache. Answers are fresh for `ttlMs` (no refetch inside that window).
 * After that a visitor gets the stale answer at once while one refresh runs in the background;
 * a failed refresh keeps the stale answer and is retried after a back-off (doubling up to the
 * time-to-live), unless the error says the content is gone (then the entry goes). Concurrent
 * misses for one key share one load. Bounded: least recently used entries go first.
 */
import type { StoredAnswer } from "./answer-store.server.ts";

/** Where last good answers are kept: on disk, and in Redis too (answer-store-redis.server.ts). */
export interface AnswerKeeper {
  get(key: string): StoredAnswer | undefined | Promise<StoredAnswer | undefined>;
  set(key: string, value: unknown, storedAt: number): void;
  /** Forgets these keys (a purge, or the API said they are gone). */
  delete(keys: Iterable<string>): void;
  /** Forgets everything (a purge of the whole site). */
  clear(): void;
}

export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  /** Decides whether a failed load may be answered from a stale entry. */
  canServeStale?: (error: unknown) => boolean;
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

export class ContentCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<unknown>>();
  /** Keys of stale entries being refreshed in the background. */
  readonly #refreshing = new Set<string>();
  /** Keys whose last refresh failed: how often, and when to try again. */
  readonly #retries = new Map<string, { failures: number; at: number }>();
  readonly #options: Required<Omit<CacheOptions, "onStale" | "store" | "onChange">> &
    Pick<CacheOptions, "onStale" | "store" | "onChange">;

  constructor(options: CacheOptions) {
    this.#options = { now: Date.now, canServeStale: () => true, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached value for `key`: fresh, or stale while a refresh runs, else the result of
   * `load` (shared by concurrent callers). `seen` learns until when the value given stays as
   * it is (for a stale one: now, or the next refresh attempt while backing off), so a page made
   * from it is cached exactly as long (page-cache.server.ts).
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    seen?: (freshUntil: number, key: string) => void,
  ): Promise<T> {
    const now = this.#options.now();
    const entry = this.#entries.get(key);
    if (entry) {
      const freshUntil = entry.storedAt + this.#options.ttlMs;
      this.#touch(key, entry);
      if (now >= freshUntil) this.#refreshInBackground(key, load);
      // While backing off after a failed refresh the value cannot change before the next try,
      // so a page made from it may be kept until then: an outage does not mean a render per
      // request.
      const retryAt = this.#retries.get(key)?.at ?? 0;
      seen?.(Math.max(freshUntil, now < freshUntil ? now : retryAt, now), key);
      return entry.value as T;
    }
    let pending = this.#inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = this.#load(key, load).catch((error: unknown) => this.#fromStore<T>(key, error));
      this.#inFlight.set(key, pending);
      void pending.then(
        () => this.#inFlight.delete(key),
        () => this.#inFlight.delete(key),
      );
    }
    const value = await pending;
    const stored = this.#entries.get(key);
    const at = this.#options.now();
    seen?.(stored ? Math.max(stored.storedAt + this.#options.ttlMs, at) : at, key);
    return value;
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
    for (const key of list) this.#entries.delete(key);
    this.#options.store?.delete(list);
  }

  /** After a failed load with nothing in memory: the last good answer kept, as stale. */
  async #fromStore<T>(key: string, error: unknown): Promise<T> {
    if (!this.#options.canServeStale(error)) {
      this.#options.store?.delete([key]); // gone for good (a 404)
      throw error;
    }
    const stored = await this.#options.store?.get(key);
    if (!stored) throw error;
    this.#options.onStale?.(key, error);
    // Kept as it was stored (stale), so the next visitor triggers a refresh.
    this.#entries.set(key, {
      value: stored.value,
      storedAt: Math.min(stored.storedAt, this.#options.now() - this.#options.ttlMs),
    });
    this.#evict();
    return stored.value as T;
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

  /** One refresh of a stale entry at a time, none while backing off after a failure. */
  #refreshInBackground<T>(key: string, load: () => Promise<T>) {
    const retry = this.#retries.get(key);
    if (this.#refreshing.has(key) || (retry && this.#options.now() < retry.at)) return;
    const refresh = this.#load(key, load).catch((error: unknown) => {
      if (!this.#options.canServeStale(error)) {
        this.#entries.delete(key); // gone for good (a 404): stop serving it
        this.#retries.delete(key);
        this.#options.store?.delete([key]);
        return;
      }
      this.#options.onStale?.(key, error);
      const failures = (retry?.failures ?? 0) + 1;
      const wait = Math.min(this.#options.ttlMs, 1_000 * 2 ** Math.min(failures, 20));
      this.#retries.set(key, { failures, at: this.#options.now() + wait });
    });
    this.#refreshing.add(key);
    void refresh.finally(() => this.#refreshing.delete(key));
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
