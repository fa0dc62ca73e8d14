import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkApi } from "../conformance.ts";
import {
  conforming,
  line,
  type Override,
  runCli,
  startServer,
  type TestServer,
} from "./fake-api.ts";
import { type CallResult, formatReport, type Report } from "./report.ts";

/**
 * Long enough for every answer on a busy machine (a time-out on another call would fail it
 * too), short enough for the one answer that never comes.
 */
const timeout = 2000;

describe("checkApi against a server that breaks the contract", () => {
  let server: TestServer;
  let report: Report;

  const breakages: Override = ({ path, page, lang, url }, normal) => {
    const body = normal.body as { data: unknown };
    if (path === "/api/homepage-banners" && lang === "en") {
      const data = structuredClone(body.data) as { title: unknown }[];
      (data[1] as { title: unknown }).title = 123;
      return { body: { data } };
    }
    if (path === "/api/contact-info") return { body: body.data };
    if (path === "/api/overviews") return { body: { items: body.data } };
    if (path === "/api/equipments" && lang === "ar")
      return { raw: "<!doctype html><p>Oops</p>", contentType: "text/html" };
    if (path === "/api/hse" && lang === "ar") return { hang: true };
    if (path === "/api/isos" && lang === "ar") return conforming({ path, page, lang: "en", url });
    if (path === "/api/news" && page === "4") return conforming({ path, page: "3", lang, url }); // the last page again, not []
    if (path === "/api/Completed-projects" && page === "2")
      return conforming({ path, page: "1", lang, url }); // ?page ignored
    if (path === "/api/services/2") return { status: 500, body: { message: "Server Error" } };
    if (path === "/api/extra-pages/999999999")
      return { body: { data: { id: 1, title: "x", content: "" } } };
    if (path === "/api/projects/8") return conforming({ path: "/api/projects/7", page, lang, url });
    if (path === "/api/news/999999999")
      return { status: 404, raw: "Not Found", contentType: "text/plain" };
    return undefined;
  };

  beforeAll(async () => {
    server = await startServer(breakages);
    report = await checkApi(server.base, { timeout });
  });
  afterAll(() => server.stop());

  const passes = { ok: true };
  const fails = (reason: string, status?: number | null) =>
    status === undefined ? { ok: false, reason } : { ok: false, status, reason };
  /** The line of each call named ("path lang"): what it must say. */
  const expectedLines: Record<string, Partial<CallResult>> = {
    // A field of a wrong type is named; the other language's list passes.
    "/api/homepage-banners en": fails(
      "data[1].title: Invalid input: expected string, received number",
      200,
    ),
    "/api/homepage-banners ar": passes,
    // A missing envelope.
    "/api/contact-info en": fails('no { "data" } envelope: the body is a list'),
    "/api/contact-info ar": fails('no { "data" } envelope: the body is a list'),
    "/api/overviews en": fails('no { "data" } envelope: the body has no "data" field'),
    "/api/overviews ar": fails('no { "data" } envelope: the body has no "data" field'),
    // A page past the end that still has data; the last page itself passes.
    "/api/news?page=4 en": fails("data.data: expected [] past the last page, got 1 item", 200),
    "/api/news?page=3 en": passes,
    // A server that ignores ?page.
    "/api/Completed-projects?page=2 ar": fails("data.pagination.current_page: expected 2, got 1"),
    // A 500 on a detail (the other detail passes) and a 200 for an unknown id.
    "/api/services/2 en": fails("expected status 200, got 500", 500),
    "/api/services/1 en": passes,
    "/api/extra-pages/999999999 ar": fails("expected status 404 for an unknown id, got 200", 200),
    // A detail answering for another id.
    "/api/projects/8 en": fails("data.projects.id: asked for 8, got 7"),
    // An answer that is not JSON, and one that never comes.
    "/api/equipments ar": fails("not JSON (content-type: text/html)", 200),
    "/api/hse ar": fails(`timeout after ${timeout} ms`, null),
  };

  it.each(Object.entries(expectedLines))("the line of %s", (call, expected) => {
    const [path = "", lang] = call.split(" ");
    expect(line(report, path, lang === "ar" ? "ar" : "en")).toMatchObject(expected);
  });

  it("fails exactly the broken calls", () => {
    expect(
      report.results
        .filter((r) => !r.ok)
        .map((r) => `${r.path} ${r.lang}`)
        .sort(),
    ).toEqual(
      [
        "/api/homepage-banners en",
        "/api/contact-info en",
        "/api/contact-info ar",
        "/api/overviews en",
        "/api/overviews ar",
        "/api/equipments ar",
        "/api/hse ar",
        "/api/news?page=4 en",
        "/api/news?page=4 ar",
        "/api/Completed-projects?page=2 en",
        "/api/Completed-projects?page=2 ar",
        "/api/services/2 en",
        "/api/services/2 ar",
        "/api/extra-pages/999999999 en",
        "/api/extra-pages/999999999 ar",
        "/api/projects/8 en",
        "/api/projects/8 ar",
      ].sort(),
    );
    expect(report.failed).toBe(17);
  });

  it("warns, without failing, about an identical Arabic list and a non-JSON 404 body", () => {
    expect(report.warnings).toEqual([
      "/api/isos: the Arabic answer is byte-identical to the English one",
      '/api/news/999999999 [en]: the 404 body is not { "message": "..." }',
      '/api/news/999999999 [ar]: the 404 body is not { "message": "..." }',
    ]);
    expect(line(report, "/api/isos", "ar")).toMatchObject({ ok: true });
  });

  it("prints the reason on the failing line and the summary last", () => {
    const lines = formatReport(report).trimEnd().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\/api\/homepage-banners +en {2}200 {2}FAIL {2}data\[1\]\.title: Invalid input: expected string, received number$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^/api/hse +ar {2}--- {2}FAIL {2}timeout after ${timeout} ms$`),
      ),
    );
    expect(lines).toContainEqual(
      "warning: /api/isos: the Arabic answer is byte-identical to the English one",
    );
    expect(lines.at(-1)).toBe(`${report.passed} passed, 17 failed`);
  });

  it("the command line exits 1", async () => {
    const { code, stdout } = await runCli(["--base", server.base, "--timeout", String(timeout)]);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(`${report.passed} passed, 17 failed`);
    expect(code).toBe(1);
  });
});
