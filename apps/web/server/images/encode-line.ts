/** The image endpoint's line for encoding: few images made at once, a short wait, then 503. */
import { ImageError } from "./image-error.ts";

/**
 * A line for a scarce resource: `max` holders at once, up to `maxQueued` waiting at most
 * `waitMs` each; anyone else is turned away (503) at once.
 */
export class Line {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  readonly max: number;
  readonly maxQueued: number;
  readonly waitMs: number;

  constructor(max: number, maxQueued: number, waitMs: number) {
    this.max = max;
    this.maxQueued = maxQueued;
    this.waitMs = waitMs;
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
    if (this.#waiting.length >= this.maxQueued) {
      return Promise.reject(
        new ImageError(503, "too many images are being made; try again", "busy"),
      );
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(turn), 1);
        reject(new ImageError(503, "too many images are being made; try again", "busy"));
      }, this.waitMs);
      this.#waiting.push(turn);
    });
  }
}
