/**
 * A throw-away Varnish for tests: Debian's `varnishd` with the xkey module of `varnish-modules`
 * (both installed by scripts/test-tools.ts), running the repository's own deploy/varnish.vcl in
 * front of the given site instances, on a free loopback port, cache in memory; `stop()` ends it
 * and removes its folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopChild } from "./child-process.ts";
import { repoRoot } from "./env.ts";
import { freePort } from "./redis.ts";

export const varnishdPath = process.env.VARNISHD_PATH ?? "/usr/sbin/varnishd";

/** Whether varnish-modules' xkey is installed (in Debian's multiarch folder of Varnish's modules). */
export function hasXkeyModule(): boolean {
  try {
    return fs
      .readdirSync("/usr/lib")
      .some((dir) => fs.existsSync(path.join("/usr/lib", dir, "varnish/vmods/libvmod_xkey.so")));
  } catch {
    return false;
  }
}

export interface TestVarnish {
  url: string;
  stop(): Promise<void>;
}

/** deploy/varnish.vcl with its two example instances replaced by `instances` (`host:port`). */
function varnishConfig(instances: [string, string]): string {
  let vcl = fs.readFileSync(path.join(repoRoot, "deploy/varnish.vcl"), "utf8");
  for (const [n, instance] of instances.entries()) {
    const [host = "", port = ""] = instance.split(":");
    const from = `.host = "10.0.0.1${n + 1}";\n    .port = "3000";`;
    if (!vcl.includes(from)) throw new Error(`deploy/varnish.vcl no longer has ${from}`);
    vcl = vcl.replace(from, `.host = "${host}";\n    .port = "${port}";`);
  }
  return vcl;
}

/** Starts Varnish in front of two site instances (`http://host:port` each); resolves once it serves. */
export async function startVarnish(
  instances: [string, string],
  port?: number,
): Promise<TestVarnish> {
  if (!fs.existsSync(varnishdPath) || !hasXkeyModule()) {
    throw new Error(
      `Varnish with xkey not found (${varnishdPath}): apt-get install varnish varnish-modules`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-varnish-"));
  // Varnish's worker runs as its own user: it must be able to read the folder.
  fs.chmodSync(dir, 0o755);
  const vcl = path.join(dir, "site.vcl");
  const hosts = instances.map((url) => new URL(url).host) as [string, string];
  fs.writeFileSync(vcl, varnishConfig(hosts));
  port ??= await freePort();
  const child: ChildProcess = spawn(
    varnishdPath,
    ["-F", "-a", `127.0.0.1:${port}`, "-f", vcl, "-n", path.join(dir, "work")].concat([
      "-T",
      "none",
      "-s",
      "malloc,64m",
    ]),
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Ready once it passes requests on (its probe needs two good answers of /readyz first).
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    if (answer?.status === 200) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`Varnish did not become ready: ${output}`);
}
