/**
 * A per-client sliding-window limit, kept in this process's memory: at most `limit` requests
 * per `windowMs` (contact sends, rendered searches, suggestions). Every request counts, an
 * identical re-submission too (otherwise re-posting one message would be free), and one that
 * did not go through can be given back. The contact limit is shared between processes and
 * instances by contact/shared-rate-limit.server.ts.
 *
 * @example
 * const limiter = new RateLimiter({ limit: 5, windowMs: 600_000 });
 * if (!limiter.take("203.0.113.7", submissionKey)) return tooManyRequests();
 */

/**
 * Who a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber or host usually holds a whole /64, and may pick any address in it).
 */
export function limitClientOf(address: string): string {
  if (!address.includes(":")) return address;
  const groups = expandIPv6(address.split("%")[0] ?? "");
  if (!groups) return address;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, lower-case without leading zeros; undefined if malformed. */
function expandIPv6(address: string): string[] | undefined {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

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
    if (hits.length >= this.limit) return false;
    hits.push({ at: now, key });
    this.#hits.set(client, hits);
    return true;
  }

  /**
   * One request from `address` (a visitor's IP, counted by `limitClientOf`): admitted and
   * counted, or refused with the seconds to wait (a 429's `Retry-After`, at least 1: the oldest
   * request may have left the window since it was counted).
   */
  admit(address: string): { admitted: true } | { admitted: false; retryAfterS: number } {
    const client = limitClientOf(address);
    if (this.take(client)) return { admitted: true };
    return { admitted: false, retryAfterS: Math.max(1, this.retryAfterS(client)) };
  }

  /** Un-counts the send `key` taken by `client` (it failed and the visitor will try again). */
  giveBack(client: string, key?: string): void {
    const hits = this.#hits.get(client);
    if (!hits) return;
    const index = hits.findLastIndex((hit) => hit.key === key);
    if (index !== -1) hits.splice(index, 1);
    if (hits.length === 0) this.#hits.delete(client);
  }

  /**
   * Seconds until `client` may send again (a 429's `Retry-After`): 0 when it may now, else until
   * enough of its sends are older than the window, rounded up.
   */
  retryAfterS(client: string): number {
    const now = this.#now();
    const hits = this.#recent(client, now);
    const freeing = hits[hits.length - this.limit];
    return freeing ? Math.max(1, Math.ceil((freeing.at + this.windowMs - now) / 1000)) : 0;
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
