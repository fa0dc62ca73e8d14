/**
 * The sitemap at scale (`npm run bench -- --only sitemap`, and part of every full run): a
 * content API in memory with 20,000 news and 5,000 projects (half completed, half current) in
 * both languages, nine to a page as API.md's example, and the production site reading it.
 * Measured: the time to build `/sitemap.xml` cold, the API requests it took and how many ran
 * at once, the site's peak memory, the bytes of the index and its parts, and that a second
 * request, every part and a missing part cost no further API request.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fixed, kb, table } from "./format.ts";
import { progress } from "./processes.ts";
import { memoryOf, rawGet, startSite } from "./site.ts";

const SCALE = { news: 20_000, projects: 5_000, perPage: 9 };

export interface SitemapFigures {
  news: number;
  projects: number;
  buildMs: number;
  apiRequests: number;
  mostAtOnce: number;
  peakRssMb?: number;
  rssBeforeMb?: number;
  files: { path: string; status: number; bytes: number; urls: number }[];
  secondMs: number;
  requestsAfterBuild: number;
}

/** API.md's paged form (nested), one page of `items`. */
function pageOf(items: number, page: number, make: (id: number) => object) {
  const last = Math.max(1, Math.ceil(items / SCALE.perPage));
  const first = (page - 1) * SCALE.perPage;
  const data = [];
  for (let i = first; i < Math.min(items, first + SCALE.perPage); i++) data.push(make(items - i));
  return {
    data: { data, pagination: { current_page: page, last_page: last, per_page: 9, total: items } },
  };
}

/** The content API in memory; counts what it is asked and how much at once. */
async function startScaleApi() {
  const stats = { requests: 0, inFlight: 0, most: 0 };
  const half = SCALE.projects / 2;
  const day = (id: number) => new Date(Date.UTC(2020, 0, 1) + id * 3_600_000).toISOString();
  const news = (lang: string) => (id: number) => ({
    id,
    title: `${lang === "ar" ? "خبر" : "News"} ${id}`,
    image: `/storage/news/${id}.jpg`,
    description: "A short description of the news item.",
    created_at: day(id),
  });
  const project = (id: number) => ({
    id,
    title: `Project ${id}`,
    client: "Client",
    date: day(id).slice(0, 10),
    amount: "12,500,000 SAR",
  });
  const server = http.createServer((req, res) => {
    stats.requests++;
    stats.inFlight++;
    stats.most = Math.max(stats.most, stats.inFlight);
    const url = new URL(req.url ?? "/", "http://api");
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
    const lang = req.headers.lang === "ar" ? "ar" : "en";
    let body: object | undefined;
    if (url.pathname === "/api/news") body = pageOf(SCALE.news, page, news(lang));
    else if (url.pathname === "/api/Completed-projects") body = pageOf(half, page, project);
    else if (url.pathname === "/api/NotCompleted-projects") {
      body = pageOf(half, page, (id) => project(id + half));
    } else if (["/api/services", "/api/extra-pages"].includes(url.pathname)) body = { data: [] };
    // A little like a real API: an answer takes a moment.
    setTimeout(() => {
      stats.inFlight--;
      res.writeHead(body ? 200 : 404, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body ?? { message: "Not found" }));
    }, 1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, stats, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Until the API has had no request for two seconds (at most five minutes). */
async function untilQuiet(stats: { requests: number }): Promise<void> {
  const started = Date.now();
  for (let seen = -1; seen !== stats.requests; ) {
    if (Date.now() - started > 300_000) throw new Error("the API was never quiet for 2 s");
    seen = stats.requests;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  progress(
    `sitemap: the site's start-up reads ended after ${fixed((Date.now() - started) / 1000, 0)} s`,
  );
}

export async function sitemapAtScale(options: {
  port: number;
  buildDir: string;
  dataDir: string;
  logFile: string;
}): Promise<SitemapFigures> {
  const api = await startScaleApi();
  progress(`sitemap at scale: ${SCALE.news} news, ${SCALE.projects} projects per language`);
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  try {
    site = await startSite(
      options.port,
      {
        BUILD_DIR: options.buildDir,
        API_BASE_URL: api.url,
        SITE_URL: "https://www.example.com",
        OUTBOX_DATABASE_PATH: path.join(options.dataDir, "sitemap-outbox.sqlite"),
        ANSWER_STORE_PATH: path.join(options.dataDir, "sitemap-answers.sqlite"),
        IMAGE_CACHE_DIR: path.join(options.dataDir, "sitemap-images"),
        ACCESS_LOG: "false",
        WORKERS: "1",
      },
      options.logFile,
    );
    // Site search reads every list for its indexes a second after the start (app.ts): once it
    // has, what is counted below is the sitemap's alone.
    await untilQuiet(api.stats);
    const requestsBefore = api.stats.requests;
    api.stats.most = 0;
    const rssBeforeMb = memoryOf(site.pid)?.rssMb;
    const started = performance.now();
    const index = await rawGet(`${site.url}/sitemap.xml`, "identity");
    const buildMs = performance.now() - started;
    const apiRequests = api.stats.requests - requestsBefore;
    const peakRssMb = memoryOf(site.pid)?.peakRssMb;
    const urlsIn = (body: Buffer) => body.toString().split("<loc>").length - 1;
    const files = [
      {
        path: "/sitemap.xml",
        status: index.status,
        bytes: index.body.length,
        urls: urlsIn(index.body),
      },
    ];
    const parts = index.body.toString().match(/\/sitemap\/\d+\.xml/g) ?? [];
    for (const part of [...parts, "/sitemap/99.xml", "/sitemap/99.xml"]) {
      const answer = await rawGet(site.url + part, "identity");
      files.push({
        path: part,
        status: answer.status,
        bytes: answer.body.length,
        urls: urlsIn(answer.body),
      });
    }
    const again = performance.now();
    await rawGet(`${site.url}/sitemap.xml`, "identity");
    const secondMs = performance.now() - again;
    return {
      news: SCALE.news,
      projects: SCALE.projects,
      buildMs,
      apiRequests,
      mostAtOnce: api.stats.most,
      peakRssMb,
      rssBeforeMb,
      files,
      secondMs,
      requestsAfterBuild: api.stats.requests - requestsBefore - apiRequests,
    };
  } finally {
    await site?.stop();
    await api.close();
  }
}

export function printSitemap(figures: SitemapFigures): void {
  console.log(
    table(
      `Sitemap of ${figures.news} news and ${figures.projects} projects per language`,
      ["measure", "value"],
      [
        ["build, cold (s)", fixed(figures.buildMs / 1000, 1)],
        ["API requests", String(figures.apiRequests)],
        ["API requests at once, most", String(figures.mostAtOnce)],
        ["site RSS before (MB)", fixed(figures.rssBeforeMb)],
        ["site peak RSS (MB)", fixed(figures.peakRssMb)],
        ["second /sitemap.xml (ms)", fixed(figures.secondMs, 1)],
        ["API requests after the build", String(figures.requestsAfterBuild)],
      ],
    ),
  );
  console.log(
    table(
      "Sitemap files",
      ["file", "status", "KB", "addresses"],
      figures.files.map((file) => [
        file.path,
        String(file.status),
        kb(file.bytes),
        String(file.urls),
      ]),
    ),
  );
}
