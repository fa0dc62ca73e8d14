/**
 * Debian's nginx as a child of the benchmark: in the foreground (`daemon off;`), with its
 * prefix, pid, logs and temp paths in a temporary folder removed when it stops. Used as the
 * static yardstick (nginx.ts) and as the cluster's load balancer (nginx-balancer.ts).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertRunning, forget, onCleanup, stopChild } from "./processes.ts";
import { rawGet } from "./site.ts";

export const nginxPath = "/usr/sbin/nginx";

export interface RunningNginxProcess {
  url: string;
  stop: () => Promise<void>;
}

/** What both configurations share: the main block, and the `http` block's local paths. */
export function nginxConfig(
  dir: string,
  main: { workers: string; connections: number },
  http: string,
): string {
  return `daemon off;
master_process on;
worker_processes ${main.workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${main.connections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
${http}
}
`;
}

/**
 * Starts nginx in a new temporary folder on 127.0.0.1:`port`, with the configuration
 * `configure` writes there (it may add files), and waits until `readyPath` answers 200.
 * `mode` opens the folder to nginx's worker (`nobody`, when run as root).
 */
export async function startNginxProcess(options: {
  name: string;
  port: number;
  mode: number;
  readyPath: string;
  configure: (dir: string) => string;
}): Promise<RunningNginxProcess> {
  assertRunning();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `arkan-bench-${options.name}-`));
  fs.chmodSync(dir, options.mode);
  fs.writeFileSync(path.join(dir, "nginx.conf"), options.configure(dir));
  const errorLog = path.join(dir, "error.log");
  const child = spawn(nginxPath, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", errorLog], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const stop = async () => {
    forget(stop);
    await stopChild(child, "SIGTERM", 5_000);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilServing(url + options.readyPath, () => child.exitCode !== null);
  } catch (error) {
    const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "";
    await stop();
    throw new Error(`nginx did not start: ${String(error)} ${output} ${log}`.trim());
  }
  return { url, stop };
}

async function waitUntilServing(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited()) throw new Error("nginx exited");
    const answer = await rawGet(url, "identity").catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error("no answer in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
