import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, E2E_DOWN_URL, E2E_PORT, testBrowserPath } from "./e2e/support/env.ts";

/**
 * Browser tests against the real production server reading the reference API, both started by
 * `e2e/support/serve.ts`, in the system's Chromium, at desktop and phone widths.
 */
export default defineConfig({
  testDir: "e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: testBrowserPath(),
      args: chromiumArgs,
    },
    // A failed test keeps its trace (each action and what it waited for) and a screenshot.
    // Since every test records one, the trace leaves out the screencast (the run a third slower
    // on 2 cores) and the DOM snapshots with the network (a sixth). `E2E_TRACE=full` records
    // them all, for every test: to see a failure again step by step.
    trace:
      process.env.E2E_TRACE === "full"
        ? "on"
        : { mode: "retain-on-failure", screenshots: false, snapshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    {
      name: "phone",
      // Specs whose every test already skips this width (server answers, files, processes):
      // not even loaded here, so no worker starts for them and no page opens only to skip.
      testIgnore: [
        "company.spec.ts",
        "contact-faults.spec.ts",
        "degrade.spec.ts",
        "discovery.spec.ts",
        "fuzz.spec.ts",
        "html-validity.spec.ts",
        "http.spec.ts",
        "news-feed.spec.ts",
        "operations.spec.ts",
        "page-cache.spec.ts",
        "purge-by-content.spec.ts",
        "scale-out.spec.ts",
        "search-engines.spec.ts",
        "serve-demo.spec.ts",
        "site-search-index.spec.ts",
        "social-cards.spec.ts",
        "stale-answers.spec.ts",
      ].map((file) => `**/${file}`),
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 375, height: 812 },
        defaultBrowserType: "chromium",
      },
    },
  ],
  webServer: [
    {
      command: "node e2e/support/serve.ts",
      url: `http://127.0.0.1:${E2E_PORT}/en/soso`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The error screens' site (its API down), shared by every spec that shows one.
      command: "node e2e/support/serve.ts --api-down",
      url: `${E2E_DOWN_URL}/robots.txt`,
      timeout: 180_000,
      reuseExistingServer: false,
      // Its log is one error line per API call it cannot make: expected, not worth showing.
      stdout: "ignore",
      stderr: "ignore",
    },
  ],
});
