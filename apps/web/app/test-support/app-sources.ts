/**
 * What the style tests (latin-only-styles.test.ts, logical-styles.test.ts) read: every source
 * file of the app, and the class-like tokens of a file's string literals.
 */
import fs from "node:fs";
import path from "node:path";

/** The words of every string literal in `source`: any of them may be a class name. */
export function literalTokens(source: string): string[] {
  const literals = source.matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g);
  return [...literals].flatMap((literal) =>
    (literal[1] ?? literal[2] ?? literal[3] ?? "").split(/\s+/),
  );
}

/**
 * Runs `find` on every TypeScript and CSS file of the app but its tests: how many files it read,
 * and each hit as `file: hit`.
 */
export function scanApp(find: (file: string, source: string) => string[]) {
  const root = path.join(import.meta.dirname, "..");
  const files = fs
    .globSync("**/*.{ts,tsx,css}", { cwd: root })
    .filter((file) => !file.includes(".test."));
  const hits = files.flatMap((file) =>
    find(file, fs.readFileSync(path.join(root, file), "utf8")).map((hit) => `${file}: ${hit}`),
  );
  return { files: files.length, hits };
}
