/**
 * The `/storage` media proxy against a real (stand-in) API over loopback: slow visitors,
 * visitors who leave, an API that is slow or breaks off; the server answers afterwards.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../testing/log-capture.ts";
import { MEDIA_POLICY, mediaProxy } from "./media-proxy.ts";

const chunk = Buffer.alloc(64 * 1024, 7);
/** A text file that gzips well (50,000 bytes to a few hundred). */
const notes = "Site notes. ".repeat(5_000).slice(0, 50_000);
const bigChunks = 64; // 4 MB
const log = captureLog();

/** Every path the stand-in API was asked for. */
const apiSaw: string[] = [];

/** What the stand-in API saw of each request: did the client (the proxy) go away early? */
const upstreamClosedEarly: boolean[] = [];

let api: http.Server;
let site: http.Server;
let siteUrl: string;

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  api = http.createServer(async (req, res) => {
    apiSaw.push(req.url ?? "");
    if (req.url === "/storage/page.html") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<script>alert(document.domain)</script>");
    } else if (req.url === "/storage/upload.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end("alert(document.domain)");
    } else if (req.url === "/storage/upload.css") {
      res.writeHead(200, { "content-type": "text/css" }).end("body{display:none}");
    } else if (req.url === "/storage/report.pdf") {
      res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4");
    } else if (req.url === "/storage/moved.jpg") {
      res.writeHead(302, { location: "/storage/logo.svg" }).end();
    } else if (req.url === "/storage/to-api.jpg") {
      res.writeHead(302, { location: "/api/news" }).end();
    } else if (req.url === "/storage/elsewhere.jpg") {
      res.writeHead(301, { location: "http://127.0.0.2:1/storage/a.jpg" }).end();
    } else if (req.url === "/storage/loop.jpg") {
      res.writeHead(302, { location: "/storage/loop.jpg" }).end();
    } else if (req.url === "/api/news") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}');
    } else if (req.url === "/storage/big.bin") {
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": String(chunk.length * bigChunks),
      });
      let finished = false;
      res.once("close", () => upstreamClosedEarly.push(!finished));
      // Written slowly, longer in total than the proxy's 300 ms header time-out.
      for (let i = 0; i < bigChunks && !res.destroyed; i++) {
        if (!res.write(chunk)) await once(res, "drain").catch(() => {});
        if (i % 8 === 0) await new Promise((r) => setTimeout(r, 100));
      }
      finished = true;
      res.end();
    } else if (req.url === "/storage/huge.bin") {
      // 40 MB as fast as the proxy takes it.
      res.writeHead(200, { "content-length": String(chunk.length * 640) });
      for (let i = 0; i < 640 && !res.destroyed; i++)
        if (!res.write(chunk)) await once(res, "drain").catch(() => {});
      res.end();
    } else if (req.url === "/storage/broken.bin") {
      res.writeHead(200, { "content-length": String(chunk.length * 4) });
      res.write(chunk, () => setTimeout(() => res.destroy(), 20));
    } else if (req.url === "/storage/stalled.bin") {
      // A chunk, then nothing, the connection kept open.
      res.writeHead(200, { "content-length": String(chunk.length * 4) });
      res.write(chunk);
    } else if (req.url === "/storage/slow.jpg") {
      setTimeout(() => res.writeHead(200).end("late"), 1_000).unref();
    } else if (req.url === "/storage/notes.txt" || req.url === "/storage/zipped-anyway.txt") {
      // Compressed when the client accepts gzip, as a web server in front of an API may do;
      // the second one whatever the client asked.
      const zip =
        req.url === "/storage/zipped-anyway.txt" ||
        String(req.headers["accept-encoding"]).includes("gzip");
      const body = zip ? gzipSync(notes) : Buffer.from(notes);
      res.writeHead(200, {
        "content-type": "text/plain",
        "content-length": String(body.length),
        ...(zip ? { "content-encoding": "gzip" } : {}),
      });
      res.end(body);
    } else if (req.url === "/storage/logo.svg" && req.headers["if-none-match"] === '"v1"') {
      res.writeHead(304, { etag: '"v1"' }).end();
    } else if (req.url === "/storage/logo.svg") {
      res.writeHead(200, {
        "content-type": "image/svg+xml",
        "content-security-policy": "sandbox",
        etag: '"v1"',
      });
      res.end("<svg/>");
    } else {
      res.writeHead(404).end();
    }
  });
  const apiUrl = await listen(api);
  const app = express();
  app.use(compression()); // as in the site's server
  app.use("/storage", mediaProxy(apiUrl, { headersTimeoutMs: 300, logger: log.logger }));
  app.get("/ping", (_req, res) => res.send("pong"));
  site = http.createServer(app);
  siteUrl = await listen(site);
});

