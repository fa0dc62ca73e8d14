/**
 * Conformance checker: calls every read endpoint of ../shared/API.md on a server, in both
 * languages, and validates each answer against the contract schemas. `check-api.ts` is
 * the command line around it.
 */

import { limiter } from "./concurrency.ts";
import {
  type EndpointName,
  endpointPath,
  endpoints,
  type PageForm,
  readPayload,
} from "./endpoints.ts";
import { describeIssues, errorBody, type Pagination } from "./envelope.ts";
import { type Language, languages } from "./languages.ts";

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

export const defaultCheckOptions = {
  timeout: 20_000,
  concurrency: 4,
  maxPages: 50,
  sampleSize: 5,
  unknownId: 999_999_999,
} as const satisfies Required<CheckOptions>;

/** Where the ids of each detail endpoint come from, and where the detail answer names its id. */
const detailSources: Partial<
  Record<EndpointName, { from: EndpointName[]; idOf: (payload: unknown) => unknown }>
> = {
  service: { from: ["services"], idOf: (p) => field(p, "id") },
  extraPage: { from: ["extraPages"], idOf: (p) => field(p, "id") },
  newsItem: { from: ["news"], idOf: (p) => field(p, "id") },
  project: {
    from: ["completedProjects", "currentProjects"],
    idOf: (p) => field(field(p, "projects"), "id"),
  },
};

/** Lists without localised text: the same bytes in both languages are expected. */
const notLocalised = new Set<EndpointName>(["companyProfile", "footers"]);

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/** At most `size` entries spread evenly over `items` (first and last included). */
export function sample<T>(items: readonly T[], size: number): T[] {
  if (items.length <= size) return [...items];
  if (size <= 0) return [];
  if (size === 1) return items.slice(0, 1);
  const picked = new Set<number>();
  for (let i = 0; i < size; i++) picked.add(Math.round((i * (items.length - 1)) / (size - 1)));
  return [...picked].map((index) => items[index] as T);
}

type Answer =
  | { status: number; text: string; contentType: string }
  | { status: number | null; error: string };

function transportError(error: unknown, timeout: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `timeout after ${timeout} ms`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string }) : null;
  const detail =
    cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `no answer (${detail})`;
}

/** What a call must answer; `check` looks at the validated payload and returns a failure. */
type Expectation =
  | {
      status: 200;
      check?: ((payload: unknown) => string | undefined) | undefined;
    }
  | { status: 404 };

interface Outcome {
  result: CallResult;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  /** The validated payload, when the call passed. */
  payload?: unknown;
  text?: string;
}

const describeType = (value: unknown) =>
  Array.isArray(value) ? "a list" : value === null ? "null" : typeof value;

