/**
 * The site's Express app as createSiteApp assembles it: what runs before any page is in place
 * (a malformed Host is refused with 400 before it reaches a handler that builds URLs from it;
 * request ids are given and echoed). The pages themselves are the browser tests' (they need
 * the build).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { repoRoot } from "../repo-root.ts";
import { parseSettings } from "../settings.server.ts";
import { createSiteApp } from "./app.ts";

/**
 * The app on a loopback port, its API unreachable unless `env` says otherwise; `options`: a
 * client build to serve.
 */
async function listening(
  options: { clientDir?: string } = {},
  env: Record<string, string> = {},
): Promise<{ server: http.Server; port: number }> {
  const app = createSiteApp({
    settings: parseSettings({
      NODE_ENV: "test",
      API_BASE_URL: "http://127.0.0.1:9",
      COMPANY_FILE: path.join(repoRoot, "apps/web/company.json"),
      ACCESS_LOG: "false",
      ...env,
    }),
    ...options,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let server: http.Server;
let port = 0;

beforeAll(async () => {
  ({ server, port } = await listening());
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A request with its headers exactly as given (fetch would refuse these hosts). */
const answerTo = (headers: Record<string, string>, target = "/healthz") =>
  new Promise<{ status: number; requestId: unknown }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: target, headers }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, requestId: res.headers["x-request-id"] }),
      );
    });
    request.on("error", reject);
    request.end();
  });

describe("createSiteApp", () => {
  it("mounts the malformed-Host check: such a request gets 400 before any handler", async () => {
    for (const host of ["a b", "a/b", "<x>", "a:999999"]) {
      expect((await answerTo({ Host: host })).status, host).toBe(400);
    }
    expect((await answerTo({ Host: `127.0.0.1:${port}` })).status).toBe(200);
  });

  it("gives every request an id, keeping a sane one it came with", async () => {
    expect((await answerTo({ "X-Request-Id": "edge-42" })).requestId).toBe("edge-42");
    expect(String((await answerTo({ "X-Request-Id": "no good" })).requestId)).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });
});

describe("the client build's own files", () => {
  let clientDir: string;
  let filesServer: http.Server;
  let base = "";

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-build-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "logo.svg"), "<svg/>");
    fs.writeFileSync(path.join(clientDir, "assets", "page-abc123.js"), "export {}");
    const started = await listening({ clientDir });
    filesServer = started.server;
    base = `http://127.0.0.1:${started.port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => filesServer.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("serves them, hashed assets for a year and the others for an hour", async () => {
    const logo = await fetch(`${base}/logo.svg`);
    expect(logo.status).toBe(200);
    expect(await logo.text()).toBe("<svg/>");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=3600");
    const asset = await fetch(`${base}/assets/page-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("looks nothing up on disk for any other address (every page would pay a stat)", async () => {
    const stat = vi.spyOn(fs, "stat");
    try {
      const answer = await fetch(`${base}/en/news`);
      await answer.arrayBuffer();
      // A file added after the start is not served either: the build's files are listed once.
      // (The address goes on to the pages, an error here without the server build: only the
      // file's absence is checked, not what answers instead.)
      const lateFile = '<svg id="added-after-the-start"/>';
      fs.writeFileSync(path.join(clientDir, "late.svg"), lateFile);
      const late = await fetch(`${base}/late.svg`);
      expect(late.status).not.toBe(200);
      expect(await late.text()).not.toContain(lateFile);
      const inClientDir = stat.mock.calls.filter(([file]) => String(file).startsWith(clientDir));
      expect(inClientDir).toEqual([]);
    } finally {
      stat.mockRestore();
    }
  });
});

describe("the media proxy", () => {
  it("gives up on an API that does not answer after API_TIMEOUT_MS, as every API request", async () => {
    // An API that takes the request and never answers.
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const api = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const site = await listening(
      {},
      { API_BASE_URL: api, MEDIA_BASE_URL: "/", API_TIMEOUT_MS: "300" },
    );
    try {
      const started = Date.now();
      const answer = await fetch(`http://127.0.0.1:${site.port}/storage/news/a.webp`);
      expect(answer.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      site.server.closeAllConnections();
      silent.closeAllConnections();
      await new Promise((resolve) => site.server.close(resolve));
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
