/** Stopping a child process the tests or the benchmarks started, without hanging on it. */
import type { ChildProcess } from "node:child_process";

/** Sends `signal`, then SIGKILL if the process has not exited after `graceMs`. */
export function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
  graceMs = 10_000,
): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
