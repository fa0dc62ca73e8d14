/**
 * The image endpoint against hostile use, with a stand-in API that counts what it is asked:
 * one canonical address per image (other spellings are refused or share its copy), results
 * made once (counted at the API, not looked for on disk), one job per image in flight, a few
 * encodes at once then 503, the byte, pixel and `src`-length limits, the 502/504 answers, SVG
 * refused, and the folder bounded in bytes with partial files cleaned up.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { canonicalMediaUrl } from "../../app/shared/image-kinds.ts";
import { type ImageEndpointOptions, imageEndpoint } from "./image-endpoint.ts";

const testDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-limits-test-"));
const hits = new Map<string, number>();
let photo: Buffer;
let api: http.Server;
let apiUrl = "";
const servers: http.Server[] = [];

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  photo = await sharp({
    create: { width: 640, height: 400, channels: 3, background: "#336699" },
  })
    .jpeg()
    .toBuffer();
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  api = http.createServer(async (req, res) => {
    const url = req.url ?? "";
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url.startsWith("/storage/slow/")) await wait(150);
    if (url.startsWith("/storage/slower/")) await wait(1_000);
    if (url === "/storage/headers-late.jpg") await wait(1_000);
    if (url === "/storage/broken.jpg") return res.writeHead(500).end();
    if (url === "/storage/svg-as.jpg") {
      return res.writeHead(200, { "content-type": "image/svg+xml" }).end(svg);
    }
    if (url === "/storage/svg-unlabelled.jpg") return res.writeHead(200).end(svg);
    if (url === "/storage/big-unannounced.jpg") {
      // Chunked, no Content-Length: only counting the bytes read can stop it.
      res.writeHead(200, { "content-type": "image/jpeg" });
      for (let i = 0; i < 20 && !res.destroyed; i++) res.write(Buffer.alloc(1024, 1));
      return res.end();
    }
    if (url === "/storage/big-announced.jpg") {
      return res.writeHead(200, { "content-length": "999999" }).end(Buffer.alloc(999_999));
    }
    if (url === "/storage/cut.jpg") {
      res.writeHead(200, { "content-length": String(photo.length) });
      res.write(photo.subarray(0, 100));
      return setTimeout(() => res.destroy(), 20);
    }
    if (!url.startsWith("/storage/") || url.includes("missing")) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
  });
  apiUrl = await listen(api);
});

afterAll(async () => {
  for (const server of [...servers, api]) await new Promise((r) => server.close(r));
  fs.rmSync(testDir, { recursive: true, force: true });
});

beforeEach(() => hits.clear());

let siteCount = 0;
/** A site with its own endpoint (and by default its own cache folder). */
async function startSite(options: Partial<ImageEndpointOptions> = {}) {
  const cacheDir = options.cacheDir ?? path.join(testDir, `site-${++siteCount}`);
  const app = express();
  app.use(
    "/img",
    imageEndpoint({
      apiBaseUrl: apiUrl,
      origins: [apiUrl],
      timeoutMs: 500,
      maxCacheBytes: 512 * 1024 * 1024,
      libvipsMemoryMb: 16,
      publicDir: path.resolve(import.meta.dirname, "../../public"),
      ...options,
      cacheDir,
    }),
  );
  const server = http.createServer(app);
  servers.push(server);
  const url = await listen(server);
  const get = (src: string, query = "w=480") =>
    fetch(`${url}/img?src=${encodeURIComponent(src)}&${query}`, {
      headers: { Accept: "image/webp" },
    });
  return { url, cacheDir, get };
}

/** Every file under `dir`. */
const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
        fs.statSync(path.join(dir, name)).isFile(),
      )
    : [];

const apiHits = () => [...hits.values()].reduce((sum, n) => sum + n, 0);

