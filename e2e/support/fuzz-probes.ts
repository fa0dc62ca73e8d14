/**
 * The requests of the fuzz spec (e2e/fuzz.spec.ts): generated odd and hostile requests to the
 * site and to the reference API, and the spellings of one image at `/img`.
 */
import { E2E_API_PORT } from "./env.ts";

export interface Probe {
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
  "/%09/a.b",
  "/%0d/x.y",
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
export function siteProbes(): Probe[] {
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
export const image = "/storage/news/40-million-safe-hours-safety.webp";
/** The widths asked for it below: the image folder may then hold one file per width. */
export const imageWidths = [480, 640, 960];

/** Spellings of that one image, the first its own. */
export const imageSpellings = [
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
export function hostileProbes(): Probe[] {
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

/**
 * Issue 30's open-redirect bait: ids that decode to a path leaving the site, on every detail
 * page in both languages. Each must be a 404, never a redirect.
 */
export function redirectBait(): string[] {
  const tails = [
    "01%2F..%2F..%2F..%2F%09%2Fevil.example",
    "01%2F..%2F..%2F..%2F%0A%2Fevil.example",
    "01%2F..%2F..%2F%2F%2Fevil.example",
    "007%2F..%2F..%2F%5Cevil.example",
    "0%2F%2Fevil.example",
  ];
  const routes = ["news", "projects", "CurrentProjects", "services", "otherPages"];
  return ["en", "ar"].flatMap((lang) =>
    routes.flatMap((route) => tails.map((tail) => `/${lang}/${route}/${tail}`)),
  );
}

/** Issue 30's floods: each distinct junk path and unread query string, none of them kept. */
export function floodProbes(): Probe[] {
  const probes: Probe[] = redirectBait().map((path) => ({ method: "GET", path }));
  for (let i = 0; i < 40; i++) {
    probes.push({ method: "GET", path: `/sitemap/${i}${"a".repeat(15_000)}.xml` });
    for (const lang of ["en", "ar"]) {
      probes.push({ method: "GET", path: `/${lang}?q=x${i}` });
      probes.push({ method: "GET", path: `/${lang}/overview?page=${i}` });
      probes.push({ method: "GET", path: `/${lang}/%6E${"e".repeat(i)}ws` });
    }
  }
  return probes;
}

/** The generated requests to the reference API. */
export function apiProbes(): Probe[] {
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
