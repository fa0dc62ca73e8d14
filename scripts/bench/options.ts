/** Command-line options and environment settings the benchmarks share. */
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

/** `--name`'s value as a whole number of at least 1; anything else ends the run (exit 2). */
export function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1, not "${text}"`);
    process.exit(2);
  }
  return value;
}

/**
 * `--duration S`, `--connections N` and `--skip-build`, with this benchmark's defaults, beside
 * its own options (`own`); and the build folder, apps/web/$BUILD_DIR (default `build-bench`,
 * leaving `build` alone).
 */
export function benchArgs<const Own extends ParseArgsOptionsConfig>(
  defaults: { duration: string; connections: string },
  own: Own,
) {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: defaults.duration },
      connections: { type: "string", default: defaults.connections },
      "skip-build": { type: "boolean", default: false },
      ...own,
    },
  });
  // Declared above with defaults, so always there (TypeScript cannot see it through `Own`).
  const shared = values as unknown as {
    duration: string;
    connections: string;
    "skip-build": boolean;
  };
  return {
    values,
    common: {
      seconds: positiveInteger("duration", shared.duration),
      connections: positiveInteger("connections", shared.connections),
      build: !shared["skip-build"],
      buildDir: process.env.BUILD_DIR ?? "build-bench",
    },
  };
}

/** Fixed ports of the site, its API and nginx: BENCH_PORT (3399), BENCH_API_PORT, BENCH_NGINX_PORT. */
export const benchPorts = () => ({
  port: Number(process.env.BENCH_PORT ?? 3399),
  apiPort: Number(process.env.BENCH_API_PORT ?? 4399),
  nginxPort: Number(process.env.BENCH_NGINX_PORT ?? 3398),
});
