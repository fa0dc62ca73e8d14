/**
 * Hostile and odd input, over HTTP: hundreds of generated requests to the production site and
 * to the reference API (odd paths and ids, broken percent-encoding, long URLs and headers, odd
 * query strings, every method, malformed form bodies), and those of issue 22: endless
 * spellings of one image at `/img`, dot segments through the media proxy, malformed `Host`
 * headers, tracking parameters, trailing slashes, zero-padded ids and letter case. Every answer
 * must be deliberate (no 5xx, no hang), the image folder must hold one file per size made, no
 * address may redirect in a loop, and the server must still answer afterwards.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { apiData, languages, type Paged } from "./support/content.ts";
import { E2E_API_PORT, E2E_PORT, e2eDataDir } from "./support/env.ts";
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

/** A demo image of the seed, as pages give it to `/img`. */
const image = "/storage/news/40-million-safe-hours-safety.webp";
/** The widths asked for it below: the image folder may then hold one file per width. */
const imageWidths = [480, 640, 960];

/** Spellings of that one image, the first its own. */
const imageSpellings = [
  image,
  `${image}?v=1`,
  `${image}%3Fv%3D1`,
  `${image}#1`,
  `${image}%231`,
  // Its folder written otherwise: dot segments, encoded and back slashes, a double slash.
  ...[
    "/news/x/../",
    "/news/./",
    "/news/%2e%2e/news/",
    "/x/%2E%2E/news/",
    "%2Fnews%2F",
    "/news\\",
    "/news%5C",
    "//news/",
  ].map((folder) => image.replace("/news/", folder)),
  image.replace("/storage/", "/storage/../storage/"),
  ...["%73afety", "s%61fety"].map((encoded) => image.replace("safety", encoded)),
  image.replace(".webp", ".svg"),
  "/storage/icons/logo.svg",
  "/storage/../api/news",
  `http://127.0.0.1:${E2E_API_PORT}/api/news`,
  `http://127.0.0.1:${E2E_API_PORT}${image}?x=1`,
  `https://elsewhere.example${image}`,
  `${image}${"a".repeat(2100)}`,
];

/** Issue 22's attacks: each must be refused or answered from what is already made. */
function hostileProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const src of imageSpellings) {
    for (const width of imageWidths) {
      probes.push({ method: "GET", path: `/img?src=${encodeURIComponent(src)}&w=${width}` });
      probes.push({
        method: "GET",
        path: `/img?w=${width}&src=${src.replace(/[#&?]/g, encodeURIComponent)}`,
      });
    }
  }
  for (const query of ["w=481", "w=480&h=1", "fit=og&w=480", "src=&w=480", "w=480&src[]=x"]) {
    probes.push({ method: "GET", path: `/img?${query}` });
  }
  const storage = [
    "/storage/../api/news",
    "/storage/%2e%2e/api/news",
    "/storage/%2E%2E/api/news",
    "/storage/.%2e/api/news",
    "/storage/news/../../api/news",
    "/storage/news/%2e%2e/%2e%2e/api/news",
    "/storage/..%2fapi%2fnews",
    "/storage/..%5capi%5cnews",
    "/storage/..\\api\\news",
    "/storage/./news/x.webp",
    "/storage/%2e/news/x.webp",
    "/storage/news/%00.webp",
    "/storage/news/..",
    "/storage/..",
  ];
  for (const path of storage) {
    for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) probes.push({ method, path });
  }
  const hosts = [
    "a b",
    "a/b",
    "a@b",
    "a\\b",
    "<x>",
    "a:b",
    "a:999999",
    "[zz]",
    "..",
    "a?b",
    "a#b",
    "%41",
  ];
  for (const host of hosts) {
    for (const path of ["/en", "/ar/news", "/en/contactUs", "/img?w=480&src=x", "/storage/x.jpg"]) {
      probes.push({ method: "GET", path, headers: { Host: host } });
    }
  }
  const tracking = [
    "?utm_source=x",
    "?utm_source=x&utm_medium=y&utm_campaign=z",
    "?fbclid=abc",
    "?gclid=1&page=2",
    "?page=2&page=3",
    "?page=2&_routes=x",
    `?utm_content=${"u".repeat(1000)}`,
  ];
  for (const lang of ["en", "ar"]) {
    for (const page of ["", "/news", "/projects", "/CurrentProjects", "/services"]) {
      for (const query of tracking) probes.push({ method: "GET", path: `/${lang}${page}${query}` });
    }
    for (const spelling of ["/NEWS", "/news/", "/News//", "/hse", "/HSE/", "/currentprojects/"]) {
      probes.push({ method: "GET", path: `/${lang}${spelling}` });
    }
  }
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

