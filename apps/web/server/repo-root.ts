import path from "node:path";

/** The repository root: relative data paths in the settings mean this folder (README). */
export const repoRoot = path.resolve(import.meta.dirname, "../../..");
