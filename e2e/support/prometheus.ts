/**
 * A throw-away Prometheus for tests: Debian's `prometheus` package (installed by
 * scripts/test-tools.ts), scraping the given targets every second on a free loopback port, its
 * data in a temporary folder; `stop()` ends it and removes the folder. `promtoolPath` is the
 * package's checker of rules, configurations and metrics.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopChild } from "./child-process.ts";
import { freePort } from "./redis.ts";

export const prometheusPath = process.env.PROMETHEUS_PATH ?? "/usr/bin/prometheus";
export const promtoolPath = process.env.PROMTOOL_PATH ?? "/usr/bin/promtool";

export interface TestPrometheus {
  url: string;
  /** The value of an instant query's first series, or undefined when it has none. */
  query(expression: string): Promise<number | undefined>;
  stop(): Promise<void>;
}

export async function startPrometheus(targets: string[]): Promise<TestPrometheus> {
  if (!fs.existsSync(prometheusPath)) {
    throw new Error(`prometheus not found at ${prometheusPath}: apt-get install prometheus`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-prometheus-"));
  const config = path.join(dir, "prometheus.yml");
  fs.writeFileSync(
    config,
    [
      "global: { scrape_interval: 1s, evaluation_interval: 1s }",
      "scrape_configs:",
      "  - job_name: arkan-site",
      `    static_configs: [{ targets: ${JSON.stringify(targets)} }]`,
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    prometheusPath,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${url}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`prometheus did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async query(expression) {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await answer.json()) as {
        status: string;
        data?: { result: Array<{ value: [number, string] }> };
        error?: string;
      };
      if (body.status !== "success") throw new Error(`query ${expression}: ${body.error}`);
      const first = body.data?.result[0];
      return first ? Number(first.value[1]) : undefined;
    },
    stop,
  };
}
