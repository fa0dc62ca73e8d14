/**
 * `npm run dev`: the site from its source as you edit it (Vite in middleware mode: a change
 * shows on the next page load) and the same content source.
 */

import { createServer } from "vite";
import type { createSiteApp as CreateSiteApp } from "./app.ts";
import { outboxWorkerFromSettings } from "./contact/outbox-worker.server.ts";
import { resolveContentSource } from "./content-source.ts";
import { repoRoot } from "./repo-root.ts";
import { loadSettings } from "./settings.server.ts";
import { stopOnSignals } from "./shutdown.ts";

// The mode, like start.ts does for production: libraries read it when first imported.
process.env.NODE_ENV ??= "development";
const settings = loadSettings(repoRoot, { HOST: "127.0.0.1" });
const source = await resolveContentSource(settings, console.log);
const outboxWorker = outboxWorkerFromSettings(source.settings);
const vite = await createServer({ server: { middlewareMode: true } });
// Loaded through Vite, so the app and the routes it serves share Vite's copy of each module.
const { createSiteApp } = (await vite.ssrLoadModule("./server/app.ts")) as {
  createSiteApp: typeof CreateSiteApp;
};

const app = createSiteApp({
  settings: source.settings,
  before: [vite.middlewares],
  mediaProxyTo: source.mediaProxyTo,
});
const server = app.listen(settings.PORT, settings.HOST, () => {
  console.log(`Development server on http://${settings.HOST}:${settings.PORT}`);
});

stopOnSignals(server, [() => outboxWorker.stop(), () => vite.close(), () => source.close()]);
