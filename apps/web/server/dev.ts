/**
 * `npm run dev -w @site/web`: the site from its source as you edit it (Vite in middleware
 * mode: a change shows on the next page load), reading API_BASE_URL like the production server
 * (the repository's `npm run dev` runs it beside the reference API).
 */
import http from "node:http";
import { defaultMode, loadSettings, SettingsError } from "./settings.server.ts";

// The mode, like start.ts does for production: libraries read it when first imported.
defaultMode("development");

const { createServer } = await import("vite");
const { outboxWorkerFromSettings } = await import("./contact/outbox-worker.server.ts");
const { repoRoot } = await import("./repo-root.ts");
const { stopOnSignals } = await import("./shutdown.ts");

let settings: ReturnType<typeof loadSettings>;
try {
  settings = loadSettings(repoRoot, { HOST: "127.0.0.1" });
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { loggerFor } = await import("./log.server.ts");
const log = loggerFor("http");
log.info(`Reading content from ${settings.API_BASE_URL}`);
const outboxWorker = outboxWorkerFromSettings(settings);
// Vite's live-update socket shares the site's server (its address and port), rather than
// listening on a port of its own on every interface.
const server = http.createServer();
const vite = await createServer({ server: { middlewareMode: true, hmr: { server } } });
// Loaded through Vite, so the app and the routes it serves share Vite's copy of each module.
const { createSiteApp } = (await vite.ssrLoadModule(
  "./server/http/app.ts",
)) as typeof import("./http/app.ts");

const app = createSiteApp({
  settings,
  before: [vite.middlewares],
});
server.on("request", app);
server.listen(settings.PORT, settings.HOST, () => {
  log.info(`Development server on http://${settings.HOST}:${settings.PORT}`);
});

stopOnSignals(server, [() => outboxWorker.stop(), () => vite.close()]);
