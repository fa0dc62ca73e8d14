import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/**
 * Relative data paths in the settings mean the repository root (README), whatever folder npm
 * runs a script in; this makes them absolute before the settings are read.
 */
export function anchorDataPaths(env: NodeJS.ProcessEnv = process.env) {
  env.COMPANY_FILE = path.resolve(repoRoot, env.COMPANY_FILE || "apps/web/company.json");
  env.OUTBOX_DATABASE_PATH = path.resolve(
    repoRoot,
    env.OUTBOX_DATABASE_PATH || "data/outbox.sqlite",
  );
  for (const key of ["API_DATABASE_PATH", "API_STORAGE_DIR"]) {
    const value = env[key];
    if (value) env[key] = path.resolve(repoRoot, value);
  }
}
