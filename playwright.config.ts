import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath, E2E_PORT } from "./e2e/support/env.ts";

/**
 * Browser tests against the real production server and the bundled reference API
 * (`e2e/support/serve.ts`), in the system's Chromium, at desktop and phone widths.
 */
export default defineConfig({
  testDir: "e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: chromiumPath(),
      args: chromiumArgs,
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 375, height: 812 },
        defaultBrowserType: "chromium",
      },
    },
  ],
  webServer: {
    command: "node e2e/support/serve.ts",
    url: `http://127.0.0.1:${E2E_PORT}/en/soso`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
