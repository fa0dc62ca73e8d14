/** `npm run start:api`: the content API with the settings from the environment. */
import { SeedError } from "./seed/seed-files.ts";
import { startContentApi } from "./server.ts";
import { loadSettings, SettingsError } from "./settings.ts";

try {
  const settings = loadSettings();
  const api = await startContentApi({ ...settings, log: (line) => console.log(line) });
  console.log(`Content API listening on ${api.url} (database ${settings.databasePath})`);

  const stop = (signal: string) => {
    console.log(`${signal}: closing the content API`);
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
} catch (error) {
  // NOTE: a bad setting, an unreadable seed or a busy port is one readable line, not a stack trace.
  const known = error instanceof SettingsError || error instanceof SeedError;
  const code = (error as NodeJS.ErrnoException)?.code;
  const line =
    known || code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL"
      ? (error as Error).message
      : String((error as Error)?.stack ?? error);
  console.error(`Content API not started: ${line}`);
  process.exit(1);
}