describe("one address per image", () => {
  it("refuses queries, fragments, dot segments, encoded separators, backslashes and SVG", async () => {
    const site = await startSite();
    const refused = [
      "/storage/a.jpg?v=1",
      "/storage/a.jpg#1",
      "/storage/x/../a.jpg",
      "/storage/./a.jpg",
      "/storage/%2e%2e/a.jpg",
      "/storage/%2E/a.jpg",
      "/storage/x%2Fa.jpg",
      "/storage/x%2fa.jpg",
      "/storage/x%5Ca.jpg",
      "/storage/x\\a.jpg",
      "/storage//a.jpg",
      "/storage/a.jpg%",
      "/storage/a b.jpg",
      "/storage/a.svg",
      "/storage/a.SVGZ",
      "/storage/../api/news",
      "/api/news",
      `${apiUrl}/storage/a.jpg?v=1`,
      `${apiUrl}/storage/../api/news`,
      `${apiUrl.toUpperCase()}/storage/a.jpg`,
      `${apiUrl}.evil.example/storage/a.jpg`,
      "https://elsewhere.example/storage/a.jpg",
      `/storage/${"a".repeat(2050)}.jpg`,
      // Only media: never the API's answers, nor any path outside /storage on its origin.
      `${apiUrl}/api/services`,
      `${apiUrl}/api/news/1.jpg`,
      `${apiUrl}/missing.jpg`,
      `${apiUrl}/storagex/a.jpg`,
    ];
    expect(refused.length).toBeGreaterThanOrEqual(20);
    const statuses = await Promise.all(refused.map(async (src) => (await site.get(src)).status));
    expect(statuses).toEqual(refused.map(() => 400));
    // Refused before anything left for the API, and nothing written.
    expect(apiHits()).toBe(0);
    expect(filesIn(site.cacheDir)).toEqual([]);
  });

  it("gives other spellings of one image its one copy: one fetch, one file", async () => {
    const site = await startSite();
    const spellings = [
      "/storage/photo.jpg",
      "/storage/%70hoto.jpg",
      "/storage/ph%6Fto.jpg",
      `${apiUrl}/storage/photo.jpg`,
      `${apiUrl}/storage/%70%68oto.jpg`,
    ];
    for (const src of spellings) expect((await site.get(src)).status, src).toBe(200);
    expect(apiHits()).toBe(1);
    expect(filesIn(site.cacheDir)).toHaveLength(1);
    // Arabic names, raw or encoded, are one address too.
    expect(canonicalMediaUrl("/storage/صورة.jpg", [])).toBe(
      canonicalMediaUrl(`/storage/${encodeURIComponent("صورة")}.jpg`, []),
    );
    expect(canonicalMediaUrl("/storage/%d8%b5.jpg", [])).toBe("/storage/%D8%B5.jpg");
  });

  it("makes an image again when its file is gone from the folder (emptied by hand)", async () => {
    const site = await startSite();
    expect((await site.get("/storage/removed.jpg")).status).toBe(200);
    for (const file of filesIn(site.cacheDir)) fs.rmSync(path.join(site.cacheDir, file));
    const again = await site.get("/storage/removed.jpg");
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe("image/webp");
    expect(filesIn(site.cacheDir)).toHaveLength(1);
  });

  it("makes each result once: a second request and a restarted endpoint ask the API nothing", async () => {
    const site = await startSite();
    expect((await site.get("/storage/once.jpg")).status).toBe(200);
    expect(hits.get("/storage/once.jpg")).toBe(1);
    expect((await site.get("/storage/once.jpg")).status).toBe(200);
    const restarted = await startSite({ cacheDir: site.cacheDir });
    expect((await restarted.get("/storage/once.jpg")).status).toBe(200);
    expect(hits.get("/storage/once.jpg")).toBe(1);
    // Another width or format is another result.
    expect((await site.get("/storage/once.jpg", "w=640")).status).toBe(200);
    expect(hits.get("/storage/once.jpg")).toBe(2);
  });

  it("shares one job between requests for the same result in flight", async () => {
    const site = await startSite();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, async () => (await site.get("/storage/slow/shared.jpg")).status),
    );
    expect(statuses).toEqual(Array(6).fill(200));
    expect(hits.get("/storage/slow/shared.jpg")).toBe(1);
  });
});

