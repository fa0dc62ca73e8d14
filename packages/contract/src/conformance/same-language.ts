/**
 * Lists whose Arabic answer is byte for byte the English one: a server that ignores the `lang`
 * header. A warning, not a failure (a list may hold no text).
 */
import type { EndpointName } from "../endpoints.ts";
import type { Language } from "../languages.ts";
import type { Findings, OrderKey } from "./order.ts";
import { listItems } from "./payload.ts";

/** Lists without localised text: the same bytes in both languages are expected. */
const notLocalised = new Set<EndpointName>(["companyProfile", "footers"]);

export class SameLanguage {
  readonly #bodies = new Map<
    string,
    { order: OrderKey; text: Partial<Record<Language, string>> }
  >();

  /** The body of `path` in `lang` (the order is the first language's). */
  keep(path: string, lang: Language, text: string, order: OrderKey): void {
    const entry = this.#bodies.get(path) ?? { order, text: {} };
    entry.text[lang] = text;
    this.#bodies.set(path, entry);
  }

  /** A warning for each localised list, not empty, with identical answers. */
  warnIdentical(findings: Findings): void {
    for (const [path, { order, text }] of this.#bodies) {
      const name = findings.endpointOf(path);
      if (!name || notLocalised.has(name) || text.en === undefined || text.en !== text.ar) continue;
      if (listItems(JSON.parse(text.en)).length > 0)
        findings.warn(`${path}: the Arabic answer is byte-identical to the English one`, order);
    }
  }
}
