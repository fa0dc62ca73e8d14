/**
 * `/storage`: the real seed's committed media, served with the right types and cache headers;
 * files in the storage folder win over the seed's; nothing outside the folders is served.
 */
import { mkdir, readdir, stat, symlink, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readSeed, storageUrls } from "../src/seed/seed-files.ts";
import { realSeedDir, request, startTestApi, type TestApi } from "./helpers.ts";

let t: TestApi;
let urls: string[];

beforeAll(async () => {
  urls = storageUrls(await readSeed(realSeedDir));
  t = await startTestApi({ seedDir: realSeedDir });
  // Files of every served type, and a secret beside (outside) the storage folder.
  await mkdir(path.join(t.storageDir, "types"), { recursive: true });
  for (const name of ["a.webp", "a.jpg", "a.jpeg", "a.png", "a.svg", "a.pdf", "a.txt"]) {
    await writeFile(path.join(t.storageDir, "types", name), `file ${name}`);
  }
  await writeFile(path.join(t.dir, "secret.txt"), "secret");
  await symlink(path.join(t.dir, "secret.txt"), path.join(t.storageDir, "types", "link.jpg"));
}, 300_000);
afterAll(() => t?.stop());

/** A GET whose path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  const url = new URL(t.api.url);
  return new Promise((resolve, reject) => {
    httpRequest({ host: url.hostname, port: url.port, path: rawPath }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

const signatures: Record<string, { type: string; check: (bytes: Buffer) => boolean }> = {
  ".jpg": { type: "image/jpeg", check: (b) => b[0] === 0xff && b[1] === 0xd8 },
  ".jpeg": { type: "image/jpeg", check: (b) => b[0] === 0xff && b[1] === 0xd8 },
  ".png": { type: "image/png", check: (b) => b.subarray(1, 4).toString() === "PNG" },
  ".webp": {
    type: "image/webp",
    check: (b) => b.subarray(0, 4).toString() === "RIFF" && b.subarray(8, 12).toString() === "WEBP",
  },
  ".svg": { type: "image/svg+xml", check: (b) => b.toString("utf8").includes("<svg") },
  ".pdf": { type: "application/pdf", check: (b) => b.subarray(0, 5).toString() === "%PDF-" },
};

describe("the seed's files", () => {
  test("every /storage URL in the seed is served with its type and real content", async () => {
    expect(urls.length).toBeGreaterThan(10);
    const problems: string[] = [];
    await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(`${t.api.url}${url}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        const expected = signatures[path.extname(url).toLowerCase()];
        if (response.status !== 200) problems.push(`${url}: ${response.status}`);
        else if (!expected) problems.push(`${url}: unexpected extension`);
        else if (response.headers.get("content-type") !== expected.type) {
          problems.push(`${url}: ${response.headers.get("content-type")}`);
        } else if (!expected.check(bytes)) problems.push(`${url}: content is not ${expected.type}`);
      }),
    );
    expect(problems).toEqual([]);
  });

  test("the committed media are exactly the seed's: none missing, none unused", async () => {
    const committed = await readdir(path.join(realSeedDir, "storage"), { recursive: true });
    const files = [];
    for (const entry of committed)
      if ((await stat(path.join(realSeedDir, "storage", entry))).isFile())
        files.push(`/storage/${entry.split(path.sep).join("/")}`);
    expect(files.sort()).toEqual([...urls].sort());
  });

  test("a file in the storage folder wins over the seed's own", async () => {
    const url = urls.find((candidate) => candidate.endsWith(".svg")) ?? "";
    const own = path.join(t.storageDir, url.slice("/storage/".length));
    await mkdir(path.dirname(own), { recursive: true });
    await writeFile(own, '<svg xmlns="http://www.w3.org/2000/svg"><title>own</title></svg>');
    expect(await (await fetch(`${t.api.url}${url}`)).text()).toContain("<title>own</title>");
  });

  test("the company profile PDF downloads as an attachment", async () => {
    const answer = await request(t.api, "/api/our_profile");
    const pdf =
      (answer.body as { data: { pdf_download_url: string }[] }).data[0]?.pdf_download_url ?? "";
    expect(pdf).toMatch(/^\/storage\/.+\.pdf$/);
    const response = await fetch(`${t.api.url}${pdf}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${path.basename(pdf).replace(/\./g, "\\.")}"`),
    );
  });
});

describe("headers", () => {
  test.each([
    ["a.webp", "image/webp"],
    ["a.jpg", "image/jpeg"],
    ["a.jpeg", "image/jpeg"],
    ["a.png", "image/png"],
    ["a.svg", "image/svg+xml"],
    ["a.pdf", "application/pdf"],
  ])("%s is %s, cached for a year, with validators", async (name, type) => {
    const response = await fetch(`${t.api.url}/storage/types/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toBeTruthy();
    expect(response.headers.get("last-modified")).toBeTruthy();
    expect(await response.text()).toBe(`file ${name}`);
  });

  test("a known ETag is answered 304 without a body", async () => {
    const first = await fetch(`${t.api.url}/storage/types/a.png`);
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(`${t.api.url}/storage/types/a.png`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("HEAD answers the headers only", async () => {
    const response = await fetch(`${t.api.url}/storage/types/a.jpg`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String("file a.jpg".length));
    expect(await response.text()).toBe("");
  });
});

describe("refused", () => {
  test.each([
    "/storage/types/missing.png",
    "/storage/missing/",
    "/storage/types",
    "/storage/types/",
  ])("%s (missing) is a 404", async (url) => {
    expect((await rawGet(url)).status).toBe(404);
  });

  test.each([
    "/storage/../secret.txt",
    "/storage/%2e%2e/secret.txt",
    "/storage/%2E%2E/secret.txt",
    "/storage/..%2fsecret.txt",
    "/storage/%2e%2e%2fsecret.txt",
    "/storage/types/..%2f..%2fsecret.txt",
    "/storage/types/%2e%2e/%2e%2e/secret.txt",
    "/storage/..%5csecret.txt",
    "/storage/types/..\\..\\secret.txt",
    "/storage/%252e%252e/secret.txt",
    "/storage/types/a.png%00.txt",
    "/storage//etc/passwd",
    "/storage/types/link.jpg",
    `/storage/${"%2e%2e/".repeat(10)}etc/passwd`,
  ])("%s never leaves the storage folder", async (url) => {
    const answer = await rawGet(url);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body).not.toContain("secret");
    expect(answer.body).not.toContain("root:");
  });

  test("writes are refused", async () => {
    const response = await fetch(`${t.api.url}/storage/types/a.png`, { method: "PUT", body: "x" });
    expect(response.status).toBe(405);
  });
});
