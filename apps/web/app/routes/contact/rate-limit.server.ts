/**
 * A per-client sliding-window limit, kept in this process's memory: at most `limit` sends per
 * `windowMs`. A repeat of the same submission (same key) is not counted twice, and a send that
 * did not go through can be given back.
 *
 * @example
 * const limiter = new RateLimiter({ limit: 5, windowMs: 600_000 });
 * if (!limiter.take("203.0.113.7", submissionKey)) return tooManyRequests();
 */
export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

interface Hit {
  at: number;
  key: string | undefined;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #now: () => number;
  readonly #hits = new Map<string, Hit[]>();
  #sinceSweep = 0;

  constructor(options: RateLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  /** Counts one send by `client`; false (and nothing counted) when the client is over the limit. */
  take(client: string, key?: string): boolean {
    const now = this.#now();
    this.#sweepSometimes(now);
    const hits = this.#recent(client, now);
    if (key !== undefined && hits.some((hit) => hit.key === key)) return true;
    if (hits.length >= this.limit) return false;
    hits.push({ at: now, key });
    this.#hits.set(client, hits);
    return true;
  }

  /** Un-counts the send `key` taken by `client` (it failed and the visitor will try again). */
  giveBack(client: string, key?: string): void {
    const hits = this.#hits.get(client);
    if (!hits) return;
    const index = hits.findLastIndex((hit) => hit.key === key);
    if (index !== -1) hits.splice(index, 1);
    if (hits.length === 0) this.#hits.delete(client);
  }

  /** Sends `client` may still make now. */
  remaining(client: string): number {
    return Math.max(0, this.limit - this.#recent(client, this.#now()).length);
  }

  #recent(client: string, now: number): Hit[] {
    const hits = this.#hits.get(client);
    if (!hits) return [];
    const fresh = hits.filter((hit) => now - hit.at < this.windowMs);
    if (fresh.length === 0) this.#hits.delete(client);
    else if (fresh.length !== hits.length) this.#hits.set(client, fresh);
    return fresh;
  }

  /** Forgets idle clients now and then, so memory stays bounded by recent senders. */
  #sweepSometimes(now: number) {
    if (++this.#sinceSweep < 1000) return;
    this.#sinceSweep = 0;
    for (const client of [...this.#hits.keys()]) this.#recent(client, now);
  }
}
