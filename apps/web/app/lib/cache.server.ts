/**
 * The server-side content cache. Answers are fresh for `ttlMs` (no refetch inside that window),
 * concurrent misses for one key share one load, and when a load fails with a retryable error a
 * stale answer is served if one is still held. Bounded: least recently used entries go first.
 */
export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  /** Decides whether a failed load may be answered from a stale entry. */
  canServeStale?: (error: unknown) => boolean;
  onStale?: (key: string, error: unknown) => void;
}

interface Entry {
  value: unknown;
  storedAt: number;
}

export class ContentCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<unknown>>();
  readonly #options: Required<Omit<CacheOptions, "onStale">> & Pick<CacheOptions, "onStale">;

  constructor(options: CacheOptions) {
    this.#options = { now: Date.now, canServeStale: () => true, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached value for `key` when fresh, else the result of `load` (shared by concurrent
   * callers). `seen` learns until when the value given is fresh (now, for a stale answer), so a
   * page made from it can be cached exactly as long (page-cache.server.ts).
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    seen?: (freshUntil: number, key: string) => void,
  ): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && this.#options.now() - entry.storedAt < this.#options.ttlMs) {
      this.#touch(key, entry);
      seen?.(entry.storedAt + this.#options.ttlMs, key);
      return entry.value as T;
    }
    const pending = this.#inFlight.get(key);
    const promise = pending ?? this.#refresh(key, load);
    if (!pending) this.#inFlight.set(key, promise);
    try {
      const value = (await promise) as T;
      const stored = this.#entries.get(key);
      const freshUntil =
        stored?.value === value ? stored.storedAt + this.#options.ttlMs : this.#options.now();
      seen?.(freshUntil, key);
      return value;
    } finally {
      if (!pending) this.#inFlight.delete(key);
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Forgets these keys (a purge of the pages made from them). */
  delete(keys: Iterable<string>): void {
    for (const key of keys) this.#entries.delete(key);
  }

  async #refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    try {
      const value = await load();
      this.#entries.delete(key);
      this.#entries.set(key, { value, storedAt: this.#options.now() });
      this.#evict();
      return value;
    } catch (error) {
      const stale = this.#entries.get(key);
      if (stale && this.#options.canServeStale(error)) {
        this.#options.onStale?.(key, error);
        return stale.value as T;
      }
      throw error;
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
