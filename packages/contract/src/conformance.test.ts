import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallResult, checkApi, formatReport, type Report, sample } from "./conformance.ts";

// ---------------------------------------------------------------------------------------------
// A small server that follows API.md, with a hook to break single answers.

type Lang = "en" | "ar";
interface Reply {
  status?: number;
  body?: unknown;
  raw?: string;
  contentType?: string;
  /** Never answer (the checker's time-out must fire). */
  hang?: boolean;
}
interface Request {
  path: string;
  page: string | null;
  lang: Lang;
  url: string;
}
type Override = (request: Request, normal: Reply) => Reply | undefined;

const say = (lang: Lang, en: string, ar: string) => (lang === "ar" ? ar : en);
const PER_PAGE = 2;

function content(lang: Lang) {
  const news = [1, 2, 3, 4, 5].map((id) => ({
    id,
    title: say(lang, `News ${id}`, `خبر ${id}`),
    image: `/storage/news/${id}.jpg`,
    description: say(lang, "Short", "موجز"),
    created_at: `2024-0${id}-12T09:30:00.000000Z`,
  }));
  const completed = [7, 8, 9].map((id) => ({
    id,
    title: say(lang, `Project ${id}`, `مشروع ${id}`),
    client: say(lang, "City", "البلدية"),
    date: "2023-04-30",
    amount: id === 7 ? "12,500,000 SAR" : 12500000,
  }));
  const services = [1, 2].map((id) => ({
    id,
    title: say(lang, `Service ${id}`, `خدمة ${id}`),
    banner_image: "https://cdn.example.com/b.jpg",
    icon: "/storage/i.svg",
    white_icon: "",
    description: null,
    meta_title: say(lang, "Services", "الخدمات"),
  }));
  const extraPages = [10, "11"].map((id) => ({ id, title: say(lang, `Page ${id}`, `صفحة ${id}`) }));
  const lists: Record<string, unknown[]> = {
    "/api/homepage-banners": [
      { id: 1, image: "/storage/b1.jpg", title: say(lang, "Build", "نبني"), subtitle: null },
      { id: 2, image: null, title: say(lang, "Roads", "طرق") },
    ],
    "/api/extra-data": [
      { icon: "/i.svg", title: say(lang, "Years", "سنوات"), content: "30", index: 1 },
    ],
    "/api/about-homepage": [
      { title: say(lang, "About", "من نحن"), content: "<p>x</p>", image: "/a.jpg", extra: 1 },
    ],
    "/api/homepage-projects": [{ id: 7, title: say(lang, "Tower", "برج"), homeimage: "/t.jpg" }],
    "/api/homepage-services": [
      { id: 1, title: say(lang, "Design", "تصميم"), icon: "/i.svg", white_icon: "/w.svg" },
    ],
    "/api/services": services,
    "/api/extra-pages": extraPages,
    "/api/our_profile": [{ pdf_download_url: "/storage/profile.pdf" }],
    "/api/contact-info": [{ title: say(lang, "Phone", "الهاتف"), info: "+966 11 000 0000" }],
    "/api/footers": [{ facebook: "https://facebook.com/co", x: null }],
    "/api/latest-projects": [
      { id: 9, title: say(lang, "Bridge", "جسر"), homeimage: "/9.jpg", created_at: "2024-05-12" },
      { id: 8, title: say(lang, "Road", "طريق"), homeimage: "", created_at: "2024-01-02" },
    ],
    "/api/isos": [
      {
        title: say(lang, "ISO", "الأيزو"),
        banner_img: "/iso.jpg",
        iso_images: [{ image: "/1.jpg" }],
      },
    ],
    "/api/overviews": [
      {
        banner_image: "/o.jpg",
        content: say(lang, "<p>We</p>", "<p>نحن</p>"),
        overview_images: [],
      },
    ],
    "/api/news-page": [{ title: say(lang, "News", "الأخبار"), description: "d", image: "/n.jpg" }],
    "/api/project-pages": [{ description: say(lang, "Projects", "المشاريع"), image: "/p.jpg" }],
    "/api/hse": [{ title: say(lang, "HSE", "السلامة"), content: "<p/>", banner_image: "/h.jpg" }],
    "/api/equipment-pages": [{ title: say(lang, "Equipment", "المعدات"), banner_image: "/e.jpg" }],
    "/api/equipments": [
      { id: 1, title: say(lang, "Crane", "رافعة"), image: "/c.jpg", quantity: 3 },
    ],
  };
  const pagedLists: Record<string, unknown[]> = {
    "/api/news": news,
    "/api/Completed-projects": completed,
    "/api/NotCompleted-projects": [],
  };
  const details: Record<string, (id: string) => unknown> = {
    "/api/services/": (id) => {
      const s = services.find((x) => String(x.id) === id);
      return s && { ...s, content: say(lang, "<p>Service</p>", "<p>خدمة</p>") };
    },
    "/api/extra-pages/": (id) => {
      const p = extraPages.find((x) => String(x.id) === id);
      return p && { ...p, content: "<p>page</p>", image: null };
    },
    "/api/news/": (id) => {
      const n = news.find((x) => String(x.id) === id);
      return n && { ...n, content: "<p>story</p>", banner_image: "" };
    },
    "/api/projects/": (id) => {
      const p = completed.find((x) => String(x.id) === id);
      return (
        p && {
          projects: {
            id: p.id,
            title: p.title,
            image: "/storage/projects/p.jpg",
            image_content: "<p>html</p>",
            client: p.client,
            location: say(lang, "Riyadh", "الرياض"),
            date: p.date,
            project_images: [{ name: `/storage/projects/${p.id}/1.jpg` }],
          },
          other_projects: completed
            .filter((o) => o.id !== p.id)
            .map((o) => ({ id: o.id, title: o.title, homeimage: null })),
        }
      );
    },
  };
  return { lists, pagedLists, details };
}

