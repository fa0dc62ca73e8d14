/**
 * The image endpoint's crops against a stand-in API over loopback: the social card
 * (`/img?src=…&fit=og`), exactly 1200×630, JPEG whatever the browser accepts; a kind's shape
 * (`&w=…&h=…`), never enlarged; and the requests it refuses with 400.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageCrops, imageKinds, resizedUrl } from "../../app/shared/image-kinds.ts";
import { imageEndpoint } from "./image-endpoint.ts";

/** The site's public files, as in development. */
const publicDir = path.resolve(import.meta.dirname, "../../public");

const testDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-endpoint-test-"));
// Under a dot-directory, as in ~/.cache or node_modules/.cache: files there are served too.
const cacheDir = path.join(testDir, ".cache", "images");
let api: http.Server;
let site: http.Server;
let apiUrl = "";
let siteUrl = "";

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

beforeAll(async () => {
  // A small transparent PNG and a tall JPEG: both must come out as 1200×630 JPEGs.
  const images: Record<string, Buffer> = {
    "/storage/small.png": await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 4,
        background: { r: 200, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer(),
    "/storage/tall.jpg": await sharp({
      create: { width: 800, height: 2000, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer(),
    "/storage/wide.jpg": await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#996633" },
    })
      .jpeg()
      .toBuffer(),
    "/storage/not-an-image.jpg": Buffer.from("hello"),
  };
  api = http.createServer((req, res) => {
    const body = images[req.url ?? ""];
    if (body) res.writeHead(200).end(body);
    else if (req.url === "/storage/fails.jpg") res.writeHead(500).end();
    else res.writeHead(404).end();
  });
  apiUrl = await listen(api);
  const app = express();
  app.use(
    "/img",
    imageEndpoint({
      apiBaseUrl: apiUrl,
      origins: [apiUrl],
      cacheDir,
      maxCacheBytes: 512 * 1024 * 1024,
      libvipsMemoryMb: 16,
      timeoutMs: 2000,
      publicDir,
    }),
  );
  site = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => site.once("listening", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => api.close(resolve));
  fs.rmSync(testDir, { recursive: true, force: true });
});

const get = (query: string, accept = "image/avif,image/webp,*/*") =>
  fetch(`${siteUrl}/img?${query}`, { headers: { Accept: accept }, redirect: "manual" });

describe("fit=og", () => {
  for (const src of ["/storage/small.png", "/storage/tall.jpg"]) {
    it(`crops ${src} to a 1200×630 JPEG even for a browser that takes AVIF`, async () => {
      for (const query of [`src=${encodeURIComponent(src)}&fit=og`, `fit=og&src=${src}`]) {
        const response = await get(query);
        expect(response.status, query).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/jpeg");
        expect(response.headers.get("vary") ?? "").not.toContain("Accept");
        expect(response.headers.get("cache-control")).toContain("max-age=604800");
        const body = Buffer.from(await response.arrayBuffer());
        const meta = await sharp(body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
      }
    });
  }

  it("takes absolute URLs of the API's origin too", async () => {
    const response = await get(`src=${encodeURIComponent(`${apiUrl}/storage/tall.jpg`)}&fit=og`);
    expect(response.status).toBe(200);
  });
});

describe("a kind's shape (w and h)", () => {
  const { widths, width, height } = imageKinds.slide;
  const path = (src: string, w: number) =>
    resizedUrl(src, w, Math.round((w * height) / width)).replace(/^\/img\?/, "");

  it("cuts a landscape photo to the slide's tall shape at the width asked", async () => {
    const response = await get(path("/storage/wide.jpg", 480));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([480, Math.round((480 * height) / width)]);
  });

  it("sends the best format the browser takes, never one it refuses with q=0", async () => {
    for (const [accept, type] of [
      ["image/avif;q=0, image/webp", "image/webp"],
      ["image/avif;q=0,image/webp;q=0,*/*", "image/jpeg"],
      ["image/webp;q=0.8,image/avif", "image/avif"],
    ]) {
      const response = await get(path("/storage/wide.jpg", 480), accept);
      expect(response.headers.get("content-type"), accept).toBe(type);
    }
  });

  it("gives the largest piece of that shape a small source has, never enlarged", async () => {
    const widest = widths.at(-1) ?? 0;
    const response = await get(path("/storage/wide.jpg", widest), "image/jpeg");
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    // The source is 900 px tall: the piece is 900 tall and as wide as the shape makes it.
    expect(meta.height).toBe(900);
    expect(meta.width).toBe(Math.round((900 * width) / height));
  });

  it("makes only the shapes the site asks for: each width of a cut kind, at its shape", () => {
    const cut = Object.values(imageKinds).filter((kind) => "crop" in kind && kind.crop);
    expect(cut.length).toBeGreaterThan(0);
    expect(imageCrops.size).toBeGreaterThan(0);
    for (const crop of imageCrops) {
      const [w = 0, h = 0] = crop.split("x").map(Number);
      const asked = cut.some(
        (kind) =>
          (kind.widths as readonly number[]).includes(w) &&
          h === Math.round((w * kind.height) / kind.width),
      );
      expect(asked, crop).toBe(true);
    }
  });
});

describe("bad requests", () => {
  const src = encodeURIComponent("/storage/tall.jpg");
  for (const [query, reason] of [
    [`src=${src}`, "no width and no fit"],
    [`src=${src}&w=123`, "a width the site never asks for"],
    [`src=${src}&fit=cover`, "a fit other than og"],
    [`src=${src}&fit=OG`, "og spelled otherwise"],
    [`src=${src}&fit=`, "an empty fit"],
    [`src=${src}&fit=og&fit=og`, "fit twice"],
    [`src=${src}&fit=og&w=640`, "fit with a width"],
    [`src=${src}&fit=og&w=`, "fit with an empty width"],
    [`src=${src}&w=480&h=480`, "a shape the site never asks for"],
    [`src=${src}&w=480&h=`, "an empty height"],
    [`src=${src}&h=853`, "a height without a width"],
    [`src=${src}&fit=og&h=853`, "fit with a height"],
    ["fit=og", "no source"],
    [`src=${encodeURIComponent("https://elsewhere.example/a.jpg")}&fit=og`, "another origin"],
    [`src=${encodeURIComponent("/etc/passwd")}&fit=og`, "a path outside the API's storage"],
    [`src=${encodeURIComponent("/storage/not-an-image.jpg")}&fit=og`, "a file that is no image"],
  ] as const) {
    it(`answers 400 for ${reason}`, async () => {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type")).toContain("text/plain");
    });
  }

  it("answers 404 for a source the API does not have: with the site's 'no image' picture on pages", async () => {
    const missing = await get(`src=${encodeURIComponent("/storage/gone.jpg")}&w=640`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("image/svg+xml");
    expect(Buffer.from(await missing.arrayBuffer())).toEqual(
      fs.readFileSync(path.join(publicDir, "no-image.svg")),
    );
    // Not for long: the file may be uploaded soon.
    expect(missing.headers.get("cache-control")).toBe("public, max-age=300");
    // A social card's crawler gets no stand-in.
    const card = await get(`src=${encodeURIComponent("/storage/gone.jpg")}&fit=og`);
    expect(card.status).toBe(404);
    expect(card.headers.get("content-type")).toContain("text/plain");
  });

  it("sends a crawler whose page's crop has no image to the card the site draws for that page", async () => {
    const gone = encodeURIComponent("/storage/gone.jpg");
    const card = await get(`src=${gone}&fit=og&page=${encodeURIComponent("/ar/news/3")}`);
    expect(card.status).toBe(302);
    expect(card.headers.get("location")).toBe("/og/ar/news/3.png");
    // Only to a page's address as the page table writes it, and only for a social crop.
    for (const page of ["/ar/news/3/", "/AR/news/3", "//evil.example", "/en/nope", "/en/soso"]) {
      expect((await get(`src=${gone}&fit=og&page=${encodeURIComponent(page)}`)).status, page).toBe(
        400,
      );
    }
    expect((await get(`src=${gone}&w=640&page=%2Fen`)).status).toBe(400);
    // With its image there, the crop itself.
    const tall = encodeURIComponent("/storage/tall.jpg");
    const crop = await get(`src=${tall}&fit=og&page=%2Fen`);
    expect(crop.status).toBe(200);
    expect(crop.headers.get("content-type")).toBe("image/jpeg");
  });

  it("shows the 'no image' picture for a file that is no image, and for an API failing to send one (not kept)", async () => {
    const noImage = fs.readFileSync(path.join(publicDir, "no-image.svg"));
    const broken = await get(`src=${encodeURIComponent("/storage/not-an-image.jpg")}&w=640`);
    expect(broken.status).toBe(400);
    expect(broken.headers.get("content-type")).toContain("image/svg+xml");
    expect(Buffer.from(await broken.arrayBuffer())).toEqual(noImage);
    expect(broken.headers.get("cache-control")).toBe("public, max-age=300");
    const failing = await get(`src=${encodeURIComponent("/storage/fails.jpg")}&w=640`);
    expect(failing.status).toBe(502);
    expect(Buffer.from(await failing.arrayBuffer())).toEqual(noImage);
    expect(failing.headers.get("cache-control")).toBe("no-store");
  });
});
