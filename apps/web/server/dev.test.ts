/**
 * `npm run dev`: the site from its sources through Vite, made as dev.ts makes it (the app loaded
 * once, the routes reloaded after each edit). An edit Vite reloads, of a string or of the page
 * table, must leave the pages working: the reloaded routes read what the app made at start.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer as createVite, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startServer,
  type TestServer,
} from "../../../packages/contract/src/conformance/fake-api.ts";
import { repoRoot } from "./repo-root.ts";
import { parseSettings } from "./settings.server.ts";

const webRoot = path.join(repoRoot, "apps/web");
let api: TestServer;
let vite: ViteDevServer;
let server: http.Server;
let site = "";

beforeAll(async () => {
  api = await startServer();
  vite = await createVite({
    root: webRoot,
    logLevel: "silent",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const { createSiteApp } = (await vite.ssrLoadModule(
    path.join(webRoot, "server/http/app.ts"),
  )) as typeof import("./http/app.ts");
  const app = createSiteApp({
    settings: parseSettings({
      NODE_ENV: "development",
      API_BASE_URL: api.base,
      COMPANY_FILE: path.join(webRoot, "company.json"),
      ACCESS_LOG: "false",
      LOG_LEVEL: "silent",
    }),
    before: [vite.middlewares],
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
  await api?.stop();
});

/** What Vite does when a file is saved: every module that imports it is loaded anew. */
function edited(file: string) {
  const modules = vite.environments.ssr.moduleGraph.getModulesByFile(path.join(webRoot, file));
  expect(modules?.size, file).toBeGreaterThan(0);
  for (const module of modules ?? []) {
    vite.environments.ssr.moduleGraph.invalidateModule(module, new Set(), Date.now(), true);
  }
}

describe("the development server", () => {
  it("serves pages after an edit of the strings or of the page table", async () => {
    const status = async (page: string) => (await fetch(`${site}${page}`)).status;
    expect(await status("/en/overview")).toBe(200);
    edited("app/i18n/en.json");
    expect(await status("/en/overview")).toBe(200);
    edited("app/shared/page-table.ts");
    expect(await status("/ar/overview")).toBe(200);
  }, 60_000);
});
