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
import {
  apiProbes,
  floodProbes,
  hostileProbes,
  image,
  imageSpellings,
  imageWidths,
  type Probe,
  siteProbes,
} from "./support/fuzz-probes.ts";
import { expect, test } from "./support/test.ts";

// No browser involved, so one width is enough.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

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
 * that spelling (server/images/image-endpoint.ts: the SHA-256 of the source URL, size and format; the
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
  const probes = [...siteProbes(), ...hostileProbes(), ...floodProbes()];
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

test("an id the API answers under another spelling (00<id>) redirects to the API's own id, so an item is cached once", async () => {
  const news = await apiData<Paged<{ id: number }>>("/api/news", "en");
  const id = news.data[0]?.id;
  for (const lang of languages) {
    const response = await fetch(
      `http://127.0.0.1:${E2E_PORT}/${lang}/news/00${id}?page=1&utm_source=x`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(301);
    // A news item reads no query: the target is the page table's address for the API's id.
    expect(response.headers.get("location")).toBe(`/${lang}/news/${id}`);
  }
});
