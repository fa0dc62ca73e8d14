/**
 * The report's order: calls finish in any order (several are in flight), so each line and
 * warning carries a key (endpoint, part, page, language) and the report is sorted by it.
 */
import type { CallResult } from "./report.ts";

/** Compared number by number; a shorter key comes before a longer one it begins. */
export type OrderKey = number[];

interface Ordered {
  order: OrderKey;
}

function byOrder(a: Ordered, b: Ordered): number {
  for (let i = 0; i < Math.max(a.order.length, b.order.length); i++) {
    const d = (a.order[i] ?? -1) - (b.order[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** The lines and warnings of one run, as they come, handed out in the report's order. */
export class Findings {
  readonly #lines: (Ordered & { result: CallResult })[] = [];
  readonly #warnings: (Ordered & { text: string })[] = [];

  line(result: CallResult, order: OrderKey): void {
    this.#lines.push({ result, order });
  }

  warn(text: string, order: OrderKey): void {
    this.#warnings.push({ text, order });
  }

  /** The endpoint of the first call of `path`, if there was one. */
  endpointOf(path: string): CallResult["endpoint"] | undefined {
    return this.#lines.find((line) => line.result.path === path)?.result.endpoint;
  }

  results(): CallResult[] {
    return [...this.#lines].sort(byOrder).map((line) => line.result);
  }

  warnings(): string[] {
    return [...this.#warnings].sort(byOrder).map((warning) => warning.text);
  }
}
