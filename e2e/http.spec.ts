/**
 * The site as an HTTP server, without a browser: production mode, methods other than GET,
 * errors that escape the router, and media downloads that cannot take the process down.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { apiData, type Lang, languages, type Paged } from "./support/content.ts";
import { E2E_API_PORT, E2E_PORT, e2eStorageDir } from "./support/env.ts";
import { type RunningSite, startSite } from "./support/site.ts";
import { expect, test } from "./support/test.ts";

const reportModuleLoads = path.join(import.meta.dirname, "support/report-module-loads.ts");

// No browser involved, so one width is enough.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

/** Signs that a server exposed its internals. */
const internals = /\bat [\w.<>]+ \(|node_modules|\/work\/|\/src\/|\.ts:\d+|Error: /;

/** One page of each kind in `lang`, detail pages taken from the API. */
async function pagesOf(lang: Lang): Promise<string[]> {
  const news = await apiData<Paged<{ id: number }>>("/api/news", lang);
  const projects = await apiData<Paged<{ id: number }>>("/api/Completed-projects", lang);
  return [
    `/${lang}`,
    `/${lang}/news`,
    `/${lang}/news/${news.data[0]?.id}`,
    `/${lang}/projects/${projects.data[0]?.id}`,
    `/${lang}/contactUs`,
    `/${lang}/no-such-page`,
  ];
}

/** One request with any method (fetch refuses TRACE): status, headers and body. */
function send(url: string, method: string) {
  return new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
    const req = http.request(url, { method }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

test.describe("methods other than GET", () => {
  test.describe.configure({ mode: "serial" });
  let site: RunningSite;

  test.beforeAll(async () => {
    // A server of its own, so its log can be read; it reads the test run's reference API.
    site = await startSite(
      { API_BASE_URL: `http://127.0.0.1:${E2E_API_PORT}`, NODE_ENV: "" },
      { nodeArgs: ["--import", reportModuleLoads] },
    );
  });
  test.afterAll(() => site?.stop());

  test("the production start runs in production mode", () => {
    expect(site.output()).toContain("(production mode)");
  });

  test("one access-log line per request, without the query, saying whether the page was kept", async () => {
    const secret = "visitor@example.com";
    expect((await fetch(`${site.url}/ar/news?page=1&email=${secret}`)).status).toBe(200);
    // The second is answered from the page cache before Express sees it (cached-answers.ts).
    expect((await fetch(`${site.url}/ar/news`)).headers.get("X-Cache")).toBe("HIT");
    const line = (cache: string) =>
      expect.objectContaining({
        level: "info",
        component: "http",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        method: "GET",
        status: 200,
        ms: expect.any(Number),
        cache,
      });
    await expect
      .poll(() => site.logged().filter((line) => line.path === "/ar/news"))
      .toEqual([line("MISS"), line("HIT")]);
    expect(site.output()).not.toContain(secret);
  });

  test("with API_BASE_URL set, none of the reference API's code is loaded", async () => {
    expect((await fetch(`${site.url}/en/news`)).status).toBe(200);
    expect(site.output()).not.toContain("[loaded]");
  });

  for (const lang of languages) {
    test(`every page answers other methods with 405 and Allow, without internals (${lang})`, async () => {
      for (const page of await pagesOf(lang)) {
        const takesPost = page.endsWith("/contactUs");
        const allow = takesPost ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS";
        for (const method of ["PUT", "PATCH", "DELETE", "TRACE", ...(takesPost ? [] : ["POST"])]) {
          const answer = await send(site.url + page, method);
          expect([page, method, answer.status, answer.allow]).toEqual([page, method, 405, allow]);
          expect(answer.body).not.toMatch(internals);
        }
        const options = await send(site.url + page, "OPTIONS");
        expect([page, options.status, options.allow]).toEqual([page, 204, allow]);
      }
      expect(site.output()).not.toContain("Invalid request method");
      expect(site.output()).not.toMatch(/^\s+at /m);
    });
  }

  test("a missing asset, a malformed address and an over-long one get the error screen, no internals", async () => {
    for (const [address, status] of [
      ["/assets/no-such-file-1a2b3c.js", 404],
      ["/ar/news/%E0%A4%A", 400],
      ["/en/news/%", 400],
      ["/%FF", 400],
      ["/%09/a.b", 400],
      ["/%0a/sitemap.xml", 400],
      ["/en/news/a%0Db", 400],
      [`/en/${"a".repeat(5_000)}`, 414],
    ] as const) {
      const answer = await fetch(site.url + address);
      const html = await answer.text();
      expect([address, answer.status]).toEqual([address, status]);
      // Refused before anything reads them, with the headers of every answer all the same.
      expect(answer.headers.get("x-content-type-options"), address).toBe("nosniff");
      expect(answer.headers.get("x-frame-options"), address).toBe("DENY");
      expect(html).toContain('data-testid="error-screen"');
      expect(html).not.toMatch(internals);
    }
    expect(site.output()).not.toMatch(/^\s+at /m);
  });
});

test("WORKERS=2: the demo is served by two server processes sharing the port", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workers-"));
  const site = await startSite({
    WORKERS: "2",
    API_DATABASE_PATH: path.join(dir, "content.sqlite"),
    API_STORAGE_DIR: e2eStorageDir,
    OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
    IMAGE_CACHE_DIR: path.join(dir, "images"),
  });
  try {
    expect(site.output()).toContain("with 2 server processes");
    const news = await apiData<Paged<{ id: number; image: string | null }>>("/api/news", "en");
    const image = news.data.find((item) => item.image)?.image ?? "";
    const media = new URL(image, site.url).pathname;
    const answers = await Promise.all(
      ["/en/news", "/ar/news", "/en", "/ar", media].map((page) => fetch(site.url + page)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const resized = await fetch(`${site.url}/img?src=${encodeURIComponent(media)}&w=480`);
    expect(resized.status).toBe(200);
  } finally {
    await site.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // Stopping the first process stops them all: nothing answers on the port any more.
  await expect(fetch(site.url)).rejects.toThrow();
});

test.describe("media downloads", () => {
  // A 40 MB media file per test: the tests may run at once in two workers, and one's clean-up
  // must not delete the file another is downloading.
  let name = "";
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => {
    name = `e2e-large-${testInfo.testId}.bin`;
    fs.mkdirSync(e2eStorageDir, { recursive: true });
    const handle = fs.openSync(path.join(e2eStorageDir, name), "w");
    fs.ftruncateSync(handle, 40 * 1024 * 1024);
    fs.closeSync(handle);
  });
  test.afterEach(() => fs.rmSync(path.join(e2eStorageDir, name), { force: true }));

  test("on SIGTERM a download in flight finishes, and new visitors are turned away", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drain-"));
    const site = await startSite({
      API_DATABASE_PATH: path.join(dir, "content.sqlite"),
      API_STORAGE_DIR: e2eStorageDir,
      OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
    });
    let stopped: Promise<void> | undefined;
    try {
      const received = await new Promise<number>((resolve, reject) => {
        const req = http.get(`${site.url}/storage/${name}`, (response) => {
          let bytes = 0;
          response.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
            stopped ??= site.stop(); // told to stop while the file is on its way
          });
          response.on("end", () => resolve(bytes));
          response.on("error", reject);
        });
        req.on("error", reject);
      });
      expect(received).toBe(40 * 1024 * 1024);
      await expect(fetch(`${site.url}/en`)).rejects.toThrow();
    } finally {
      await (stopped ?? site.stop());
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a slow download of a large file, left midway, does not take the site down", async ({
    request,
  }) => {
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${E2E_PORT}/storage/${name}`, (response) => {
        expect(response.statusCode).toBe(200);
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          // A slow reader: a pause after each chunk, then gone after about 1 MB.
          response.pause();
          if (bytes > 1024 * 1024) {
            req.destroy();
            resolve(bytes);
          } else setTimeout(() => response.resume(), 20);
        });
      });
      req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    });
    expect(received).toBeLessThan(40 * 1024 * 1024);
    for (const page of ["/en", "/ar/news"]) expect((await request.get(page)).status()).toBe(200);
    const whole = await request.get(`/storage/${name}`);
    expect(whole.status()).toBe(200);
    expect((await whole.body()).length).toBe(40 * 1024 * 1024);
  });
});
