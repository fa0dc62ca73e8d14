/**
 * Bounded concurrency for work that asks the content API many times (the conformance check,
 * the site's sitemap and search index): the API serves visitors too.
 */

/** A gate that runs at most `max` tasks at once, in the order they came. */
export function limiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      // A finishing task hands its slot to the next waiting one.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export type Gate = ReturnType<typeof limiter>;

/** `work` over `items`, at most `limit` at a time, results in order. */
export function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const gate = limiter(limit);
  return Promise.all(items.map((item) => gate(() => work(item))));
}