/**
 * Whether the image endpoint made a file for `src` at `width` as it would be keyed from exactly
 * that spelling (server/image-endpoint.ts: the SHA-256 of the source URL, size and format; the
 * probes send no Accept, so the format is the source's own).
 */
function madeFor(src: string, width: number): boolean {
  const key = createHash("sha256")
    .update(`http://127.0.0.1:${E2E_API_PORT}${src}|${width}|original`)
    .digest("hex");
  const dir = path.join(e2eDataDir, "images", key.slice(0, 2));
  return [".jpeg", ".png"].some((ext) => fs.existsSync(path.join(dir, key + ext)));
}

test("the site answers hundreds of hostile requests deliberately, then keeps serving", async () => {
  test.setTimeout(240_000);
  const probes = [...siteProbes(), ...hostileProbes()];
  expect(probes.length).toBeGreaterThanOrEqual(800);
  expect(await run(E2E_PORT, probes)).toEqual([]);
  for (const path of ["/en", "/ar/news"])
    expect(await send(E2E_PORT, { method: "GET", path })).toBe(200);
  // Dozens of spellings of one image made one file per width (under its one address), and
  // none under another spelling.
  for (const width of imageWidths) {
    expect(madeFor(image, width), `${width}`).toBe(true);
    for (const src of imageSpellings.slice(1)) expect(madeFor(src, width), src).toBe(false);
  }
});

/** Follows redirects by hand from `start`: the statuses and locations seen, at most 6 hops. */
async function walk(start: string): Promise<{ hops: string[]; status: number }> {
  const hops = [start];
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`http://127.0.0.1:${E2E_PORT}${hops.at(-1)}`, {
      redirect: "manual",
    });
    await response.body?.cancel();
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || !location) {
      return { hops, status: response.status };
    }
    hops.push(
      new URL(location, `http://127.0.0.1:${E2E_PORT}`).pathname +
        new URL(location, `http://127.0.0.1:${E2E_PORT}`).search,
    );
  }
  return { hops, status: 0 };
}

test("no address redirects in a loop: trailing slashes, zero-padded ids, letter case and their mixes", async () => {
  test.setTimeout(120_000);
  const news = await apiData<Paged<{ id: number }>>("/api/news", "en");
  const id = String(news.data[0]?.id ?? "");
  expect(id).toMatch(/^\d+$/);
  const starts: string[] = [];
  for (const lang of ["en", "EN", "Ar"]) {
    for (const section of ["news", "NEWS"]) {
      for (const padded of [id, `0${id}`, `00${id}`]) {
        for (const tail of ["", "/", "//", "/?page=1", "?utm_source=x"]) {
          starts.push(`/${lang}/${section}/${padded}${tail}`);
        }
      }
      starts.push(`/${lang}/${section}/`, `/${lang}/${section}//`);
    }
  }
  const real = starts.length;
  starts.push(
    "/en/news/0301/",
    "/en/news/00",
    "/en/news/0",
    "/en/news/000/",
    "/en/HSE/",
    "/en/hse//",
  );
  expect(starts.length).toBeGreaterThan(100);
  const ends = await Promise.all(starts.map(async (start) => ({ start, ...(await walk(start)) })));
  for (const { start, hops, status } of ends) {
    // Every address ends at a page or a 404 within three redirects, never at the same one twice.
    expect([200, 404], `${start}: ${hops.join(" → ")}`).toContain(status);
    expect(hops.length, `${start}: ${hops.join(" → ")}`).toBeLessThanOrEqual(4);
    expect(new Set(hops).size, `${start}: ${hops.join(" → ")}`).toBe(hops.length);
  }
  // The item and the list are reached from each of their spellings.
  for (const { start, status } of ends.slice(0, real)) expect(status, start).toBe(200);
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
