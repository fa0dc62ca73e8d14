/**
 * Serves the production build on PORT (started through `start.ts`, which sets the mode first).
 * Settings are checked first; a wrong one stops the start with one readable line.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { CompanyFileError, companyFileOfSettings } from "../app/lib/company.server.ts";
import { parseSettings, SettingsError } from "../app/lib/config.server.ts";
import { outboxWorkerFromSettings } from "../app/lib/outbox-worker.server.ts";
import { createSiteApp } from "./app.ts";
import { ContentSourceError, resolveContentSource } from "./content-source.ts";
import { anchorDataPaths } from "./data-paths.ts";
import { stopOnSignals } from "./shutdown.ts";

const log = (line: string) => console.log(line);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

anchorDataPaths();
let settings: ReturnType<typeof parseSettings>;
try {
  settings = parseSettings(process.env);
  companyFileOfSettings();
} catch (error) {
  if (error instanceof SettingsError || error instanceof CompanyFileError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let source: Awaited<ReturnType<typeof resolveContentSource>>;
try {
  source = await resolveContentSource(settings, log);
} catch (error) {
  if (error instanceof ContentSourceError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
// Contact messages the API could not take wait in the outbox; this delivers them later.
const outboxWorker = outboxWorkerFromSettings(settings, source.apiBaseUrl, log);
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const app = createSiteApp({
  build,
  clientDir: path.join(buildDir, "client"),
  mediaProxyTo: source.mediaProxyTo,
  trustProxy: settings.TRUST_PROXY,
  mode: settings.NODE_ENV,
});

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
