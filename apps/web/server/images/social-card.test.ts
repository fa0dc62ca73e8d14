/**
 * Social cards: the drawn card is a PNG of 1200×630 in both languages, English starts at the
 * left and Arabic at the right, Arabic letters are joined; the endpoint draws only titles of
 * pages that exist, keeps each card on disk and says how long it may be cached.
 */
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardVersion } from "../../app/shared/social-image.ts";
import type { CompanyFile } from "../company.server.ts";
import { escapeXml } from "../escape-xml.ts";
import { type Card, type CardDrawer, cardDrawer } from "./card-drawing.ts";
import { ogTitleOf, socialCardEndpoint } from "./social-card.ts";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const testDir = fs.mkdtempSync(path.join(os.tmpdir(), "social-card-test-"));
// Under a dot-directory, as in ~/.cache or node_modules/.cache: files there are served too.
const cacheDir = path.join(testDir, ".cache", "cards");
const publicDir = path.resolve(import.meta.dirname, "../../public");
const logo = fs.readFileSync(path.join(publicDir, "logo.svg"));
let draw: CardDrawer;

beforeAll(async () => {
  draw = await cardDrawer({ cacheDir, libvipsMemoryMb: 16 });
});

afterAll(() => fs.rmSync(testDir, { recursive: true, force: true }));

const card = (lang: Card["lang"], title: string): Card => ({
  lang,
  title,
  siteName: lang === "ar" ? "أركان للمقاولات" : "Arkan Contracting",
  host: "www.arkan-contracting.example",
  logo: "/logo.svg",
});

/** The card's pixels, decoded once. */
async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  /** Leftmost and rightmost columns of white (text) pixels in rows `top` to `bottom`. */
  return (top: number, bottom: number) => {
    let [left, right] = [Number.POSITIVE_INFINITY, -1];
    for (let y = top; y < bottom; y++) {
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * info.channels;
        if (Math.min(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) > 235) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    return { left, right };
  };
}

/**
 * The left and right edges of each line of white text between rows `top` and `bottom`: rows
 * with white pixels, grouped into lines where more than 12 rows without any part them.
 */
async function lineEdges(png: Buffer, top: number, bottom: number) {
  const white = await pixelsOf(png);
  const lines: { left: number; right: number }[] = [];
  let blank = Number.POSITIVE_INFINITY;
  for (let y = top; y < bottom; y++) {
    const row = white(y, y + 1);
    if (row.right < 0) {
      blank++;
      continue;
    }
    if (blank > 12) lines.push({ left: row.left, right: row.right });
    const line = lines.at(-1);
    if (line) {
      line.left = Math.min(line.left, row.left);
      line.right = Math.max(line.right, row.right);
    }
    blank = 0;
  }
  return lines;
}

describe("the drawn card", () => {
  it("is a PNG of 1200×630 with an English title starting at the left margin", async () => {
    const title = "Riyadh Metro Line 3: Stations, Depots & <Viaducts>";
    const png = await draw(card("en", title), logo);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // The IHDR chunk's width and height, and what sharp reads.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    // Two lines, each starting at the left margin, the second shorter.
    const lines = await lineEdges(png, 200, 520);
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(Math.abs(line.left - 80), JSON.stringify(lines)).toBeLessThan(8);
    expect(lines[1]?.right).toBeLessThan((lines[0]?.right ?? 0) - 100);
  });

  it("is a PNG of 1200×630 with an Arabic title, English name inside, ending at the right margin", async () => {
    const title = "مشروع برج Arkan Tower في الرياض: المرحلة الثانية";
    const png = await draw(card("ar", title), logo);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    // Two lines, each ending at the right margin (where Arabic starts), the second shorter.
    const lines = await lineEdges(png, 200, 520);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(Math.abs(line.right - 1120), JSON.stringify(lines)).toBeLessThan(8);
    }
    expect(lines[1]?.left).toBeGreaterThan((lines[0]?.left ?? 0) + 100);
  });

  it("stays 1200×630 with a title far too long for three lines, and without a logo", async () => {
    for (const [lang, word] of [
      ["en", "Construction"],
      ["ar", "إنشاءات"],
    ] as const) {
      const png = await draw(card(lang, Array(80).fill(word).join(" ")), null);
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
      // Cut to three lines: nothing white below the title's area.
      const foot = (await pixelsOf(png))(520, 616);
      expect(foot.right).toBe(-1);
    }
  });

  it("joins Arabic letters (Pango shapes them with the registered Cairo font)", async () => {
    const width = async (text: string) =>
      (await sharp({ text: { text, font: "Cairo Bold 64", dpi: 72 } }).metadata()).width ?? 0;
    // The same letters, joined, then kept apart by zero-width non-joiners (isolated forms).
    const joined = await width("مستشفى");
    const apart = await width(Array.from("مستشفى").join("\u200c"));
    expect(joined).toBeGreaterThan(0);
    expect(joined).toBeLessThan(apart * 0.85);
  });
});

