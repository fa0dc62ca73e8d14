import { defineConfig } from "vitest/config";

// Unit and integration tests of every workspace; browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "docs/*.test.ts",
      "apps/*/{src,test,app,server,vite}/**/*.test.{ts,tsx}",
    ],
    exclude: ["**/node_modules/**", "**/build/**", "e2e/**"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
