import path from "node:path";

/** The monorepo root (this file is apps/content-api/src/paths.ts). */
export const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** The readable seed files, one JSON file per collection. */
export const defaultSeedDir = path.resolve(import.meta.dirname, "../seed");

export const defaultDatabasePath = path.join(repoRoot, "data", "content.sqlite");
export const defaultStorageDir = path.join(repoRoot, "data", "storage");
