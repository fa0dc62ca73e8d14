/**
 * Child processes of the benchmark: run a command to its end (with a time limit), and stop
 * everything still running on the way out, also on Ctrl-C or an error.
 */
import { spawn } from "node:child_process";
import { stopChild } from "../../e2e/support/child-process.ts";

export { stopChild };

/** Progress goes to stderr, so stdout carries only the tables. */
export function progress(line: string): void {
  const clock = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[bench ${clock}] ${line}\n`);
}

const cleanups: Array<() => Promise<void>> = [];
let stopping = false;

/** True once `cleanup()` has begun (the run is ending). */
export function isStopping(): boolean {
  return stopping;
}

/** Throws once `cleanup()` has begun: nothing new starts on the way out. */
export function assertRunning(): void {
  if (stopping) throw new Error("stopping");
}

/** `stop` runs in `cleanup()`, newest first. */
export function onCleanup(stop: () => Promise<void>): void {
  cleanups.push(stop);
}

/** Drops a stop function that is no longer needed (its process ended). */
export function forget(stop: () => Promise<void>): void {
  const index = cleanups.indexOf(stop);
  if (index >= 0) cleanups.splice(index, 1);
}

/** Stops what `onCleanup` registered; safe to call more than once. */
export async function cleanup(): Promise<void> {
  stopping = true;
  while (cleanups.length > 0) {
    const stop = cleanups.pop();
    await stop?.().catch((error: unknown) => progress(`cleanup: ${String(error)}`));
  }
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface CommandOptions {
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** How to ask it to stop (Lighthouse closes its Chromium on SIGINT). */
  stopSignal?: NodeJS.Signals;
}

/** Runs `command` to its end; never rejects on a non-zero exit (the caller reads `code`). */
export function runCommand(
  command: string,
  args: string[],
  options: CommandOptions = {},
): Promise<CommandResult> {
  assertRunning();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () => stopChild(child, options.stopSignal);
  onCleanup(stop);
  let stdout = "";
  let stderr = "";
  let timedOut = false;
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        void stop();
      }, options.timeoutMs)
    : undefined;
  return new Promise((resolve) => {
    child.on("error", (error) => {
      stderr += String(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      forget(stop);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
