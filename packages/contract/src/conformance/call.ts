/** One call of the conformance check: request, validate against the contract, record the line. */
import { type EndpointName, readPayload } from "../endpoints.ts";
import { describeIssues, errorBody } from "../envelope.ts";
import { type Language, languages } from "../languages.ts";
import type { Request } from "./http.ts";
import type { Findings, OrderKey } from "./order.ts";
import { describeType } from "./payload.ts";
import type { CallResult } from "./report.ts";
import type { SameLanguage } from "./same-language.ts";

/** What a call must answer; `check` looks at the validated payload and returns a failure. */
type Expectation =
  | {
      status: 200;
      check?: ((payload: unknown) => string | undefined) | undefined;
    }
  | { status: 404 };

export interface Outcome {
  result: CallResult;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  /** The validated payload, when the call passed. */
  payload?: unknown;
  text?: string;
}

export type Call = (
  endpoint: EndpointName,
  path: string,
  lang: Language,
  expect: Expectation,
  order: OrderKey,
  /** Keep the body to compare the two languages' answers (see same-language.ts). */
  compareLanguages?: boolean,
) => Promise<Outcome>;

export function caller(request: Request, findings: Findings, bodies: SameLanguage): Call {
  return async (endpoint, path, lang, expect, order, compareLanguages = false) => {
    const answer = await request(path, lang);
    const result: CallResult = { endpoint, path, lang, status: answer.status, ok: false };
    const outcome: Outcome = { result };
    findings.line(result, [...order, languages.indexOf(lang)]);
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
          findings.warn(`${path} [${lang}]: the 404 body is not { "message": "..." }`, order);
      }
      return outcome;
    }

    try {
      outcome.body = JSON.parse(answer.text);
    } catch {
      return fail(`not JSON (content-type: ${answer.contentType || "none"})`);
    }
    if (!/\bjson\b/i.test(answer.contentType))
      findings.warn(`${path} [${lang}]: content-type is "${answer.contentType}", not JSON`, order);
    if (compareLanguages) bodies.keep(path, lang, answer.text, order);

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
  };
}
