/**
 * The best `k` of the documents offered, by score then number: a heap whose root is the worst
 * kept, so a document that does not beat it costs one comparison. The last step of a search's
 * ranking (postings.server.ts).
 */
export class TopK {
  readonly #k: number;
  readonly #documents: number[] = [];
  readonly #scores: number[] = [];

  constructor(k: number) {
    this.#k = k;
  }

  /** Whether i ranks below j (a lower score, or the same and a higher number). */
  #worse(i: number, j: number): boolean {
    const a = this.#scores[i] ?? 0;
    const b = this.#scores[j] ?? 0;
    return a < b || (a === b && (this.#documents[i] ?? 0) > (this.#documents[j] ?? 0));
  }

  #swap(i: number, j: number) {
    const documents = this.#documents;
    const scores = this.#scores;
    [documents[i], documents[j]] = [documents[j] ?? 0, documents[i] ?? 0];
    [scores[i], scores[j]] = [scores[j] ?? 0, scores[i] ?? 0];
  }

  offer(document: number, score: number) {
    const size = this.#documents.length;
    if (size < this.#k) {
      this.#documents.push(document);
      this.#scores.push(score);
      for (let i = size; i > 0; ) {
        const parent = (i - 1) >>> 1;
        if (!this.#worse(i, parent)) break;
        this.#swap(i, parent);
        i = parent;
      }
      return;
    }
    const root = this.#scores[0] ?? 0;
    if (size === 0 || score < root || (score === root && document > (this.#documents[0] ?? 0))) {
      return;
    }
    this.#documents[0] = document;
    this.#scores[0] = score;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < size && this.#worse(left, worst)) worst = left;
      if (right < size && this.#worse(right, worst)) worst = right;
      if (worst === i) break;
      this.#swap(i, worst);
      i = worst;
    }
  }

  /** The documents kept and their scores, best first. */
  best(): { document: number; score: number }[] {
    return this.#documents
      .map((document, i) => ({ document, score: this.#scores[i] ?? 0 }))
      .sort((a, b) => b.score - a.score || a.document - b.document);
  }
}
