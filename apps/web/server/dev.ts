/** `npm run dev`: the site with hot reload (Vite in middleware mode) and the same content source. */

import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { parseSettings } from "../app/lib/config.server.ts";
import { outboxWorkerFromSettings } from "../app/lib/outbox-worker.server.ts";
import { createSiteApp } from "./app.ts";
import { resolveContentSource } from "./content-source.ts";
import { anchorDataPaths } from "./data-paths.ts";
import { stopOnSignals } from "./shutdown.ts";

process.env.NODE_ENV ??= "development";
anchorDataPaths();
const settings = parseSettings({ ...process.env, HOST: process.env.HOST ?? "127.0.0.1" });
const source = await resolveContentSource(settings, console.log);
const outboxWorker = outboxWorkerFromSettings(settings, source.apiBaseUrl);
const vite = await createServer({ server: { middlewareMode: true } });

const app = createSiteApp({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  before: [vite.middlewares],
  mediaProxyTo: source.mediaProxyTo,
  mode: "development",
  trustProxy: settings.TRUST_PROXY,
});
const server = app.listen(settings.PORT, settings.HOST, () => {
  console.log(`Development server on http://${settings.HOST}:${settings.PORT}`);
});

stopOnSignals(server, [() => outboxWorker.stop(), () => vite.close(), () => source.close()]);
