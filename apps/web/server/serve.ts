/**
 * Serves the production build on PORT (started through `start.ts`, which sets the mode first).
 * Settings are checked first; a wrong one stops the start with one readable line.
 */
import path from "node:path";
import { CompanyFileError } from "../app/lib/company.server.ts";
import { loadSettings, SettingsError } from "../app/lib/config.server.ts";
import { outboxWorkerFromSettings } from "../app/lib/outbox-worker.server.ts";
import type { createSiteApp as CreateSiteApp } from "./app.ts";
import { ContentSourceError, resolveContentSource } from "./content-source.ts";
import { repoRoot } from "./repo-root.ts";
import { stopOnSignals } from "./shutdown.ts";

const log = (line: string) => console.log(line);

/** Runs `step`; an operator's mistake it reports (one line) stops the start. */
async function orStop<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const known = [SettingsError, CompanyFileError, ContentSourceError];
    if (known.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exit(1);
    }
    throw error;
  }
}

const settings = await orStop(() => loadSettings(repoRoot));
const buildDir = path.resolve(repoRoot, "apps/web", settings.BUILD_DIR);
// The server build's entry is server/app.ts, bundled with the routes (vite.config.ts).
const { createSiteApp } = (await import(path.join(buildDir, "server/index.js"))) as {
  createSiteApp: typeof CreateSiteApp;
};
const source = await orStop(() => resolveContentSource(settings, log));
const app = await orStop(() =>
  createSiteApp({
    settings: source.settings,
    clientDir: path.join(buildDir, "client"),
    mediaProxyTo: source.mediaProxyTo,
  }),
);
// Contact messages the API could not take wait in the outbox; this delivers them later.
const outboxWorker = outboxWorkerFromSettings(source.settings, log);

const server = app.listen(settings.PORT, settings.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.PORT;
  log(
    `Website ready on http://${settings.HOST === "0.0.0.0" ? "localhost" : settings.HOST}:${port} (${app.get("env")} mode)`,
  );
});
server.on("error", (error) => {
  console.error(`Could not listen on ${settings.HOST}:${settings.PORT}: ${error.message}`);
  process.exit(1);
});

stopOnSignals(server, [() => outboxWorker.stop(), () => source.close()]);
