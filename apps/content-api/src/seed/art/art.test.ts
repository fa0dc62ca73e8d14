import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAssets } from "./index.ts";
import { describe as describeAsset, storageRelative, subjectOf } from "./paths.ts";

const RASTERS = {
  "/storage/banners/home-hero-skyline.jpg": ["jpeg", 1920, 1080],
  "/storage/pages/careers-team.jpg": ["jpeg", 1920, 640],
  "/storage/services/mep-works-banner-crane.jpg": ["jpeg", 1920, 640],
  "/storage/news/metro-contract-banner-tunnel.jpg": ["jpeg", 1920, 640],
  "/storage/projects/king-road-tower/cover-tower.webp": ["webp", 800, 600],
  "/storage/projects/king-road-tower/main-tower.webp": ["webp", 1200, 800],
  "/storage/projects/king-road-tower/1-tower.webp": ["webp", 1200, 800],
  "/storage/projects/king-road-tower/2-tower.webp": ["webp", 1200, 800],
  "/storage/news/new-desalination-contract-water-plant.webp": ["webp", 1200, 800],
  "/storage/about/our-story-meeting.webp": ["webp", 1200, 800],
  "/storage/overview/company-blueprint.webp": ["webp", 1200, 800],
  "/storage/hse/site-safety.webp": ["webp", 1200, 800],
  "/storage/equipment/transit-mixers-concrete-mixer.webp": ["webp", 800, 600],
  "/storage/iso/iso-9001-2015.webp": ["webp", 800, 1100],
  "/storage/misc/zebra-unicorn.webp": ["webp", 1200, 800],
} as const;
const ICON = "/storage/icons/helmet.svg";
const ICON_WHITE = "/storage/icons/helmet-white.svg";
const PDF = "/storage/profile/arkan-company-profile.pdf";
const ALL = [...Object.keys(RASTERS), ICON, ICON_WHITE, PDF];

let dir = "";
const file = (url: string) => join(dir, ...url.replace("/storage/", "").split("/"));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "art-test-"));
  await ensureAssets([...ALL, "https://example.com/logo.png", "/storage/../escape.png"], dir);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("path rules", () => {
  it("picks the longest known subject at the end of the name", () => {
    expect(subjectOf("all-terrain-cranes-mobile-crane")).toBe("mobile-crane");
    expect(subjectOf("haulage-fleet-dump-truck")).toBe("dump-truck");
    expect(subjectOf("jubail-water-plant")).toBe("water-plant");
    expect(subjectOf("chairmans-message-office")).toBe("office");
    expect(subjectOf("site-crane")).toBe("crane");
    expect(subjectOf("zebra-unicorn")).toBeUndefined();
  });

  it("sizes and numbers gallery pictures from the path", () => {
    const gallery = describeAsset("projects/x/3-bridge.webp");
    expect(gallery).toMatchObject({
      kind: "picture",
      subject: "bridge",
      width: 1200,
      height: 800,
      variant: 3,
    });
    expect(describeAsset("iso/iso-45001-2018.webp")).toMatchObject({
      kind: "certificate",
      number: "45001",
      year: "2018",
    });
    expect(storageRelative("/storage/../../etc/passwd")).toBeNull();
    expect(storageRelative("https://cdn.example/x.png")).toBeNull();
  });
});

describe("ensureAssets", () => {
  it("renders raster pictures with the right format and size", async () => {
    for (const [url, [format, width, height]] of Object.entries(RASTERS)) {
      const meta = await sharp(file(url)).metadata();
      expect({ url, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        url,
        format,
        width,
        height,
      });
      if (format === "jpeg") expect(meta.isProgressive).toBe(true);
    }
  });

  it("draws different gallery pictures for one project", async () => {
    const a = await readFile(file("/storage/projects/king-road-tower/1-tower.webp"));
    const b = await readFile(file("/storage/projects/king-road-tower/2-tower.webp"));
    expect(a.equals(b)).toBe(false);
  });

  it("renders an unknown subject as a real picture, not a blank", async () => {
    const stats = await sharp(file("/storage/misc/zebra-unicorn.webp")).stats();
    const spread = stats.channels.map((c) => c.max - c.min);
    expect(Math.max(...spread)).toBeGreaterThan(100);
  });

  it("writes standalone line icons, navy/amber and all-white", async () => {
    const icon = await readFile(file(ICON), "utf8");
    const white = await readFile(file(ICON_WHITE), "utf8");
    for (const svg of [icon, white]) {
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('viewBox="0 0 64 64"');
      expect(svg).toContain('stroke-width="2.5"');
      expect(svg).toContain('stroke-linecap="round"');
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.format).toBe("svg");
      expect(meta.width).toBe(64);
    }
    expect(icon).toContain("#0f2a44");
    expect(icon).toContain("#f2a900");
    expect(white).not.toMatch(/#0f2a44|#f2a900/);
    expect(white).toContain("#ffffff");
  });

  it("writes a multi-page company profile PDF under 300 KB", async () => {
    const pdf = await readFile(file(PDF));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(300 * 1024);
    const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(5);
  });

  it("ignores URLs outside /storage and leaves no temp files", async () => {
    const top = await readdir(dir);
    expect(top.sort()).toEqual([
      "about",
      "banners",
      "equipment",
      "hse",
      "icons",
      "iso",
      "misc",
      "news",
      "overview",
      "pages",
      "profile",
      "projects",
      "services",
    ]);
    const all = await readdir(dir, { recursive: true });
    expect(all.filter((name) => String(name).endsWith(".tmp"))).toEqual([]);
  });

  it("does not rewrite existing files, and re-renders identically when one is missing", async () => {
    const before = await Promise.all(ALL.map(async (url) => (await stat(file(url))).mtimeMs));
    const target = file("/storage/hse/site-safety.webp");
    const original = await readFile(target);
    await rm(target);
    await ensureAssets(ALL, dir);
    const after = await Promise.all(ALL.map(async (url) => (await stat(file(url))).mtimeMs));
    ALL.forEach((url, i) => {
      if (url !== "/storage/hse/site-safety.webp")
        expect({ url, mtime: after[i] }).toEqual({ url, mtime: before[i] });
    });
    expect((await readFile(target)).equals(original)).toBe(true);
  }, 60_000);
});
