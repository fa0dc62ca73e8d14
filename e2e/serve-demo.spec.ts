/**
 * `npm start` at the repository root (scripts/serve-demo.ts): the reference API and the website
 * as two processes; the website knows the API only by API_BASE_URL, and both stop together.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eStorageDir, repoRoot } from "./support/env.ts";
import { freePort } from "./support/site.ts";

const reportModuleLoads = path.join(import.meta.dirname, "support/report-module-loads.ts");

interface Demo {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startDemo(port: number, apiPort: number, env: Record<string, string> = {}): Demo {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serve-demo-"));
  const child = spawn(process.execPath, [path.join(repoRoot, "scripts/serve-demo.ts"), "start"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      API_PORT: String(apiPort),
      API_DATABASE_PATH: path.join(dir, "content.sqlite"),
      API_STORAGE_DIR: e2eStorageDir,
      OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
      ANSWER_STORE_PATH: path.join(dir, "answers.sqlite"),
      ACCESS_LOG: "false",
      // Each process writes a line for every module of the reference API it loads.
      NODE_OPTIONS: `--import ${reportModuleLoads}`,
      API_BASE_URL: "",
      MEDIA_BASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  exited.then(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { child, output: () => output, exited };
}

/** Whether anything answers at `url`. */
async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    () => true,
    () => false,
  );
}

test("npm start runs the reference API and the website as two processes, and stops both", async () => {
  const [port, apiPort] = [await freePort(), await freePort()];
  const demo = startDemo(port, apiPort);
  try {
    await expect.poll(demo.output, { timeout: 60_000 }).toContain("Website ready");
    expect(demo.output()).toContain(`Content API listening on http://127.0.0.1:${apiPort}`);
    expect(demo.output()).toContain(`Reading content from http://127.0.0.1:${apiPort}`);

    // Pages from the API's content, media through the website (MEDIA_BASE_URL=/).
    const news = await fetch(`http://127.0.0.1:${port}/ar/news`);
    expect(news.status).toBe(200);
    const pdf = await fetch(`http://127.0.0.1:${port}/storage/profile/arkan-company-profile.pdf`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);

    // The API's process loads its own code; the website's never does.
    const loads = demo.output().match(/^\[loaded\] .*$/gm) ?? [];
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.filter((line) => !line.endsWith("apps/content-api/src/main.ts)"))).toEqual([]);
  } finally {
    demo.child.kill("SIGTERM");
  }
  expect(await demo.exited).toBe(0);
  expect(await answers(`http://127.0.0.1:${port}/en`)).toBe(false);
  expect(await answers(`http://127.0.0.1:${apiPort}/api/news`)).toBe(false);
});

/** The child processes of `parent` whose command line contains `script` (from /proc). */
function childrenRunning(parent: number, script: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return ppid === parent && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(script);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

test("when the reference API ends, npm start stops the website and fails", async () => {
  const [port, apiPort] = [await freePort(), await freePort()];
  const demo = startDemo(port, apiPort);
  try {
    await expect.poll(demo.output, { timeout: 60_000 }).toContain("Website ready");
    const [api] = childrenRunning(demo.child.pid ?? 0, "apps/content-api/src/main.ts");
    expect(api).toBeDefined();
    process.kill(api ?? 0, "SIGKILL");
    expect(await demo.exited).toBe(1);
    expect(demo.output()).toContain("apps/content-api/src/main.ts ended (signal SIGKILL)");
    expect(await answers(`http://127.0.0.1:${port}/en`)).toBe(false);
  } finally {
    demo.child.kill("SIGTERM");
  }
});

test("the website alone, without API_BASE_URL, stops at once with one line saying what to set", async () => {
  const child = spawn(process.execPath, [path.join(repoRoot, "apps/web/server/start.ts")], {
    env: { ...process.env, API_BASE_URL: "", PORT: String(await freePort()), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(errors.trim().split("\n")).toEqual([
    expect.stringMatching(
      /^Invalid settings: API_BASE_URL is not set: .*`npm start` at the repository root/,
    ),
  ]);
});