/** The answer a conforming server gives. */
function conforming({ path, page, lang }: Request): Reply {
  const { lists, pagedLists, details } = content(lang);
  const list = lists[path];
  if (list) return { body: { data: list } };
  const rows = pagedLists[path];
  if (rows) {
    const n = Math.max(1, Number.parseInt(page ?? "1", 10) || 1);
    const lastPage = Math.max(1, Math.ceil(rows.length / PER_PAGE));
    return {
      body: {
        data: {
          data: rows.slice((n - 1) * PER_PAGE, n * PER_PAGE),
          pagination: {
            current_page: n,
            last_page: lastPage,
            per_page: PER_PAGE,
            total: rows.length,
          },
        },
      },
    };
  }
  for (const [prefix, find] of Object.entries(details)) {
    if (!path.startsWith(prefix)) continue;
    const item = find(decodeURIComponent(path.slice(prefix.length)));
    return item ? { body: { data: item } } : { status: 404, body: { message: "Not found." } };
  }
  return { status: 404, body: { message: "Not found." } };
}

interface TestServer {
  base: string;
  requests: { url: string; lang: string | undefined; accept: string | undefined }[];
  maxInFlight: number;
  stop(): Promise<void>;
}

async function startServer(override?: Override, delayMs = 2): Promise<TestServer> {
  let inFlight = 0;
  const state: TestServer = { base: "", requests: [], maxInFlight: 0, stop: async () => {} };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const langHeader = req.headers.lang;
    const lang: Lang = langHeader === "ar" ? "ar" : "en";
    state.requests.push({
      url: req.url ?? "",
      lang: langHeader as string,
      accept: req.headers.accept,
    });
    const request: Request = {
      path: url.pathname,
      page: url.searchParams.get("page"),
      lang,
      url: req.url ?? "",
    };
    const normal = conforming(request);
    const reply = override?.(request, normal) ?? normal;
    if (reply.hang) return;
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(reply.status ?? 200, {
        "content-type": reply.contentType ?? "application/json; charset=utf-8",
      });
      res.end(reply.raw ?? JSON.stringify(reply.body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

const line = (report: Report, path: string, lang: Lang): CallResult => {
  const found = report.results.find((r) => r.path === path && r.lang === lang);
  if (!found) throw new Error(`no line for ${path} [${lang}]`);
  return found;
};

const checkApiScript = fileURLToPath(new URL("./check-api.ts", import.meta.url));

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [checkApiScript, ...args], { stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

// ---------------------------------------------------------------------------------------------

describe("sample", () => {
  it("keeps short lists and spreads long ones, first and last included", () => {
    expect(sample([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(sample([1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([1, 3, 5, 7, 9]);
    expect(sample([1, 2, 3], 1)).toEqual([1]);
    expect(sample([1, 2, 3], 0)).toEqual([]);
  });
});

/** The same server answering pages in API.md's flat form, `{ data: [...], pagination }`. */
const flatPages: Override = (_request, normal) => {
  const page = (normal.body as { data?: { data?: unknown; pagination?: unknown } } | undefined)
    ?.data;
  return page && Array.isArray(page.data) && page.pagination
    ? { body: { data: page.data, pagination: page.pagination, links: {} } }
    : undefined;
};

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
    report = await checkApi(server.base, { timeout: 400 });
  });
  afterAll(() => server.stop());

  it("names the field of a wrong type", () => {
    expect(line(report, "/api/homepage-banners", "en")).toMatchObject({
      ok: false,
      status: 200,
      reason: "data[1].title: Invalid input: expected string, received number",
    });
    expect(line(report, "/api/homepage-banners", "ar")).toMatchObject({ ok: true });
  });

  it("catches a missing envelope", () => {
    for (const lang of ["en", "ar"] as const) {
      expect(line(report, "/api/contact-info", lang)).toMatchObject({
        ok: false,
        reason: 'no { "data" } envelope: the body is a list',
      });
      expect(line(report, "/api/overviews", lang)).toMatchObject({
        ok: false,
        reason: 'no { "data" } envelope: the body has no "data" field',
      });
    }
  });

  it("catches a page past the end that still has data", () => {
    expect(line(report, "/api/news?page=4", "en")).toMatchObject({
      ok: false,
      status: 200,
      reason: "data.data: expected [] past the last page, got 1 item",
    });
    expect(line(report, "/api/news?page=3", "en")).toMatchObject({ ok: true });
  });

  it("catches a server that ignores ?page", () => {
    expect(line(report, "/api/Completed-projects?page=2", "ar")).toMatchObject({
      ok: false,
      reason: "data.pagination.current_page: expected 2, got 1",
    });
  });

  it("catches a 500 on a detail and a 200 for an unknown id", () => {
    expect(line(report, "/api/services/2", "en")).toMatchObject({
      ok: false,
      status: 500,
      reason: "expected status 200, got 500",
    });
    expect(line(report, "/api/services/1", "en")).toMatchObject({ ok: true });
    expect(line(report, "/api/extra-pages/999999999", "ar")).toMatchObject({
      ok: false,
      status: 200,
      reason: "expected status 404 for an unknown id, got 200",
    });
  });

  it("catches a detail answering for another id", () => {
    expect(line(report, "/api/projects/8", "en")).toMatchObject({
      ok: false,
      reason: "data.projects.id: asked for 8, got 7",
    });
  });

  it("catches an answer that is not JSON and one that never comes", () => {
    expect(line(report, "/api/equipments", "ar")).toMatchObject({
      ok: false,
      status: 200,
      reason: "not JSON (content-type: text/html)",
    });
    expect(line(report, "/api/hse", "ar")).toMatchObject({
      ok: false,
      status: null,
      reason: "timeout after 400 ms",
    });
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
      expect.stringMatching(/^\/api\/hse +ar {2}--- {2}FAIL {2}timeout after 400 ms$/),
    );
    expect(lines).toContainEqual(
      "warning: /api/isos: the Arabic answer is byte-identical to the English one",
    );
    expect(lines.at(-1)).toBe(`${report.passed} passed, 17 failed`);
  });

  it("the command line exits 1", async () => {
    const { code, stdout } = await runCli(["--base", server.base, "--timeout", "400"]);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(`${report.passed} passed, 17 failed`);
    expect(code).toBe(1);
  });
});

describe("check-api arguments", () => {
  it.each([
    [[], "check-api: --base URL is required (see --help)"],
    [["--base", "not a url"], 'check-api: --base "not a url" is not a URL (see --help)'],
    [
      ["--base", "ftp://x"],
      "check-api: --base must be an http:// or https:// URL, got ftp: (see --help)",
    ],
    [
      ["--base", "http://x", "--timeout", "soon"],
      'check-api: --timeout must be a positive number of milliseconds, got "soon" (see --help)',
    ],
    [["--base", "http://x", "--bogus"], "check-api: Unknown option '--bogus' (see --help)"],
  ])("%j exits 2 with one readable line", async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`${message}\n`);
  });

  it("--help prints the usage and exits 0", async () => {
    const { code, stdout } = await runCli(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: npm run check-api -- --base URL [--timeout MS]");
  });

  it("a server that is not there fails every call, with the reason", async () => {
    const server = await startServer();
    const base = server.base;
    await server.stop();
    const report = await checkApi(base, { timeout: 2000 });
    expect(report.passed).toBe(0);
    expect(report.results.length).toBeGreaterThan(40);
    expect(new Set(report.results.map((r) => r.reason))).toEqual(
      new Set(["no answer (ECONNREFUSED)"]),
    );
  });
});
