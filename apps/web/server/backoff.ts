/**
 * Exponential back-off, the one formula of everything that waits longer after each failure in
 * a row: the content cache's and site search's reloads, the outbox's sends (with jitter of its
 * own), the cluster's restarts of workers that keep dying.
 */

export interface Backoff {
  /** The wait after the first failure. */
  baseMs: number;
  /** The longest wait: the doubling stops here. */
  maxMs: number;
}

/**
 * The wait after `failures` failures in a row (1: the first; less counts as 1): `baseMs`,
 * doubling after each further failure, up to `maxMs`.
 */
export function backoffMs(failures: number, { baseMs, maxMs }: Backoff): number {
  // Bounded, so a long run of failures never makes Infinity (nor, times 0, NaN).
  const doublings = Math.min(Math.max(failures - 1, 0), 40);
  return Math.min(maxMs, baseMs * 2 ** doublings);
}
