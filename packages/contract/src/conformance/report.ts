/** The conformance report: one line per call, and the report as text. */
import { type EndpointName, endpoints, type PageForm } from "../endpoints.ts";
import { type Language, languages } from "../languages.ts";

/** One request and its verdict: one line of the report. */
export interface CallResult {
  endpoint: EndpointName;
  /** Path with query, relative to the base. */
  path: string;
  lang: Language;
  /** HTTP status, `null` when no answer came (time-out, connection refused). */
  status: number | null;
  ok: boolean;
  /** Why the call failed: the first offending field or the transport problem. */
  reason?: string;
  /** For a page of a paged list: which of API.md's two forms the answer used. */
  form?: PageForm;
}

export interface Report {
  base: string;
  results: CallResult[];
  /** Findings that do not fail the check (e.g. an Arabic list identical to the English one). */
  warnings: string[];
  passed: number;
  failed: number;
}

const formNames: Record<PageForm, string> = {
  nested: "nested form { data: { data: [...], pagination } }",
  flat: "flat form { data: [...], pagination }",
};

/** Which of API.md's two page forms each paged list answered in (both: it mixes them). */
export function pageForms(results: CallResult[]): { path: string; forms: PageForm[] }[] {
  const byPath = new Map<string, Set<PageForm>>();
  for (const result of results) {
    if (!result.form) continue;
    const path = endpoints[result.endpoint].path;
    byPath.set(path, (byPath.get(path) ?? new Set()).add(result.form));
  }
  return [...byPath].map(([path, forms]) => ({ path, forms: [...forms].sort() }));
}

/** The report as text: one line per call, the warnings, and `N passed, M failed` last. */
export function formatReport(report: Report): string {
  const width = Math.max(0, ...report.results.map((r) => r.path.length));
  const out = [`Content API conformance of ${report.base} (${languages.join(", ")})`, ""];
  for (const r of report.results) {
    const verdict = r.ok ? "PASS" : "FAIL";
    const line = `${r.path.padEnd(width)}  ${r.lang}  ${String(r.status ?? "---").padEnd(3)}  ${verdict}`;
    out.push(r.reason ? `${line}  ${r.reason}` : line);
  }
  const forms = pageForms(report.results);
  if (forms.length > 0) {
    out.push("");
    for (const { path, forms: seen } of forms)
      out.push(`paged ${path}: ${seen.map((form) => formNames[form]).join(" and ")}`);
  }
  if (report.warnings.length > 0) {
    out.push("");
    for (const warning of report.warnings) out.push(`warning: ${warning}`);
  }
  out.push("", `${report.passed} passed, ${report.failed} failed`);
  return `${out.join("\n")}\n`;
}