describe("load", () => {
  it("makes a few images at once, keeps a short line, and turns the rest away with 503", async () => {
    const site = await startSite({ maxEncodes: 1, maxFetches: 1, maxQueued: 1, queueMs: 5_000 });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => site.get(`/storage/slow/line-${n}.jpg`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    // One made, one waited its turn, two turned away at once.
    expect(statuses).toEqual([200, 200, 503, 503]);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy?.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("turns away who waited longer than the line allows", async () => {
    const site = await startSite({ maxEncodes: 1, maxFetches: 1, maxQueued: 5, queueMs: 50 });
    const statuses = await Promise.all(
      [1, 2].map(async (n) => (await site.get(`/storage/slow/wait-${n}.jpg`)).status),
    );
    expect(statuses.sort()).toEqual([200, 503]);
  });

  it("lets no slow source hold the encoding: an image whose source answers at once is made meanwhile", async () => {
    // Were the slot held while the source is read (1 s), the quick image would wait past the
    // line's 400 ms; the margins leave room for a busy machine.
    const site = await startSite({ maxEncodes: 1, maxQueued: 5, queueMs: 400, timeoutMs: 3_000 });
    const slow = site.get("/storage/slower/held.jpg");
    await wait(50);
    expect((await site.get("/storage/quick.jpg")).status).toBe(200);
    expect((await slow).status).toBe(200);
  });
});

describe("limits and failures", () => {
  it("stops reading a source past the byte limit, with or without Content-Length", async () => {
    const site = await startSite({ maxSourceBytes: 10_000 });
    expect((await site.get("/storage/big-unannounced.jpg")).status).toBe(400);
    expect((await site.get("/storage/big-announced.jpg")).status).toBe(400);
    expect((await site.get("/storage/photo.jpg")).status).toBe(200);
  });

  it("refuses a real image over the byte limit as too large, and stops reading it early", async () => {
    // A valid JPEG of about a megabyte (noise does not compress), sent in paced chunks so the
    // bytes the API got to send show when the endpoint stopped reading.
    const large = await sharp({
      create: {
        width: 1000,
        height: 800,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(500_000);
    let sent = 0;
    const source = http.createServer(async (req, res) => {
      const announced = req.url === "/storage/large-announced.jpg";
      res.writeHead(200, {
        "content-type": "image/jpeg",
        ...(announced ? { "content-length": String(large.length) } : {}),
      });
      sent = 0;
      for (let at = 0; at < large.length && !res.destroyed; at += 16_384) {
        const chunk = large.subarray(at, at + 16_384);
        res.write(chunk);
        sent += chunk.length;
        await wait(5);
      }
      res.end();
    });
    servers.push(source);
    const sourceUrl = await listen(source);
    const limited = await startSite({
      apiBaseUrl: sourceUrl,
      origins: [sourceUrl],
      maxSourceBytes: 100_000,
    });
    const unannounced = await limited.get("/storage/large.jpg");
    expect(unannounced.status).toBe(400);
    // The page shows the "no image" picture in its place; the header says why.
    expect(unannounced.headers.get("content-type")).toContain("image/svg+xml");
    expect(unannounced.headers.get("x-image-error")).toBe("src is too large");
    await wait(100);
    expect(sent).toBeGreaterThanOrEqual(100_000);
    expect(sent).toBeLessThan(large.length / 2);
    const announced = await limited.get("/storage/large-announced.jpg");
    expect(announced.status).toBe(400);
    expect(announced.headers.get("x-image-error")).toBe("src is too large");
    await wait(100);
    expect(sent).toBeLessThan(large.length / 2);
    // Under a cap it fits, the same image is resized: it was refused for its size alone.
    const roomy = await startSite({
      apiBaseUrl: sourceUrl,
      origins: [sourceUrl],
      maxSourceBytes: 2 * large.length,
    });
    expect((await roomy.get("/storage/large.jpg")).status).toBe(200);
    expect(sent).toBe(large.length);
  });

  it("refuses a source of more pixels than the limit", async () => {
    const site = await startSite({ maxSourcePixels: 640 * 400 - 1 });
    expect((await site.get("/storage/pixels.jpg")).status).toBe(400);
  });

  it("refuses SVG sources, labelled or not", async () => {
    const site = await startSite();
    expect((await site.get("/storage/svg-as.jpg")).status).toBe(400);
    expect((await site.get("/storage/svg-unlabelled.jpg")).status).toBe(400);
  });

  it("answers 502 when the API fails or breaks off, 504 when it is too slow, 404 when it has none", async () => {
    const site = await startSite({ timeoutMs: 300 });
    expect((await site.get("/storage/broken.jpg")).status).toBe(502);
    expect((await site.get("/storage/cut.jpg")).status).toBe(502);
    expect((await site.get("/storage/headers-late.jpg")).status).toBe(504);
    expect((await site.get("/storage/missing.jpg")).status).toBe(404);
    const closed = http.createServer();
    const closedUrl = await listen(closed);
    await new Promise((r) => closed.close(r));
    const unreachable = await startSite({ apiBaseUrl: closedUrl });
    expect((await unreachable.get("/storage/photo.jpg")).status).toBe(502);
  });
});

describe("the folder", () => {
  it("stays within its bytes, deleting the least recently used files", async () => {
    const site = await startSite();
    expect((await site.get("/storage/size-probe.jpg")).status).toBe(200);
    const [probe = ""] = filesIn(site.cacheDir);
    const size = fs.statSync(path.join(site.cacheDir, probe)).size;
    // Room for two results of this size.
    const bounded = await startSite({ maxCacheBytes: size * 2 + size / 2 });
    for (const name of ["a", "b"]) await bounded.get(`/storage/lru-${name}.jpg`);
    await bounded.get("/storage/lru-a.jpg"); // a is now the most recently used
    await bounded.get("/storage/lru-c.jpg"); // b goes
    expect(filesIn(bounded.cacheDir)).toHaveLength(2);
    hits.clear();
    await bounded.get("/storage/lru-a.jpg");
    await bounded.get("/storage/lru-c.jpg");
    expect(apiHits()).toBe(0);
    await bounded.get("/storage/lru-b.jpg");
    expect(hits.get("/storage/lru-b.jpg")).toBe(1);
  });

  it("counts what an earlier run left, and deletes its partial files", async () => {
    const cacheDir = path.join(testDir, "left-over");
    fs.mkdirSync(path.join(cacheDir, "ab"), { recursive: true });
    fs.writeFileSync(path.join(cacheDir, "ab", "abcd.webp.123.456.part"), "half");
    fs.writeFileSync(path.join(cacheDir, "ab", "abcd.webp"), Buffer.alloc(50_000));
    // Cards are the social-card endpoint's, not counted or touched here.
    fs.mkdirSync(path.join(cacheDir, "cards"), { recursive: true });
    fs.writeFileSync(path.join(cacheDir, "cards", "x.png"), "card");
    const site = await startSite({ cacheDir, maxCacheBytes: 40_000 });
    expect((await site.get("/storage/new.jpg")).status).toBe(200);
    const left = filesIn(cacheDir);
    expect(left).not.toContain(path.join("ab", "abcd.webp.123.456.part"));
    // The old file alone is over the bound: it went, the new one stays.
    expect(left).not.toContain(path.join("ab", "abcd.webp"));
    expect(left).toContain(path.join("cards", "x.png"));
    expect(left.filter((name) => !name.startsWith("cards"))).toHaveLength(1);
  });
});
