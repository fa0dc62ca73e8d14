import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flatPages, runCli, startServer, type TestServer } from "./conformance/fake-api.ts";
import { checkApi, formatReport, type Report } from "./conformance.ts";

describe("checkApi against a server answering pages in the flat form", () => {
  let server: TestServer;
  let report: Report;

  beforeAll(async () => {
    server = await startServer(flatPages);
    report = await checkApi(server.base, { timeout: 5000 });
  });
  afterAll(() => server.stop());

  it("passes every call, follows ids found in flat pages, and names the form it saw", () => {
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(2 * (18 + 5 + 4 + 3 + 3 + 3 + 6 + 4));
    const pages = report.results.filter((r) => r.endpoint === "news");
    expect(new Set(pages.map((r) => r.form))).toEqual(new Set(["flat"]));
    const text = formatReport(report);
    expect(text).toContain("paged /api/news: flat form");
    expect(text).toContain("paged /api/NotCompleted-projects: flat form");
    expect(text).not.toContain("nested form");
  });
});

describe("checkApi against a conforming server", () => {
  let server: TestServer;
  let report: Report;

  beforeAll(async () => {
    server = await startServer();
    report = await checkApi(`${server.base}/`, { timeout: 5000 });
  });
  afterAll(() => server.stop());

  it("passes every call and warns about nothing", () => {
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.warnings).toEqual([]);
    // 18 lists + news (no page, 3 pages, past end) + completed (no page, 2, past) + current
    // (no page, 1, past) + services (2 ids + unknown) + extra pages (2 + unknown) + news (5 +
    // unknown) + projects (3 + unknown), each in two languages.
    expect(report.passed).toBe(2 * (18 + 5 + 4 + 3 + 3 + 3 + 6 + 4));
    expect(report.failed).toBe(0);
    expect(report.base).toBe(server.base);
  });

  it("sends Accept: application/json and a lang header, every path in both languages", () => {
    expect(server.requests.length).toBe(report.results.length);
    expect(new Set(server.requests.map((r) => r.accept))).toEqual(new Set(["application/json"]));
    const byUrl = new Map<string, string[]>();
    for (const r of server.requests) byUrl.set(r.url, [...(byUrl.get(r.url) ?? []), r.lang ?? ""]);
    for (const [url, langs] of byUrl) expect([url, langs.sort()]).toEqual([url, ["ar", "en"]]);
  });

  it("calls every page, the page past the end and the page without ?page", () => {
    const news = report.results.filter((r) => r.endpoint === "news" && r.lang === "en");
    expect(news.map((r) => r.path)).toEqual([
      "/api/news",
      "/api/news?page=1",
      "/api/news?page=2",
      "/api/news?page=3",
      "/api/news?page=4",
    ]);
    expect(
      report.results
        .filter((r) => r.endpoint === "currentProjects" && r.lang === "ar")
        .map((r) => r.path),
    ).toEqual([
      "/api/NotCompleted-projects",
      "/api/NotCompleted-projects?page=1",
      "/api/NotCompleted-projects?page=2",
    ]);
  });

  it("checks detail ids taken from the lists, and an unknown id answering 404", () => {
    const paths = (endpoint: string) =>
      report.results
        .filter((r) => r.endpoint === endpoint && r.lang === "en")
        .map((r) => [r.path, r.status]);
    expect(paths("service")).toEqual([
      ["/api/services/1", 200],
      ["/api/services/2", 200],
      ["/api/services/999999999", 404],
    ]);
    expect(paths("extraPage")).toEqual([
      ["/api/extra-pages/10", 200],
      ["/api/extra-pages/11", 200],
      ["/api/extra-pages/999999999", 404],
    ]);
    expect(paths("newsItem")).toHaveLength(6);
    expect(paths("project")).toEqual([
      ["/api/projects/7", 200],
      ["/api/projects/8", 200],
      ["/api/projects/9", 200],
      ["/api/projects/999999999", 404],
    ]);
  });

  it("keeps at most 4 requests in flight", () => {
    expect(server.maxInFlight).toBeLessThanOrEqual(4);
    expect(server.maxInFlight).toBeGreaterThanOrEqual(2);
  });

  it("formats one line per call and the summary last", () => {
    const text = formatReport(report);
    const lines = text.trimEnd().split("\n");
    expect(lines.at(-1)).toBe(`${report.passed} passed, 0 failed`);
    expect(lines.filter((l) => /\s(PASS|FAIL)(\s|$)/.test(l))).toHaveLength(report.results.length);
    expect(lines).toContainEqual(expect.stringMatching(/^\/api\/news\?page=4 +ar {2}200 {2}PASS$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^\/api\/projects\/999999999 +en {2}404 {2}PASS$/),
    );
    expect(lines).toContain("paged /api/news: nested form { data: { data: [...], pagination } }");
  });

  it("the command line exits 0 with the summary alone on the last line", async () => {
    const { code, stdout, stderr } = await runCli(["--base", server.base, "--timeout", "5000"]);
    expect(stderr).toBe("");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(`${report.passed} passed, 0 failed`);
    expect(code).toBe(0);
  });
});