afterAll(async () => {
  for (const server of [site, api]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** GETs `path` through the proxy as a raw response whose body the test reads at its own pace. */
function get(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(`${siteUrl}${path}`, resolve).on("error", reject);
  });
}

/** A request with its path sent exactly as written (fetch would resolve the dots). */
function raw(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${siteUrl}/`, { path }, (response) => {
      let body = "";
      response.on("data", (part) => {
        body += part;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

const stillAnswers = async () => expect(await (await fetch(`${siteUrl}/ping`)).text()).toBe("pong");

describe("media proxy", () => {
  it("passes on the API's caching headers, under a sandboxing policy of its own", async () => {
    const answer = await fetch(`${siteUrl}/storage/logo.svg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toBe(MEDIA_POLICY);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-disposition")).toBeNull();
    expect(answer.headers.get("etag")).toBe('"v1"');
    expect(await answer.text()).toBe("<svg/>");
    // Unchanged: a 304 with no type nor download of its own, which would replace the kept ones.
    const again = await fetch(`${siteUrl}/storage/logo.svg`, {
      headers: { "If-None-Match": '"v1"' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-disposition")).toBeNull();
    expect(again.headers.get("content-type")).toBeNull();
  });

  it("sends a file whole when the API would compress it, never with the compressed length", async () => {
    for (const [path, length] of [
      ["/storage/notes.txt", String(notes.length)],
      ["/storage/zipped-anyway.txt", undefined],
    ] as const) {
      const answer = await get(path);
      let body = "";
      for await (const part of answer) body += part;
      expect(body, path).toBe(notes);
      expect(answer.headers["content-length"], path).toBe(length);
    }
  });

  it("sends anything but images, PDF, audio and video as a download, every answer sandboxed", async () => {
    const html = await fetch(`${siteUrl}/storage/page.html`);
    expect(html.headers.get("content-disposition")).toBe("attachment");
    expect(html.headers.get("content-security-policy")).toBe(MEDIA_POLICY);
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");
    // Not of the site's own types either: `script-src 'self'` would run a script, and a style
    // sheet would apply, from the site's origin (nosniff then refuses them).
    for (const path of ["/storage/page.html", "/storage/upload.js", "/storage/upload.css"]) {
      const download = await fetch(siteUrl + path);
      expect(download.headers.get("content-type"), path).toBe("application/octet-stream");
      expect(download.headers.get("content-disposition"), path).toBe("attachment");
    }
    const pdf = await fetch(`${siteUrl}/storage/report.pdf`);
    expect(pdf.headers.get("content-disposition")).toBeNull();
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const missing = await fetch(`${siteUrl}/storage/none.jpg`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toBe(MEDIA_POLICY);
  });

  it("refuses dot segments and their encodings before any request leaves", async () => {
    const paths = [
      "/storage/../api/news",
      "/storage/%2e%2e/api/news",
      "/storage/%2E%2E/api/news",
      "/storage/.%2e/api/news",
      "/storage/x/../../api/news",
      "/storage/./logo.svg",
      "/storage/%2e/logo.svg",
      "/storage/..%2fapi%2fnews",
      "/storage/..%5capi",
      "/storage/..\\api",
      "/storage/%",
    ];
    const before = apiSaw.length;
    for (const path of paths) {
      const answer = await raw(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body, path).not.toContain("data");
    }
    expect(apiSaw.slice(before)).toEqual([]);
  });

  it("follows redirects within the API's media only", async () => {
    const moved = await fetch(`${siteUrl}/storage/moved.jpg`);
    expect([moved.status, await moved.text()]).toEqual([200, "<svg/>"]);
    const before = apiSaw.length;
    for (const path of ["/storage/to-api.jpg", "/storage/elsewhere.jpg", "/storage/loop.jpg"]) {
      expect((await fetch(`${siteUrl}${path}`, { redirect: "manual" })).status, path).toBe(502);
    }
    expect(apiSaw.slice(before)).not.toContain("/api/news");
  });

  it("lets a slow visitor download a large file past the header time-out", async () => {
    const response = await get("/storage/big.bin");
    let received = 0;
    response.pause();
    // Read in bursts with pauses: the whole download takes far longer than 300 ms.
    for await (const part of response) {
      received += (part as Buffer).length;
      if (received % (1024 * 1024) < (part as Buffer).length) {
        response.pause();
        await new Promise((r) => setTimeout(r, 150));
        response.resume();
      }
    }
    expect(received).toBe(chunk.length * bigChunks);
    await stillAnswers();
  });

  it("cancels the API request when the visitor leaves midway, and keeps answering", async () => {
    const before = upstreamClosedEarly.length;
    const response = await get("/storage/big.bin");
    await once(response, "data");
    response.destroy();
    await expect.poll(() => upstreamClosedEarly.length, { timeout: 5_000 }).toBe(before + 1);
    expect(upstreamClosedEarly.at(-1)).toBe(true);
    await stillAnswers();
  });

  it("survives many visitors leaving at every stage of a download", async () => {
    const leave = async (afterChunks: number) => {
      const response = await get("/storage/big.bin");
      let chunks = 0;
      await new Promise<void>((resolve) => {
        if (afterChunks === 0) return resolve();
        response.on("data", () => {
          chunks += 1;
          if (chunks >= afterChunks) resolve();
        });
        response.on("end", resolve);
      });
      response.destroy();
    };
    await Promise.all(Array.from({ length: 24 }, (_, i) => leave(i % 8)));
    // Late errors of cut streams would surface now, as uncaught exceptions failing the run.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await stillAnswers();
  });

  it("survives a slow reader of a large fast file leaving after a megabyte", async () => {
    for (let round = 0; round < 3; round++) {
      const response = await get("/storage/huge.bin");
      let bytes = 0;
      await new Promise<void>((resolve) => {
        response.on("data", (part: Buffer) => {
          bytes += part.length;
          response.pause();
          if (bytes > 1024 * 1024) resolve();
          else setTimeout(() => response.resume(), 5);
        });
      });
      response.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await stillAnswers();
  });

  it("cuts the download short when the API breaks off mid-file, and keeps answering", async () => {
    const response = await get("/storage/broken.bin");
    let received = 0;
    const ended = new Promise<string>((resolve) => {
      response.on("data", (part: Buffer) => {
        received += part.length;
      });
      response.on("end", () => resolve("end"));
      response.on("error", () => resolve("error"));
      response.on("close", () => resolve("close"));
    });
    await ended;
    expect(received).toBeLessThan(chunk.length * 4);
    await stillAnswers();
  });

  it("cuts the download short when the API stalls mid-file (no bytes for the time-out), and keeps answering", async () => {
    const response = await get("/storage/stalled.bin");
    let received = 0;
    const ended = new Promise<void>((resolve) => {
      response.on("data", (part: Buffer) => {
        received += part.length;
      });
      for (const event of ["end", "error", "close"]) response.on(event, () => resolve());
    });
    // Without the cut it never ends: the test's own time-out.
    await ended;
    expect(received).toBe(chunk.length);
    await stillAnswers();
  });

  it("answers 504 when the API sends no headers in time, 404 as the API does", async () => {
    expect((await fetch(`${siteUrl}/storage/slow.jpg`)).status).toBe(504);
    expect(log.lines.at(-1)).toMatchObject({
      level: "error",
      message: "media: no answer in time",
      path: "/storage/slow.jpg",
    });
    expect((await fetch(`${siteUrl}/storage/none.jpg`)).status).toBe(404);
    await stillAnswers();
  });
});
