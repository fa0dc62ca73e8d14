/**
 * Debian's nginx as the yardstick: it serves the site's own HTML bytes from files, with the
 * site's own gzip bytes beside them (gzip_static: compressed once, as the site's page cache
 * does), so the load test compares the Node server with a static file server on the same
 * machine. One worker process (`worker_processes 1`).
 */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { nginxConfig, nginxPath, startNginxProcess } from "./nginx-process.ts";
import { runCommand } from "./processes.ts";
import { rawGet } from "./site.ts";

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
  return nginxConfig(
    dir,
    { workers: "1", connections: 1024 },
    `  default_type text/html;
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/html;
    gzip_static on;
    gzip on;
    gzip_types text/html;
    gzip_vary on;
  }`,
  );
}

/**
 * `run` against nginx serving `pages` on `port`, given its URL and the pages' paths there;
 * nginx is stopped after. Throws when nginx is not installed.
 */
export async function withNginx<T>(
  port: number,
  pages: StaticPage[],
  run: (url: string, paths: string[]) => Promise<T>,
): Promise<T> {
  if (!fs.existsSync(nginxPath)) throw new Error(`no ${nginxPath}`);
  const nginx = await startNginx(port, pages);
  try {
    return await run(
      nginx.url,
      pages.map((page) => `/${page.name}`),
    );
  } finally {
    await nginx.stop();
  }
}

export async function startNginx(port: number, pages: StaticPage[]): Promise<RunningNginx> {
  const { url, stop } = await startNginxProcess({
    name: "nginx",
    port,
    // Run as root, nginx's worker is `nobody`: it must be able to read the files.
    mode: 0o755,
    readyPath: `/${pages[0]?.name ?? ""}`,
    configure: (dir) => {
      fs.mkdirSync(path.join(dir, "html"));
      for (const page of pages) {
        fs.writeFileSync(path.join(dir, "html", page.name), page.html);
        fs.writeFileSync(path.join(dir, "html", `${page.name}.gz`), page.gzip);
      }
      return config(dir, port);
    },
  });
  return { url, version: await nginxVersion(), stop };
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
