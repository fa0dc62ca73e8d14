/**
 * Bounded concurrency, the one gate of the repository: for work that asks the content API many
 * times (the conformance check, the site's sitemap and search index: the API serves visitors
 * too), and for the site's scarce resources (the content API's requests, the image endpoint's
 * encodes and fetches), whose lines bound what waits as well.
 */

/**
 * A line for a scarce resource: `max` holders at once, in the order they came. By default any
 * number wait, as long as it takes; with `maxQueued` and `waitMs`, up to `maxQueued` wait at
 * most `waitMs` each and anyone else is turned away at once with `busy()`'s error, so what
 * waits on it is bounded too.
 */
export class Line {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  readonly max: number;
  readonly maxQueued: number;
  readonly waitMs: number;
  readonly #busy: () => Error;

  constructor(
    max: number,
    maxQueued = Number.POSITIVE_INFINITY,
    waitMs = Number.POSITIVE_INFINITY,
    busy: () => Error = () => new Error("the line is full"),
  ) {
    this.max = max;
    this.maxQueued = maxQueued;
    this.waitMs = waitMs;
    this.#busy = busy;
  }

  /** Holders now, and those waiting (for metrics and tests). */
  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A free slot is taken at once: the task starts before `run` returns.
    if (this.#active < this.max) this.#active++;
    else await this.#turn();
    try {
      return await task();
    } finally {
      // A finishing task hands its slot to the next waiting one.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }

  /** Waits for a slot a finishing holder hands on; refused when the line is full or slow. */
  #turn(): Promise<void> {
    if (this.#waiting.length >= this.maxQueued) return Promise.reject(this.#busy());
    return new Promise((resolve, reject) => {
      if (this.waitMs === Number.POSITIVE_INFINITY) {
        this.#waiting.push(resolve);
        return;
      }
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(turn), 1);
        reject(this.#busy());
      }, this.waitMs);
      this.#waiting.push(turn);
    });
  }
}

/** Runs `task` when the gate lets it: at most so many at once, in the order they came. */
export type Gate = <T>(task: () => Promise<T>) => Promise<T>;

/** A gate that runs at most `max` tasks at once, the others waiting as long as it takes. */
export function limiter(max: number): Gate {
  const line = new Line(max);
  return (task) => line.run(task);
}

/** `work` over `items`, at most `limit` at a time, results in order. */
export function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const gate = limiter(limit);
  return Promise.all(items.map((item) => gate(() => work(item))));
}
