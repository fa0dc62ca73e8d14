/**
 * Debian's nginx as the load balancer of `npm run bench:cluster`, running the README's own
 * configuration (deploy/nginx.conf) with its addresses and paths replaced by local ones, in the
 * foreground as our child, in a temporary folder removed afterwards.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../e2e/support/env.ts";
import { nginxPath } from "./nginx.ts";
import { assertRunning, forget, onCleanup, stopChild } from "./processes.ts";
import { rawGet } from "./site.ts";

export interface Balancer {
  url: string;
  stop: () => Promise<void>;
}

/** deploy/nginx.conf with these instances, this port, and the micro-cache on or off. */
export function balancerConfig(
  dir: string,
  port: number,
  instances: [string, string],
  microCache: boolean,
): string {
  let site = fs.readFileSync(path.join(repoRoot, "deploy/nginx.conf"), "utf8");
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
    site = site.replace(from, to);
  };
  replace("server 10.0.0.11:3000", `server ${instances[0]}`);
  replace("server 10.0.0.12:3000", `server ${instances[1]}`);
  replace("/var/cache/nginx/site", path.join(dir, "cache"));
  replace("listen 80;", `listen 127.0.0.1:${port};`);
  if (!microCache) replace("proxy_cache site;", "proxy_cache off;");
  return `daemon off;
master_process on;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
${site}
}
`;
}

export async function startBalancer(
  port: number,
  instances: [string, string],
  microCache: boolean,
): Promise<Balancer> {
  assertRunning();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-bench-balancer-"));
  // Run as root, nginx's worker is `nobody`: it must be able to write its cache.
  fs.chmodSync(dir, 0o777);
  fs.writeFileSync(path.join(dir, "nginx.conf"), balancerConfig(dir, port, instances, microCache));
  const child = spawn(
    nginxPath,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
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
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await rawGet(`${url}/healthz`, "identity").catch(() => undefined);
    if (answer?.status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop };
}
