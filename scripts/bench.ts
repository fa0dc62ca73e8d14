/**
 * `npm run bench`: speed and size figures of the production build. Prints, never fails on a
 * number. Measures the client bundle (raw and gzip), server render times of key pages with a
 * warm cache, and, in Chromium emulating a mid-range phone (4x slower CPU, fast 3G-like
 * network), first contentful paint, largest contentful paint and bytes transferred.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath, repoRoot } from "../e2e/support/env.ts";
import { startSite } from "../e2e/support/site.ts";

const buildDir = path.join(repoRoot, "apps/web", process.env.BUILD_DIR ?? "build");
const assets = path.join(buildDir, "client/assets");
if (!fs.existsSync(assets)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function bundleFigures() {
  const totals: Record<string, { raw: number; gzip: number; files: number }> = {};
  for (const file of fs.readdirSync(assets)) {
    const ext = path.extname(file).slice(1);
    const body = fs.readFileSync(path.join(assets, file));
    totals[ext] ??= { raw: 0, gzip: 0, files: 0 };
    const entry = totals[ext];
    entry.raw += body.length;
    entry.gzip += ["js", "css", "svg"].includes(ext) ? gzipSync(body).length : body.length;
    entry.files += 1;
  }
  console.log("\nClient assets");
  for (const [ext, t] of Object.entries(totals).sort()) {
    console.log(
      `  ${ext.padEnd(6)} ${String(t.files).padStart(3)} files  ${kb(t.raw).padStart(10)}  gzip ${kb(t.gzip).padStart(10)}`,
    );
  }
}

const pages = [
  "/en",
  "/ar",
  "/en/projects",
  "/ar/projects/1",
  "/en/news",
  "/ar/news/2",
  "/en/services",
  "/ar/iso",
];

async function renderFigures(base: string) {
  console.log("\nServer render (warm cache, 20 requests each)");
  for (const page of pages) {
    await fetch(base + page).then((r) => r.text());
    const times: number[] = [];
    let html = "";
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      html = await fetch(base + page).then((r) => r.text());
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) =>
      times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    console.log(
      `  ${page.padEnd(18)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  html ${kb(Buffer.byteLength(html))} (gzip ${kb(gzipSync(html).length)})`,
    );
  }
}

async function browserFigures(base: string) {
  console.log("\nMid-range phone (Chromium, 4x CPU slowdown, 1.6 Mbps / 150 ms RTT)");
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
  for (const page of ["/en", "/ar", "/en/projects/1", "/ar/news"]) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    let bytes = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    });
    await tab.addInitScript(() => {
      (window as unknown as { __lcp: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { __lcp: number }).__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await tab.goto(base + page, { waitUntil: "load" });
    await tab.waitForTimeout(1500);
    const figures = await tab.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
      lcp: (window as unknown as { __lcp: number }).__lcp,
      load: performance.getEntriesByType("navigation")[0]?.duration ?? 0,
    }));
    console.log(
      `  ${page.padEnd(16)} FCP ${figures.fcp.toFixed(0)} ms  LCP ${figures.lcp.toFixed(0)} ms  load ${figures.load.toFixed(0)} ms  transferred ${kb(bytes)}`,
    );
    await context.close();
  }
  await browser.close();
}

bundleFigures();
const site = await startSite(Number(process.env.BENCH_PORT ?? 3399), {
  API_PORT: process.env.BENCH_API_PORT ?? "4399",
  API_DATABASE_PATH: path.join(repoRoot, "node_modules/.cache/bench/content.sqlite"),
  API_STORAGE_DIR: path.join(repoRoot, "node_modules/.cache/bench/storage"),
  OUTBOX_DATABASE_PATH: path.join(repoRoot, "node_modules/.cache/bench/outbox.sqlite"),
});
try {
  await renderFigures(site.url);
  await browserFigures(site.url);
} finally {
  await site.stop();
}
