/**
 * The site under test: built into its own folder, started as a production server (a child
 * process, like e2e/support/site.ts, but keeping its pid to read its memory), the reference API
 * as a process of its own where a run stops it, and the raw HTTP answers the measurements need.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Language } from "@site/contract/languages";
import { repoRoot } from "../../e2e/support/env.ts";
import { assertRunning, forget, onCleanup, progress, runCommand, stopChild } from "./processes.ts";

/** `npm run build -w @site/web` into `apps/web/<buildDir>`; throws with the output on failure. */
export async function buildSite(buildDir: string): Promise<void> {
  const started = performance.now();
  progress(`building into apps/web/${buildDir}`);
  const result = await runCommand("npm", ["run", "build", "-w", "@site/web"], {
    cwd: repoRoot,
    env: { BUILD_DIR: buildDir },
  });
  if (result.code !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`);
  progress(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export interface BenchSite {
  url: string;
  pid: number;
  output: () => string;
  /** How the process ended ("exit code 1", "signal SIGKILL"); undefined while it runs. */
  ended: () => string | undefined;
  stop: () => Promise<void>;
}

/** The two servers a benchmark starts: their script, the line they print once ready, their env. */
const servers = {
  site: {
    script: "apps/web/server/start.ts",
    readyText: "Website ready",
    env: (port: number) => ({ PORT: String(port), HOST: "127.0.0.1" }),
  },
  api: {
    script: "apps/content-api/src/main.ts",
    readyText: "Content API listening",
    env: (port: number) => ({ API_PORT: String(port), API_HOST: "127.0.0.1" }),
  },
};

/**
 * Starts `apps/web/server/start.ts` on 127.0.0.1:`port` and waits for "Website ready". Its
 * output is kept, and also appended to `logFile`.
 */
export const startSite = (port: number, env: Record<string, string>, logFile: string) =>
  startServer(servers.site, port, env, logFile);

/** Starts the reference content API in a process of its own (so it can fail on its own). */
export const startApi = (port: number, env: Record<string, string>, logFile: string) =>
  startServer(servers.api, port, env, logFile);

async function startServer(
  { script, readyText, env: ownEnv }: (typeof servers)[keyof typeof servers],
  port: number,
  env: Record<string, string>,
  logFile: string,
): Promise<BenchSite> {
  assertRunning();
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, [path.join(repoRoot, script)], {
    env: { ...process.env, ...ownEnv(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () => stopChild(child);
  onCleanup(stop);
  let output = "";
  let ended: string | undefined;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  child.on("exit", (code, signal) => {
    ended = signal ? `signal ${signal}` : `exit code ${code}`;
    log.end();
  });
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = setInterval(() => {
      if (output.includes(readyText)) resolve();
      else if (ended) reject(new Error(`${script} ended (${ended}): ${output}`));
      else if (Date.now() > deadline)
        reject(new Error(`${script} did not start in 60 s: ${output}`));
      else return;
      clearInterval(poll);
    }, 50);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    ended: () => ended,
    stop: async () => {
      forget(stop);
      await stopChild(child);
    },
  };
}

export interface Memory {
  rssMb: number;
  peakRssMb: number;
}

/** Resident memory of a process, from /proc/<pid>/status (VmRSS, and its peak VmHWM). */
export function memoryOf(pid: number): Memory | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) =>
      Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"))?.[1]);
    return { rssMb: field("VmRSS") / 1024, peakRssMb: field("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

/** CPU time a process has used, in ms (user and system, from /proc/<pid>/stat). */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface RawAnswer {
  status: number;
  encoding: string;
  /** The body as sent (still compressed when `encoding` says so). */
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** GET without decoding, so the body is the bytes on the wire (fetch would decompress). */
export function rawGet(url: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": acceptEncoding };
    const request = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers["content-encoding"] ?? "identity"),
          body: Buffer.concat(chunks),
          headers: res.headers,
        }),
      );
      res.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${url}: no answer in 30 s`)));
    request.on("error", reject);
  });
}

/**
 * The items of one of the API's lists, such as `/api/Completed-projects`, in `lang`
 * (`{data:{data:[...]}}` or `{data:[...]}`, both forms of the contract); none when the list
 * cannot be read.
 */
export async function listRows(
  apiUrl: string,
  list: string,
  lang: Language = "en",
): Promise<{ id?: unknown; title?: string }[]> {
  try {
    const res = await fetch(apiUrl + list, { headers: { lang } });
    const answer = (await res.json()) as { data?: unknown };
    const data = answer.data as { data?: unknown } | unknown[] | undefined;
    const items = Array.isArray(data) ? data : data?.data;
    return Array.isArray(items) ? items : [];
  } catch {
    return [];
  }
}

/** The id of the first item of one of the API's lists; `undefined` when it has none. */
export async function firstId(apiUrl: string, list: string): Promise<string | undefined> {
  const first = (await listRows(apiUrl, list))[0];
  return first?.id === undefined ? undefined : String(first.id);
}

/** The first project, story and service of the demo content, for pages that show one. */
export interface DemoIds {
  project?: string;
  news?: string;
  service?: string;
}

export async function demoIds(apiUrl: string): Promise<DemoIds> {
  const [project, news, service] = await Promise.all(
    ["/api/Completed-projects", "/api/news", "/api/services"].map((list) => firstId(apiUrl, list)),
  );
  return { project, news, service };
}
