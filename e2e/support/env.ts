/** Ports and paths shared by the Playwright config, the test server and the tests. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 4210);
/**
 * A second site of the test run, whose content API is down (nothing listens on port 9): the
 * error screens of every spec come from it, instead of a server started per spec and width.
 */
export const E2E_DOWN_PORT = Number(process.env.E2E_DOWN_PORT ?? E2E_PORT + 1);
export const E2E_DOWN_URL = `http://127.0.0.1:${E2E_DOWN_PORT}`;
/** SITE_URL of the test server: canonical links and social-card URLs start with it. */
export const E2E_SITE_URL = "https://www.arkan-contracting.example";
export const repoRoot = path.resolve(import.meta.dirname, "../..");
/** Fresh databases and storage folder each run (the demo media come from the seed). */
export const e2eDataDir = path.join(os.tmpdir(), `arkan-e2e-${E2E_PORT}`);
export const e2eStorageDir = path.join(e2eDataDir, "storage");

/** Where Debian's `chromium` and `chromium-headless-shell` packages put their browsers. */
export const debianChromium = "/usr/bin/chromium";
export const debianHeadlessShell = "/usr/bin/chromium-headless-shell";

/** Debian's Chromium, the full browser: Lighthouse and the screenshots. */
export function chromiumPath(): string {
  return firstBrowser([process.env.CHROMIUM_PATH, debianChromium, "/usr/bin/chromium-browser"]);
}

/**
 * The browser tests' browser: Debian's chromium-headless-shell when it is installed (the same
 * engine without the full browser's headless mode; the suite runs in about 40 % less time on
 * 2 cores), else the full Chromium. CHROMIUM_PATH overrides both.
 */
export function testBrowserPath(): string {
  return firstBrowser([process.env.CHROMIUM_PATH, debianHeadlessShell, chromiumPath()]);
}

function firstBrowser(candidates: (string | undefined)[]): string {
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) throw new Error("Chromium not found: install Debian's chromium or set CHROMIUM_PATH");
  return found;
}

/** Flags for headless Chromium on these machines (no background network look-ups). */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