export async function checkApi(base: string, options: CheckOptions = {}): Promise<Report> {
  const opts = { ...defaultCheckOptions, ...options };
  const url = new URL(base);
  const root = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  const limit = limiter(opts.concurrency);
  const lines: { result: CallResult; order: number[] }[] = [];
  const warnings: { text: string; order: number[] }[] = [];
  const bodies = new Map<string, { order: number[]; text: Partial<Record<Language, string>> }>();
  const names = Object.keys(endpoints) as EndpointName[];

  const warn = (text: string, order: number[]) => warnings.push({ text, order });

  const request = (path: string, lang: Language): Promise<Answer> =>
    limit(async () => {
      let status: number | null = null;
      try {
        const response = await fetch(root + path, {
          headers: { Accept: "application/json", lang },
          signal: AbortSignal.timeout(opts.timeout),
        });
        status = response.status;
        const text = await response.text();
        return { status, text, contentType: response.headers.get("content-type") ?? "" };
      } catch (error) {
        return { status, error: transportError(error, opts.timeout) };
      }
    });

  /** One call: request, validate, record the line. */
  async function call(
    endpoint: EndpointName,
    path: string,
    lang: Language,
    expect: Expectation,
    order: number[],
    compareLanguages = false,
  ): Promise<Outcome> {
    const answer = await request(path, lang);
    const result: CallResult = { endpoint, path, lang, status: answer.status, ok: false };
    const outcome: Outcome = { result };
    lines.push({ result, order: [...order, languages.indexOf(lang)] });
    const fail = (reason: string) => {
      result.reason = reason;
      return outcome;
    };

    if ("error" in answer) return fail(answer.error);
    if (answer.status !== expect.status)
      return fail(
        `expected status ${expect.status}${expect.status === 404 ? " for an unknown id" : ""}, got ${answer.status}`,
      );
    outcome.text = answer.text;

    if (expect.status === 404) {
      result.ok = true;
      if (answer.text.trim() !== "") {
        let parsed: unknown;
        try {
          parsed = JSON.parse(answer.text);
        } catch {}
        if (!errorBody.safeParse(parsed).success)
          warn(`${path} [${lang}]: the 404 body is not { "message": "..." }`, order);
      }
      return outcome;
    }

    try {
      outcome.body = JSON.parse(answer.text);
    } catch {
      return fail(`not JSON (content-type: ${answer.contentType || "none"})`);
    }
    if (!/\bjson\b/i.test(answer.contentType))
      warn(`${path} [${lang}]: content-type is "${answer.contentType}", not JSON`, order);
    if (compareLanguages) {
      const entry = bodies.get(path) ?? { order, text: {} };
      entry.text[lang] = answer.text;
      bodies.set(path, entry);
    }

    const body = outcome.body;
    if (typeof body !== "object" || body === null || Array.isArray(body))
      return fail(`no { "data" } envelope: the body is ${describeType(body)}`);
    if (!("data" in body)) return fail(`no { "data" } envelope: the body has no "data" field`);
    if (expect.status !== 200) return outcome;

    const read = readPayload(endpoint, body);
    if (!read.success) {
      const issues = describeIssues(read.error);
      return fail(issues[0] + (issues.length > 1 ? ` (+${issues.length - 1} more)` : ""));
    }
    if (read.form) result.form = read.form;
    const problem = expect.check?.(read.payload);
    if (problem) return fail(problem);
    outcome.payload = read.payload;
    result.ok = true;
    return outcome;
  }

  /** A plain list in one language: returns the raw items (for ids). */
  async function plainList(name: EndpointName, lang: Language): Promise<unknown[]> {
    const { path } = endpoints[name];
    const order = [names.indexOf(name), 0, 0];
    const outcome = await call(
      name,
      path,
      lang,
      { status: 200, check: listCheck(name, lang, order) },
      order,
      true,
    );
    const data = field(outcome.body, "data");
    return Array.isArray(data) ? data : [];
  }

  function listCheck(name: EndpointName, lang: Language, order: number[]) {
    if (name !== "latestProjects" || lang !== "en") return undefined;
    return (payload: unknown) => {
      const dates = (payload as { created_at: string }[]).map((item) =>
        item.created_at.slice(0, 10),
      );
      if (dates.some((date, i) => i > 0 && date > (dates[i - 1] as string)))
        warn(`${endpoints[name].path}: not sorted newest first by created_at`, order);
      return undefined;
    };
  }

  /** A paged list in one language: every page, the page past the end; returns all raw items. */
  async function pagedList(name: EndpointName, lang: Language): Promise<unknown[]> {
    const { path } = endpoints[name];
    const index = names.indexOf(name);
    const pageOf = (payload: unknown) => payload as { data: unknown[]; pagination: Pagination };
    const inRange = (page: number, lastPage?: number) => (payload: unknown) => {
      const { data, pagination } = pageOf(payload);
      if (pagination.current_page !== page)
        return `data.pagination.current_page: expected ${page}, got ${pagination.current_page}`;
      if (lastPage !== undefined && pagination.last_page !== lastPage)
        return `data.pagination.last_page: ${pagination.last_page} here but ${lastPage} on page 1`;
      if (page > pagination.last_page)
        return `data.pagination.last_page: ${pagination.last_page}, before the page served`;
      if (data.length > pagination.per_page)
        return `data.data: ${data.length} items, more than per_page ${pagination.per_page}`;
      if (data.length === 0 && pagination.total > 0)
        return `data.data: page ${page} of ${pagination.last_page} is empty but total is ${pagination.total}`;
      return undefined;
    };
    const pastEnd = (lastPage: number) => (payload: unknown) => {
      const { data, pagination } = pageOf(payload);
      if (data.length > 0)
        return `data.data: expected [] past the last page, got ${data.length} item${data.length === 1 ? "" : "s"}`;
      if (pagination.last_page !== lastPage)
        return `data.pagination.last_page: expected ${lastPage} (as on page 1), got ${pagination.last_page}`;
      return undefined;
    };
    /** The rows of a page, also from a page that failed a check (to find ids), in either form. */
    const rows = (outcome: Outcome) => {
      const outer = field(outcome.body, "data");
      const data = Array.isArray(outer) ? outer : field(outer, "data");
      return Array.isArray(data) ? data : [];
    };

    const withoutPage = call(
      name,
      path,
      lang,
      { status: 200, check: inRange(1) },
      [index, 0, 0],
      true,
    );
    const first = await call(
      name,
      `${path}?page=1`,
      lang,
      { status: 200, check: inRange(1) },
      [index, 1, 1],
      true,
    );
    await withoutPage;
    if (!first.payload) return rows(first);

    const lastPage = pageOf(first.payload).pagination.last_page;
    const upTo = Math.min(lastPage, opts.maxPages);
    if (lastPage > upTo)
      warn(`${path} [${lang}]: last_page is ${lastPage}; only pages 1-${upTo} checked`, [
        index,
        1,
        1,
      ]);
    const pages = [first];
    const rest: Promise<Outcome>[] = [];
    for (let page = 2; page <= upTo; page++) {
      const query = `${path}?page=${page}`;
      rest.push(
        call(
          name,
          query,
          lang,
          { status: 200, check: inRange(page, lastPage) },
          [index, 1, page],
          true,
        ),
      );
    }
    const past = call(
      name,
      `${path}?page=${lastPage + 1}`,
      lang,
      { status: 200, check: pastEnd(lastPage) },
      [index, 2, 0],
    );
    pages.push(...(await Promise.all(rest)));
    await past;
    return pages.flatMap(rows);
  }

  /** A list endpoint in both languages: the raw items per language. */
  const lists = new Map<EndpointName, Promise<Record<Language, unknown[]>>>();
  for (const name of names) {
    const endpoint = endpoints[name];
    if (endpoint.path.includes(":id")) continue;
    const one = "paged" in endpoint && endpoint.paged ? pagedList : plainList;
    lists.set(
      name,
      Promise.all(languages.map((lang) => one(name, lang))).then(
        (items) =>
          Object.fromEntries(languages.map((lang, i) => [lang, items[i] ?? []])) as Record<
            Language,
            unknown[]
          >,
      ),
    );
  }

  /** A detail endpoint: sampled ids from its source lists, and the unknown id. */
  async function details(name: EndpointName): Promise<void> {
    const index = names.indexOf(name);
    const source = detailSources[name];
    const unknownPath = endpointPath(name, { id: opts.unknownId });
    const unknown = languages.map((lang) =>
      call(name, unknownPath, lang, { status: 404 }, [index, 1, 0]),
    );

    const ids: (string | number)[] = [];
    for (const from of source?.from ?? []) {
      const items = await (lists.get(from) ?? Promise.resolve({} as Record<Language, unknown[]>));
      const found = new Map<string, string | number>();
      for (const lang of languages)
        for (const item of items[lang] ?? []) {
          const id = field(item, "id");
          if ((typeof id === "number" || typeof id === "string") && id !== "")
            found.set(String(id), id);
        }
      for (const id of sample([...found.values()], opts.sampleSize))
        if (!ids.some((known) => String(known) === String(id))) ids.push(id);
    }
    const template = endpoints[name].path;
    if (!source)
      warn(`${template}: no list to take ids from; only the unknown id was checked`, [index, 0, 0]);
    else if (ids.length === 0)
      warn(
        `${template}: no ids found in ${source.from.map((n) => endpoints[n].path).join(", ")}; only the unknown id was checked`,
        [index, 0, 0],
      );

    const sameId = (id: string | number) => (payload: unknown) => {
      const got = source?.idOf(payload);
      return String(got) === String(id)
        ? undefined
        : `${name === "project" ? "data.projects.id" : "data.id"}: asked for ${id}, got ${JSON.stringify(got)}`;
    };
    const known = ids.flatMap((id, i) =>
      languages.map((lang) =>
        call(name, endpointPath(name, { id }), lang, { status: 200, check: sameId(id) }, [
          index,
          0,
          i,
        ]),
      ),
    );
    await Promise.all([...unknown, ...known]);
  }

  await Promise.all([
    ...lists.values(),
    ...names.filter((name) => endpoints[name].path.includes(":id")).map(details),
  ]);

  for (const [path, { order, text }] of bodies) {
    const name = lines.find((line) => line.result.path === path)?.result.endpoint;
    if (!name || notLocalised.has(name) || text.en === undefined || text.en !== text.ar) continue;
    const data = field(JSON.parse(text.en), "data");
    const items = Array.isArray(data) ? data : field(data, "data");
    if (Array.isArray(items) && items.length > 0)
      warn(`${path}: the Arabic answer is byte-identical to the English one`, order);
  }

  const byOrder = (a: { order: number[] }, b: { order: number[] }) => {
    for (let i = 0; i < Math.max(a.order.length, b.order.length); i++) {
      const d = (a.order[i] ?? -1) - (b.order[i] ?? -1);
      if (d !== 0) return d;
    }
    return 0;
  };
  const results = lines.sort(byOrder).map((line) => line.result);
  const passed = results.filter((r) => r.ok).length;
  return {
    base: root,
    results,
    warnings: warnings.sort(byOrder).map((w) => w.text),
    passed,
    failed: results.length - passed,
  };
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
