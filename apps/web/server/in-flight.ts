/**
 * Work shared while it runs: a caller asking for what is being made already (the same image or
 * social card, a language's saved search index or its refresh) waits for that run rather than
 * start another. A run is forgotten once it settles, failed or not: the next caller starts anew.
 * (The content cache and the contact action join their runs in ways of their own.)
 */
export class InFlight<K, V> {
  readonly #running = new Map<K, Promise<V>>();

  /** The run of `key` under way, else `start()`'s, shared until it settles. */
  run(key: K, start: () => Promise<V>): Promise<V> {
    let running = this.#running.get(key);
    if (!running) {
      running = start().finally(() => this.#running.delete(key));
      this.#running.set(key, running);
    }
    return running;
  }
}
