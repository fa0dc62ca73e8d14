/** The reference API passes the conformance checker that companies run on their own backends. */

import { checkApi } from "@site/contract/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realSeedDir, startTestApi, type TestApi } from "./helpers.ts";

let server: TestApi;

beforeAll(async () => {
  server = await startTestApi({ seedDir: realSeedDir });
});

afterAll(async () => {
  await server?.stop();
});

describe("check-api against the reference API with the real seed", () => {
  it("passes every call in both languages, with no warnings", async () => {
    const report = await checkApi(server.api.url, { concurrency: 4, timeout: 10_000 });
    const failures = report.results.filter((result) => !result.ok);
    expect(failures.map((f) => `${f.lang} ${f.path}: ${f.reason}`)).toEqual([]);
    expect(report.warnings).toEqual([]);
    // Every endpoint in both languages, every page of the paged lists, details and 404s.
    expect(report.passed).toBeGreaterThan(100);
    expect(new Set(report.results.map((r) => r.endpoint)).size).toBe(25);
  });
});
