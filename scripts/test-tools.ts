/**
 * What the browser tests and the HTML checker need from the system, beside Node and npm:
 * Debian's Chromium and its headless shell, which the browser tests run in (no test tool downloads
 * a browser of its own; without the shell they use the full Chromium, more slowly), Java for the Nu HTML
 * checker (vnu-jar's own Java download is denied in allowScripts), redis-server for the
 * scale-out tests, Prometheus (with promtool) for the metrics tests, and Varnish with
 * varnish-modules' xkey for the shared cache in front of two instances
 * (e2e/purge-by-content.spec.ts). Missing ones are installed with apt-get when this runs as
 * root on Debian; otherwise `npm test` stops at once with one line saying what to install.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { debianChromium, debianHeadlessShell } from "../e2e/support/env.ts";
import { prometheusPath, promtoolPath } from "../e2e/support/prometheus.ts";
import { redisServerPath } from "../e2e/support/redis.ts";
import { hasXkeyModule, varnishdPath } from "../e2e/support/varnish.ts";

interface Tool {
  name: string;
  /** The Debian package that provides it. */
  debian: string;
  present: () => boolean;
  /** What does the job, more slowly, when the package cannot be installed here. */
  standIn?: () => boolean;
}

const executable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (command: string) =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

const tools: Tool[] = [
  {
    // The full browser: the benchmark's Lighthouse and the screenshots.
    name: "Chromium",
    debian: "chromium",
    present: () => executable(process.env.CHROMIUM_PATH ?? debianChromium),
    standIn: () => executable(debianHeadlessShell),
  },
  {
    // The browser tests' browser (e2e/support/env.ts testBrowserPath).
    name: "Chromium's headless shell",
    debian: "chromium-headless-shell",
    present: () => executable(process.env.CHROMIUM_PATH ?? debianHeadlessShell),
    standIn: () => executable(debianChromium),
  },
  { name: "Java", debian: "default-jre-headless", present: () => onPath("java") },
  {
    name: "redis-server",
    debian: "redis-server",
    present: () => executable(redisServerPath),
  },
  // The shared cache in front of two instances (e2e/purge-by-content.spec.ts, deploy/varnish.vcl).
  { name: "Varnish", debian: "varnish", present: () => executable(varnishdPath) },
  { name: "Varnish's xkey module", debian: "varnish-modules", present: hasXkeyModule },
  // deploy/site.service checked as systemd reads it (apps/web/server/operations/deploy.test.ts).
  { name: "systemd-analyze", debian: "systemd", present: () => onPath("systemd-analyze") },
  {
    // The metrics tests: a real Prometheus scraping the site, and promtool's checks of the
    // scrape and of deploy/'s rules.
    name: "Prometheus",
    debian: "prometheus",
    present: () => executable(prometheusPath) && executable(promtoolPath),
  },
];

/** Installs what is missing when it can; returns the line to print when something still is. */
export function ensureTestTools(): string | null {
  let missing = tools.filter((tool) => !tool.present());
  if (missing.length === 0) return null;
  const packages = missing.map((tool) => tool.debian);
  const canInstall = process.getuid?.() === 0 && onPath("apt-get");
  if (canInstall) {
    console.log(`Installing ${packages.join(", ")} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const apt = (...args: string[]) => spawnSync("apt-get", args, { stdio: "inherit", env });
    apt("update", "-qq");
    apt("install", "-y", "-qq", ...packages);
    missing = missing.filter((tool) => !tool.present());
  }
  missing = missing.filter((tool) => !tool.standIn?.());
  if (missing.length === 0) return null;
  return `Missing for the tests: ${missing.map((tool) => tool.name).join(", ")}. Install them (Debian: apt-get install -y ${missing.map((tool) => tool.debian).join(" ")}), or point CHROMIUM_PATH / REDIS_SERVER_PATH / PROMETHEUS_PATH / PROMTOOL_PATH / VARNISHD_PATH at them.`;
}
