/**
 * Debian's nginx as the yardstick: it serves the site's own HTML bytes from files, with the
 * site's own gzip bytes beside them (gzip_static: compressed once, as the site's page cache
 * does), so the load test compares the Node server with a static file server on the same
 * machine. One worker process (`worker_processes 1`), in the foreground (`daemon off;`) as our
 * child, with its prefix, pid, logs and temp paths in a temporary folder removed afterwards.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { assertRunning, forget, onCleanup, runCommand, stopChild } from "./processes.ts";
import { rawGet } from "./site.ts";

export const nginxPath = "/usr/sbin/nginx";

/** A file nginx serves as `/<name>`: the page as text, and its gzip bytes as `<name>.gz`. */
export interface StaticPage {
  name: string;
  html: Buffer;
  gzip: Buffer;
}

export interface RunningNginx {
  url: string;
  version: string;
  stop: () => Promise<void>;
}

function config(dir: string, port: number): string {
  return `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/html;
    gzip_static on;
    gzip on;
    gzip_types text/html;
    gzip_vary on;
  }
}
`;
}

export async function startNginx(port: number, pages: StaticPage[]): Promise<RunningNginx> {
  assertRunning();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-bench-nginx-"));
  // Run as root, nginx's worker is `nobody`: it must be able to read the files.
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, "html"));
  for (const page of pages) {
    fs.writeFileSync(path.join(dir, "html", page.name), page.html);
    fs.writeFileSync(path.join(dir, "html", `${page.name}.gz`), page.gzip);
  }
  fs.writeFileSync(path.join(dir, "nginx.conf"), config(dir, port));
  const child = spawn(
    nginxPath,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    forget(stop);
    await stopChild(child, "SIGTERM", 5_000);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${url}/${pages[0]?.name ?? ""}`, () => child.exitCode !== null);
  } catch (error) {
    const log = fs.existsSync(path.join(dir, "error.log"))
      ? fs.readFileSync(path.join(dir, "error.log"), "utf8")
      : "";
    await stop();
    throw new Error(`nginx did not start: ${String(error)} ${output} ${log}`.trim());
  }
  return { url, version: await nginxVersion(), stop };
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

async function nginxVersion(): Promise<string> {
  const result = await runCommand(nginxPath, ["-v"]);
  return result.stderr.trim().replace(/^nginx version: /, "") || "unknown";
}

/**
 * The page's HTML and gzip bytes exactly as the site at `siteUrl` sends them, for nginx to
 * serve as `/<name>`. Where the two answers differ (a page made per visitor), nginx gets the
 * gzip of the HTML it has, and `onOwnGzip` hears of it.
 */
export async function staticPage(
  siteUrl: string,
  page: string,
  name: string,
  onOwnGzip: (page: string) => void = () => {},
): Promise<StaticPage> {
  const html = await rawGet(siteUrl + page, "identity");
  const gzip = await rawGet(siteUrl + page, "gzip");
  if (html.status !== 200) throw new Error(`${page} answered ${html.status}`);
  if (gzip.encoding === "gzip" && gunzipSync(gzip.body).equals(html.body)) {
    return { name, html: html.body, gzip: gzip.body };
  }
  onOwnGzip(page);
  return { name, html: html.body, gzip: gzipSync(html.body, { level: 6 }) };
}
