/**
 * Waiting for a promise no longer than a while, the promise going on: the content cache's wait
 * for an old answer's refresh, a page's wait for a block it can do without, the readiness
 * check's wait for what the process can serve.
 */

/** What `within` gives when the promise took longer. */
export const TOO_LONG = Symbol("too long");

/** `promise`'s value, or TOO_LONG when it takes longer than `ms` (which may be Infinity). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TOO_LONG> {
  if (!Number.isFinite(ms)) return promise;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TOO_LONG>((resolve) => {
    timer = setTimeout(() => resolve(TOO_LONG), Math.max(0, ms));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
