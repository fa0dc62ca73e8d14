/**
 * Starts an extra production site server for tests that need their own settings (an API that
 * is down or slow, a low rate limit). Listens on 127.0.0.1; `stop()` ends it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "./env.ts";

export interface RunningSite {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `nodeArgs`: extra options for Node, e.g. `["--import", file]`. */
export async function startSite(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<RunningSite> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, path.join(repoRoot, "apps/web/server/start.ts")],
    {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Website ready")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`site exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`site did not start in 60 s: ${output}`)), 60_000);
  });
  await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
