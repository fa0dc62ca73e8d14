import type { Server } from "node:http";

/** On SIGINT/SIGTERM: stop taking requests, then close the rest in order, then exit. */
export function stopOnSignals(server: Server, closers: Array<() => Promise<void>>) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    for (const close of closers) await close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
