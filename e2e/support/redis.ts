/**
 * A throw-away Redis for tests and benchmarks: Debian's `redis-server` (installed by scripts/test-tools.ts)
 * on a free loopback port, in memory only, stopped by `stop()`. Can be stopped and started
 * again on the same port, to test a site through a Redis outage.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

export const redisServerPath = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (an outage); `start()` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Lets a frozen server go on (SIGCONT). */
  resume(): void;
}

/** A port nothing listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<TestRedis> {
  if (!fs.existsSync(redisServerPath)) {
    throw new Error(
      `redis-server not found at ${redisServerPath}: apt-get install redis-server (as .ci/run does)`,
    );
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn(
      redisServerPath,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = proc;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start: ${output}`)),
        10_000,
      );
      proc.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${output}`));
      });
    });
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.removeAllListeners("exit");
      proc.once("exit", () => resolve());
      proc.kill("SIGKILL");
      // A frozen server is killed too, but only once it runs again.
      proc.kill("SIGCONT");
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
  };
}
