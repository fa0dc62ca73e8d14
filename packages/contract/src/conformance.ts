/**
 * Conformance checker: calls every read endpoint of docs/contract/API.md on a server, in both
 * languages, and validates each answer against the contract schemas. `check-api.ts` is
 * the command line around it. The parts: conformance/http.ts (requests), call.ts (one call
 * validated), lists.ts and details.ts (what each kind of endpoint is asked), same-language.ts
 * (the two languages' answers compared), order.ts and report.ts (the report).
 */
import { caller } from "./conformance/call.ts";
import { details } from "./conformance/details.ts";
import { requester } from "./conformance/http.ts";
import { type ListContext, pagedList, plainList } from "./conformance/lists.ts";
import { Findings } from "./conformance/order.ts";
import type { Report } from "./conformance/report.ts";
import { SameLanguage } from "./conformance/same-language.ts";
import { type EndpointName, endpoints } from "./endpoints.ts";
import { type Language, languages } from "./languages.ts";

export { formatReport, type Report } from "./conformance/report.ts";

export interface CheckOptions {
  /** Time-out per request in ms (API.md: 20 000). */
  timeout?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Pages of a paged list checked at most (the page past the end is checked anyway). */
  maxPages?: number;
  /** Ids per source list whose detail endpoint is checked. */
  sampleSize?: number;
  /** An id no server has: its detail endpoints must answer 404. */
  unknownId?: string | number;
}

export const defaultCheckOptions = {
  timeout: 20_000,
  concurrency: 4,
  maxPages: 50,
  sampleSize: 5,
  unknownId: 999_999_999,
} as const satisfies Required<CheckOptions>;

export async function checkApi(base: string, options: CheckOptions = {}): Promise<Report> {
  const opts = { ...defaultCheckOptions, ...options };
  const url = new URL(base);
  const root = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  const findings = new Findings();
  const bodies = new SameLanguage();
  const call = caller(requester(root, opts.timeout, opts.concurrency), findings, bodies);
  const names = Object.keys(endpoints) as EndpointName[];
  const context: ListContext = { call, findings, names, maxPages: opts.maxPages };

  /** A list endpoint in both languages: the raw items per language. */
  const lists = new Map<EndpointName, Promise<Record<Language, unknown[]>>>();
  for (const name of names) {
    const endpoint = endpoints[name];
    if (endpoint.path.includes(":id")) continue;
    const one = "paged" in endpoint && endpoint.paged ? pagedList : plainList;
    lists.set(
      name,
      Promise.all(languages.map((lang) => one(context, name, lang))).then(
        (items) =>
          Object.fromEntries(languages.map((lang, i) => [lang, items[i] ?? []])) as Record<
            Language,
            unknown[]
          >,
      ),
    );
  }

  const detailContext = {
    ...context,
    lists,
    sampleSize: opts.sampleSize,
    unknownId: opts.unknownId,
  };
  await Promise.all([
    ...lists.values(),
    ...names
      .filter((name) => endpoints[name].path.includes(":id"))
      .map((name) => details(detailContext, name)),
  ]);
  bodies.warnIdentical(findings);

  const results = findings.results();
  const passed = results.filter((r) => r.ok).length;
  return {
    base: root,
    results,
    warnings: findings.warnings(),
    passed,
    failed: results.length - passed,
  };
}
