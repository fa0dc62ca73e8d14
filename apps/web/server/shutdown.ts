import type { Server } from "node:http";
import { loggerFor } from "./log.server.ts";

/** How long requests in flight may take to finish once the process is told to stop. */
export const DRAIN_DEADLINE_MS = 10_000;

/**
 * How the process ends. On SIGINT/SIGTERM: stop taking requests, let those in flight finish
 * (up to 10 s; idle keep-alive connections close at once), close the rest in order, exit 0. On an uncaught exception the process's state can no longer be trusted: log one line, stop
 * the same way and exit 1, for the process manager to restart it (docs/deploying.md). A
 * rejected promise nobody handled belongs to one request, whose visitor already got an error
 * screen, so it is logged and the server keeps serving.
 */
export function stopOnSignals(server: Server | undefined, closers: Array<() => Promise<void>>) {
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server) {
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_DEADLINE_MS);
      await drained;
      clearTimeout(deadline);
    }
    for (const close of closers) await close().catch(() => {});
    process.exit(code);
  };
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  process.on("uncaughtException", (error) => {
    loggerFor("cluster").error(`uncaught ${describe(error)}; stopping for a restart`);
    void stop(1);
  });
  process.on("unhandledRejection", (reason) => {
    loggerFor("cluster").error(`unhandled rejection ${describe(reason)}; still serving`);
  });
}

/** One line: the error, its cause, and where it was thrown (the first frames of its stack). */
const describe = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.trim().startsWith("at "))
    .slice(0, 3)
    .map((line) => line.trim().slice(3))
    .join(" < ");
  return `${error.name}: ${error.message}${cause}${frames ? ` at ${frames}` : ""}`;
};
