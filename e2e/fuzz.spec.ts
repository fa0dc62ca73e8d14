/**
 * Hostile and odd input, over HTTP: hundreds of generated requests to the production site and
 * to the reference API (odd paths and ids, broken percent-encoding, long URLs and headers, odd
 * query strings, every method, malformed form bodies). Every answer must be deliberate (no
 * 5xx, no hang) and the server must still answer afterwards.
 */
import http from "node:http";
import { apiData, languages, type Paged } from "./support/content.ts";
import { E2E_API_PORT, E2E_PORT } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

// No browser involved, so one width is enough.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const ids = [
  "-1",
  "0",
  "99999999999999999999",
  "abc",
  "1.5",
  "1e9",
  "01",
  "1;DROP%20TABLE%20news",
  "..%2F..%2Fetc%2Fpasswd",
  "%00",
  "%27%20OR%201=1%20--",
  "<script>",
];
const pages = [
  "",
  "/news",
  "/services",
  "/projects",
  "/CompletedProjects",
  "/CurrentProjects",
  "/overview",
  "/HSE",
  "/equipment",
  "/iso",
  "/contactUs",
  "/soso",
];
const detail = [
  "/news/",
  "/services/",
  "/projects/",
  "/CompletedProjects/",
  "/CurrentProjects/",
  "/otherPages/",
];
const queries = [
  "?page=-1",
  "?page=1e9",
  "?page[]=1",
  "?page=1&page=2",
  "?page=%FF",
  "?page=",
  "?=&&=",
  `?q=${"x".repeat(3000)}`,
];
const broken = [
  "/%",
  "/%FF",
  "/%00",
  "/en/%E0%A4%A",
  "/en/news/%",
  "/EN",
  "/Ar/News",
  "/fr",
  "/en//news",
  "/en/news/../../etc/passwd",
  "/.env",
  "/en/news.data?_routes=%00",
  `/${"a".repeat(5000)}`,
];
const methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"];

/** The generated requests to the site: well over 500. */
function siteProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const lang of ["en", "ar"]) {
    for (const page of pages)
      for (const query of queries) probes.push({ method: "GET", path: `/${lang}${page}${query}` });
    for (const base of detail)
      for (const id of ids) probes.push({ method: "GET", path: `/${lang}${base}${id}` });
    for (const page of pages)
      for (const method of methods) probes.push({ method, path: `/${lang}${page}` });
  }
  for (const path of broken) probes.push({ method: "GET", path });
  probes.push({ method: "GET", path: "/en", headers: { "X-Long": "x".repeat(12_000) } });
  probes.push({
    method: "GET",
    path: "/en",
    headers: { Cookie: `lang=${"a".repeat(4000)}`, "Accept-Language": "*;q=abc" },
  });
  const form = "application/x-www-form-urlencoded";
  for (const body of [
    "",
    "name",
    "name=%ZZ",
    "a=1&".repeat(5000),
    "name[]=x&email[][]=y",
    "\u0000\u0001",
    JSON.stringify({ name: 1 }),
  ]) {
    for (const type of [
      form,
      "multipart/form-data; boundary=x",
      "application/json",
      "text/plain",
    ]) {
      probes.push({
        method: "POST",
        path: "/en/contactUs",
        headers: { "Content-Type": type },
        body,
      });
    }
  }
  probes.push({
    method: "POST",
    path: "/ar/contactUs",
    headers: { "Content-Type": form },
    body: `message=${"x".repeat(40_000)}`,
  });
  return probes;
}

/** The generated requests to the reference API. */
function apiProbes(): Probe[] {
  const probes: Probe[] = [];
  const paths = [
    "/api/news",
    "/api/services",
    "/api/Completed-projects",
    "/api/current-projects",
    "/api/extra-pages",
    "/api/projects",
    "/api/nothing",
  ];
  for (const path of paths) {
    for (const id of ids) probes.push({ method: "GET", path: `${path}/${id}` });
    for (const query of queries)
      probes.push({ method: "GET", path: `${path}${query}`, headers: { lang: "xx" } });
    for (const method of methods) probes.push({ method, path });
  }
  for (const path of broken) probes.push({ method: "GET", path: `/api${path}` });
  for (const body of [
    "",
    "{",
    "[]",
    "null",
    '{"name":1,"email":[],"message":{}}',
    "x".repeat(70_000),
  ]) {
    probes.push({
      method: "POST",
      path: "/api/contact-us",
      headers: { "Content-Type": "application/json" },
      body,
    });
  }
  return probes;
}

/** Sends one raw request (paths exactly as written) and resolves with its status. */
function send(port: number, probe: Probe): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: probe.method,
        path: probe.path,
        headers: probe.headers,
        timeout: 25_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`no answer to ${probe.method} ${probe.path.slice(0, 80)}`)),
    );
    req.on("error", reject);
    req.end(probe.body);
  });
}

async function run(port: number, probes: Probe[]) {
  const failures: string[] = [];
  // A few at a time, as a small crowd would.
  for (let i = 0; i < probes.length; i += 8) {
    const batch = probes.slice(i, i + 8);
    const statuses = await Promise.all(batch.map((probe) => send(port, probe).catch(() => 0)));
    statuses.forEach((status, j) => {
      const probe = batch[j];
      if (!probe) return;
      // 2xx, 3xx, 4xx and 405 are deliberate; 0 is no answer at all.
      if (status === 0 || status >= 500)
        failures.push(`${status} ${probe.method} ${probe.path.slice(0, 100)}`);
    });
  }
  return failures;
}

test("the site answers hundreds of hostile requests deliberately, then keeps serving", async () => {
  test.setTimeout(240_000);
  const probes = siteProbes();
  expect(probes.length).toBeGreaterThanOrEqual(500);
  expect(await run(E2E_PORT, probes)).toEqual([]);
  for (const path of ["/en", "/ar/news"])
    expect(await send(E2E_PORT, { method: "GET", path })).toBe(200);
});

test("the reference API does too", async () => {
  test.setTimeout(120_000);
  const probes = apiProbes();
  expect(await run(E2E_API_PORT, probes)).toEqual([]);
  expect(await send(E2E_API_PORT, { method: "GET", path: "/api/news" })).toBe(200);
});

test("zero-padded ids redirect to the plain id, so an item is cached once", async () => {
  const news = await apiData<Paged<{ id: number }>>("/api/news", "en");
  const id = news.data[0]?.id;
  for (const lang of languages) {
    const response = await fetch(`http://127.0.0.1:${E2E_PORT}/${lang}/news/00${id}?page=1`, {
      redirect: "manual",
    });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/${lang}/news/${id}?page=1`);
  }
});
