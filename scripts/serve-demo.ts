/**
 * `npm start` and `npm run dev` at the repository root: the reference content API and the
 * website as two processes. The API starts first, on loopback (port API_PORT, 4000 by
 * default), and the website is given its address as API_BASE_URL, with media through
 * the website (`MEDIA_BASE_URL=/`) unless set: the website knows no more of it than of any
 * company's API. Ctrl-C or SIGTERM stops both (the website first); if either ends, so does the
 * other. With API_BASE_URL set, only the website runs, against that API.
 *
 *   node scripts/serve-demo.ts start|dev
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");
const mode = process.argv[2];
if (mode !== "start" && mode !== "dev") {
  console.error("usage: node scripts/serve-demo.ts start|dev");
  process.exit(2);
}
const websiteScript = path.join(
  repoRoot,
  "apps/web/server",
  mode === "dev" ? "dev.ts" : "start.ts",
);

const children: ChildProcess[] = [];
let stopping = false;

/** Stops the website, then the API, and exits with `code`. */
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const child of [...children].reverse()) await stopChild(child);
  }
  process.exit(code);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The entries of `values` whose setting is unset (or empty, which means unset) here. */
const unsetOnly = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !process.env[key]));

/** Runs `script` with this process's environment: `defaults` below it, `overrides` above it. */
function run(
  script: string,
  {
    defaults = {},
    overrides = {},
  }: { defaults?: Record<string, string>; overrides?: Record<string, string> },
  pipeOutput = false,
): ChildProcess {
  const child = spawn(process.execPath, [script], {
    // The workspace's folder, as `npm run … -w` would (Vite's root in development).
    cwd: path.resolve(path.dirname(script), ".."),
    env: { ...process.env, ...unsetOnly(defaults), ...overrides },
    stdio: ["ignore", pipeOutput ? "pipe" : "inherit", "inherit"],
  });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(
      `${path.relative(repoRoot, script)} ended (${signal ? `signal ${signal}` : `exit code ${code}`})`,
    );
    void stopAll(code || 1);
  });
  return child;
}

/** Starts the reference API and resolves with its address once it listens. */
function startApi(): Promise<string> {
  const api = run(
    path.join(repoRoot, "apps/content-api/src/main.ts"),
    { overrides: { API_HOST: "127.0.0.1" } },
    true,
  );
  return new Promise((resolve) => {
    let output = "";
    api.stdout?.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
      const url = /Content API listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
  });
}

process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

// A launcher, not the site: it passes the environment on, and looks only at what it fills in.
if (process.env.API_BASE_URL) {
  run(websiteScript, {});
} else {
  const apiUrl = await startApi();
  run(websiteScript, { defaults: { MEDIA_BASE_URL: "/" }, overrides: { API_BASE_URL: apiUrl } });
}
