/**
 * A line for a scarce resource (the image endpoint's encodes and fetches, the content API's
 * requests): `max` holders at once, up to `maxQueued` waiting at most `waitMs` each; anyone
 * else is turned away at once with `busy()`'s error. So what waits on it is bounded too.
 */
export class Line {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  readonly max: number;
  readonly maxQueued: number;
  readonly waitMs: number;
  readonly #busy: () => Error;

  constructor(max: number, maxQueued: number, waitMs: number, busy: () => Error) {
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
    await this.#enter();
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }

  #enter(): Promise<void> {
    if (this.#active < this.max) {
      this.#active++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.maxQueued) return Promise.reject(this.#busy());
    return new Promise((resolve, reject) => {
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
