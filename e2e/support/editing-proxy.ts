/**
 * The content API as a site under test sees it: a proxy in front of a reference API that counts
 * requests, and at the test's word changes text in its answers (an editor's edit, or one that
 * breaks the contract), rewrites them as another server of the contract would write them,
 * answers in their place, delays them, or fails them all (an outage). On a free loopback port.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type RunningSite, startApiIn, startSite } from "./site.ts";

export interface EditingProxy {
  url: string;
  /** Requests by path (without the query). */
  counts: Map<string, number>;
  /**
   * What it does now: replace `from` by `to` in successful answers (of paths starting with
   * `editPath`, if given), delay answers of paths starting with `delayPath`, or fail them all.
   */
  state: {
    from?: string;
    to?: string;
    editPath?: string;
    delayPath?: string;
    delayMs: number;
    down: boolean;
    /** The path to ask the reference API for, given the one the site asked for (without query). */
    ask?: (pathname: string) => string;
    /** A successful answer's JSON as the test wants it, given the path the site asked for. */
    rewrite?: (pathname: string, body: unknown) => unknown;
    /** An answer sent without asking the reference API, or undefined to ask it. */
    answer?: (pathname: string) => { status: number; body: string } | undefined;
  };
  close(): Promise<void>;
}

/** Sends `req` on to `target` as it came (its method, headers and body), for a test's proxy. */
export async function forward(
  req: http.IncomingMessage,
  target: string,
  url = req.url ?? "/",
): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(([name]) => !["host", "connection"].includes(name)),
  ) as Record<string, string>;
  return fetch(target + url, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
}

/** The API as the sites see it: counted, edited, delayed or down at the test's word. */
export async function editingProxy(target: string): Promise<EditingProxy> {
  const counts = new Map<string, number>();
  const state: EditingProxy["state"] = { delayMs: 0, down: false };
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    if (state.down) {
      res.writeHead(503).end();
      return;
    }
    if (state.delayPath && pathname.startsWith(state.delayPath)) {
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    }
    const own = state.answer?.(pathname);
    if (own) {
      res.writeHead(own.status, { "content-type": "application/json" }).end(own.body);
      return;
    }
    const query = (req.url ?? "").slice(pathname.length);
    const answer = await forward(req, target, (state.ask?.(pathname) ?? pathname) + query);
    const type = answer.headers.get("content-type") ?? "";
    res.writeHead(answer.status, { "content-type": type });
    // Media (`/storage`) as they are; JSON answers as the test wants them.
    if (!answer.ok || !type.includes("json")) {
      res.end(Buffer.from(await answer.arrayBuffer()));
      return;
    }
    let body = await answer.text();
    if (state.rewrite) body = JSON.stringify(state.rewrite(pathname, JSON.parse(body)));
    // Re-written without escapes (the API may write "&" as \u0026), then edited.
    const edited = !state.editPath || pathname.startsWith(state.editPath);
    if (state.from && state.to && edited) {
      body = JSON.stringify(JSON.parse(body)).replaceAll(state.from, state.to);
    }
    res.end(body);
  });
  // Port 0: the system gives a free one as it binds (a port found free first may be taken
  // before the bind, as a run once found: EADDRINUSE).
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    state,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface ProxiedSite {
  proxy: EditingProxy;
  site: RunningSite;
  /** Stops the site, the proxy and the API, and removes their folder. */
  stop(): Promise<void>;
}

/**
 * A reference API in a folder of its own, an editing proxy in front of it, and a production
 * site reading the proxy with `env` (its outbox and image cache in that folder too).
 */
export async function siteBehindProxy(
  folderPrefix: string,
  env: Record<string, string>,
): Promise<ProxiedSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const api = await startApiIn(dir);
  const proxy = await editingProxy(api.url);
  const site = await startSite({
    API_BASE_URL: proxy.url,
    OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
    IMAGE_CACHE_DIR: path.join(dir, "images"),
    ACCESS_LOG: "false",
    ...env,
  });
  return {
    proxy,
    site,
    stop: async () => {
      await site.stop();
      await proxy.close();
      await api.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