describe("ogTitleOf and the title as card markup", () => {
  it("reads the og:title as React writes it, entities decoded", () => {
    const html = `<head><meta property="og:type" content="website"/><meta property="og:title" content="Roads &amp; Bridges &lt;2&gt; &quot;A&quot; &#x27;B&#x27;"/></head>`;
    expect(ogTitleOf(html)).toBe(`Roads & Bridges <2> "A" 'B'`);
    expect(ogTitleOf(`<meta property="og:title" content=" "/>`)).toBeNull();
    expect(ogTitleOf("<title>No card</title>")).toBeNull();
  });

  it("keeps Pango markup in a title as text", () => {
    expect(escapeXml(`<b>A & B</b> "q"`)).toBe(`&lt;b&gt;A &amp; B&lt;/b&gt; &quot;q&quot;`);
  });
});

describe("the /og endpoint", () => {
  const titles: Record<string, string> = {
    "/en/news/3": "Bridge opened",
    "/ar": "أركان للمقاولات",
  };
  const asked: string[] = [];
  const company = {
    name: { en: "Arkan Contracting", ar: "أركان للمقاولات" },
    logo: "/logo.svg",
  } as CompanyFile;
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.get(
      /^\/og\//,
      socialCardEndpoint({
        cacheDir,
        company,
        siteUrl: "https://www.example.com",
        publicDir,
        timeoutMs: 1000,
        libvipsMemoryMb: 16,
        pageTitle: async (pathname) => {
          asked.push(pathname);
          return titles[pathname] ?? null;
        },
      }),
    );
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers a page's card as a PNG, cached a week at its current address", async () => {
    const v = cardVersion("en", ["Bridge opened", "Arkan Contracting", "/logo.svg"]);
    const response = await fetch(`${base}/og/en/news/3.png?v=${v}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("max-age=604800");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
    const kept = fs.readdirSync(path.join(cacheDir, "cards"), { recursive: true });
    expect(kept.filter((file) => String(file).endsWith(".png"))).toHaveLength(1);

    // An old address gets today's card, the same bytes from disk, cached briefly.
    const old = await fetch(`${base}/og/en/news/3.png?v=old`);
    expect(old.headers.get("cache-control")).toContain("max-age=300");
    expect(Buffer.from(await old.arrayBuffer())).toEqual(png);
    const home = await fetch(`${base}/og/ar.png`);
    expect(home.status).toBe(200);
    expect(asked).toEqual(["/en/news/3", "/en/news/3", "/ar"]);
  });

  it("answers 404 for anything but a page that exists, asking only about real page paths", async () => {
    asked.length = 0;
    for (const address of [
      "/og/en/news/4.png", // a page path that does not answer 200
      "/og/en/nowhere.png",
      "/og/en/soso.png",
      "/og/fr/news.png",
      "/og/EN/news/3.png",
      "/og/en/news/3/.png",
      "/og/en/news/3.jpg",
      "/og/.png",
      "/og/en/news/3.png/x",
      "/og/en/news/%2E%2E.png", // dots the URL parser would resolve to the home page
      "/og/en/news/a%2Fb.png",
    ]) {
      const response = await fetch(`${base}${address}`);
      expect(response.status, address).toBe(404);
    }
    expect(asked).toEqual(["/en/news/4"]);
  });
});
