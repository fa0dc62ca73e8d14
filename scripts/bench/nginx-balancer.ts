/**
 * Debian's nginx as the load balancer of `npm run bench:cluster`, running the documented
 * configuration (deploy/nginx.conf) with its addresses and paths replaced by local ones.
 */
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../../e2e/support/env.ts";
import { nginxConfig, type RunningNginxProcess, startNginxProcess } from "./nginx-process.ts";

export type Balancer = RunningNginxProcess;

/** deploy/nginx.conf with these instances, this port, and the micro-cache on or off. */
function balancerConfig(
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
  replace("/var/lib/nginx/site-cache", path.join(dir, "cache"));
  replace("listen 80;", `listen 127.0.0.1:${port};`);
  if (!microCache) replace("proxy_cache site;", "proxy_cache off;");
  return nginxConfig(dir, { workers: "auto", connections: 4096 }, site);
}

export function startBalancer(
  port: number,
  instances: [string, string],
  microCache: boolean,
): Promise<Balancer> {
  return startNginxProcess({
    name: "balancer",
    port,
    // Run as root, nginx's worker is `nobody`: it must be able to write its cache.
    mode: 0o777,
    readyPath: "/healthz",
    configure: (dir) => balancerConfig(dir, port, instances, microCache),
  });
}
