/**
 * deploy/'s Prometheus files, Grafana dashboard and systemd unit: promtool accepts the scrape
 * configuration and the alert rules, each alert fires when it should (deploy/alerts.test.yml),
 * and every metric they name is one the site exports, so renaming a metric cannot silently
 * blind them; systemd reads the unit without a warning.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { collectDefaultMetrics, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { promtoolPath } from "../../../../e2e/support/prometheus.ts";
import { repoRoot } from "../repo-root.ts";

const deploy = path.join(repoRoot, "deploy");
const promtool = (...args: string[]) => promisify(execFile)(promtoolPath, args, { cwd: deploy });

describe("deploy/ for Prometheus", () => {
  it("promtool checks the alert rules and the scrape configuration", async () => {
    const rules = await promtool("check", "rules", "alerts.yml");
    expect(rules.stdout).toContain(`SUCCESS: ${alertNames().length} rules found`);
    const config = await promtool("check", "config", "prometheus.yml");
    expect(config.stdout).toContain("is valid prometheus config file syntax");
  });

  it("each alert fires when it should and not before (promtool test rules)", async () => {
    const { stdout } = await promtool("test", "rules", "alerts.test.yml");
    expect(stdout).toContain("SUCCESS");
    const tested = fs.readFileSync(path.join(deploy, "alerts.test.yml"), "utf8");
    for (const alert of alertNames()) expect(tested).toContain(`alertname: ${alert}`);
  });

  it("the rules and the dashboard name only metrics the site exports", () => {
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(deploy, "grafana-dashboard.json"), "utf8"),
    );
    // The rules file whole: its expressions, and annotations name no metric.
    const expressions = [fs.readFileSync(path.join(deploy, "alerts.yml"), "utf8")];
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) expressions.push(target.expr);
    }
    const named = new Set(
      expressions.flatMap((expression) =>
        [...expression.matchAll(/([a-z_][a-z0-9_]*)\{/g)].map((match) =>
          (match[1] ?? "").replace(/_(bucket|count|sum)$/, ""),
        ),
      ),
    );
    expect(named.size).toBeGreaterThan(15);
    for (const alerted of [
      "content_api_errors_total",
      "outbox_oldest_waiting_age_seconds",
      "redis_connected",
    ]) {
      expect(named).toContain(alerted);
    }
    const known = exported();
    expect([...named].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe("deploy/site.service", () => {
  it("is a unit systemd reads without a complaint, starting what `npm run start -w @site/web` starts", async () => {
    // Where the unit says /srv/site (the checkout) and /etc/site (the settings): these here.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-unit-"));
    try {
      fs.writeFileSync(path.join(dir, "site.env"), "SITE_URL=https://www.example.com\n");
      const unit = fs
        .readFileSync(path.join(deploy, "site.service"), "utf8")
        .replaceAll("/etc/site/", `${dir}/`)
        .replaceAll("/srv/site", repoRoot);
      fs.writeFileSync(path.join(dir, "site.service"), unit);
      const { stderr } = await promisify(execFile)("systemd-analyze", [
        "verify",
        path.join(dir, "site.service"),
      ]);
      // An unknown key or a missing file is only a warning: none is expected.
      expect(stderr).toBe("");
      const start =
        /^WorkingDirectory=(.+)\nEnvironmentFile=.+\n(?:(?:#|ExecStartPre=).*\n)*ExecStart=(\S+) (.+)$/m.exec(
          unit,
        );
      expect(start?.[1]).toBe(path.join(repoRoot, "apps/web"));
      expect(start?.[2]).toBe(path.join(repoRoot, "node_modules/node/bin/node"));
      const script = JSON.parse(
        fs.readFileSync(path.join(repoRoot, "apps/web/package.json"), "utf8"),
      ).scripts.start;
      expect(`node ${start?.[3]}`).toBe(script);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The alerts deploy/alerts.yml defines. */
function alertNames(): string[] {
  const rules = fs.readFileSync(path.join(deploy, "alerts.yml"), "utf8");
  return [...rules.matchAll(/- alert: (\w+)/g)].map((match) => match[1] ?? "");
}

/** Every metric name the site can export: its own (metrics.server.ts), prom-client's defaults, `up`. */
function exported(): Set<string> {
  const source = fs.readFileSync(path.join(import.meta.dirname, "metrics.server.ts"), "utf8");
  const own = [...source.matchAll(/name: "([a-z_]+)"/g)].map((match) => match[1] ?? "");
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  return new Set([
    ...own,
    ...defaults.getMetricsAsArray().map((metric) => (metric as unknown as { name: string }).name),
    "up",
  ]);
}
