/**
 * The reference content API: every endpoint of API.md over `node:http`, backed by SQLite.
 *
 * @example
 * const api = await startContentApi({ port: 0, databasePath, storageDir });
 * await fetch(`${api.url}/api/news?page=2`, { headers: { lang: "ar" } });
 * await api.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { contactPath } from "@site/contract";
import { type Db, openDatabase } from "./db/connection.ts";
import { handleContact } from "./http/contact.ts";
import { requestLanguage } from "./http/i18n.ts";
import { isPage, sendData, sendError, sendFlatPage } from "./http/respond.ts";
import { matchRead, parseId, parsePage, reads } from "./http/routes.ts";
import { serveStorage } from "./http/storage.ts";
import { defaultSeedDir } from "./paths.ts";
import { isSeeded, seedDatabase } from "./seed/seed.ts";
import { readSeed } from "./seed/seed-files.ts";
import { defaultTrustedProxies } from "./settings.ts";

export type ContentApiOptions = {
  /** 0 (or missing) picks a free port. */
  port?: number;
  host?: string;
  databasePath: string;
  storageDir: string;
  /** Contact messages per client per minute (default 5). */
  contactRateLimit?: number;
  /** Socket addresses whose `X-Forwarded-For` is believed (default: loopback). */
  trustedProxies?: string[];
  /**
   * How a page of a paged list is written (API.md allows both): `nested` (default)
   * `{ data: { data: [...], pagination } }`, or `flat` `{ data: [...], pagination }` as
   * Laravel's paginator answers, so clients can be tested against either.
   */
  pagedForm?: "nested" | "flat";
  /** The seed files loaded into an empty database (default apps/content-api/seed). */
  seedDir?: string;
  log?: (line: string) => void;
};

export type ContentApi = { url: string; port: number; close(): Promise<void> };

/** Opens the database, seeds it when empty, ensures the generated assets exist, and listens. */
export async function startContentApi(options: ContentApiOptions): Promise<ContentApi> {
  const log = options.log ?? (() => {});
  const seedDir = options.seedDir ?? defaultSeedDir;
  const db = openDatabase(options.databasePath);
  try {
    if (!isSeeded(db)) {
      const seed = await readSeed(seedDir);
      if (seedDatabase(db, seed, seedDir)) log(`Seeded ${options.databasePath} from ${seedDir}`);
    }
    return await listen(db, { ...options, seedDir }, log);
  } catch (error) {
    db.close();
    throw error;
  }
}

function listen(
  db: Db,
  options: ContentApiOptions,
  log: (line: string) => void,
): Promise<ContentApi> {
  const context: HandlerContext = {
    db,
    // The storage folder first (files added there win), then the seed's own media.
    storageDirs: [options.storageDir, join(options.seedDir ?? defaultSeedDir, "storage")],
    contactRateLimit: options.contactRateLimit ?? 5,
    trustedProxies: options.trustedProxies ?? defaultTrustedProxies,
    pagedForm: options.pagedForm ?? "nested",
    log,
  };
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000 }, (req, res) => {
    handle(req, res, context).catch((error: unknown) => {
      log(`Error answering ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) sendError(req, res, 500, "serverError");
      else res.destroy();
    });
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(":") ? `[${address}]` : address;
      let closing: Promise<void> | undefined;
      resolve({
        url: `http://${host}:${port}`,
        port,
        close: () =>
          (closing ??= new Promise<void>((done) => {
            const force = setTimeout(() => server.closeAllConnections(), 2_000);
            server.close(() => {
              clearTimeout(force);
              db.close();
              done();
            });
            server.closeIdleConnections();
          })),
      });
    });
  });
}

type HandlerContext = {
  db: Db;
  storageDirs: string[];
  contactRateLimit: number;
  trustedProxies: string[];
  pagedForm: "nested" | "flat";
  log: (line: string) => void;
};

const preflightHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "Content-Type, lang, Idempotency-Key, Accept",
  "Access-Control-Max-Age": "86400",
};

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: HandlerContext,
): Promise<void> {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt + 1);
  const method = req.method ?? "GET";

  /** 204 for a CORS preflight, 405 for any method not in `allowed`; true when answered. */
  const refuseMethod = (allowed: string[]) => {
    const allow = [...allowed, "OPTIONS"].join(", ");
    if (method === "OPTIONS") {
      res.writeHead(204, {
        ...preflightHeaders,
        "Access-Control-Allow-Methods": allow,
        Allow: allow,
      });
      res.end();
      return true;
    }
    if (allowed.includes(method)) return false;
    sendError(req, res, 405, "methodNotAllowed", { headers: { Allow: allow } });
    return true;
  };

  if (path.startsWith("/storage/")) {
    if (refuseMethod(["GET", "HEAD"])) return;
    return serveStorage(req, res, ctx.storageDirs, path.slice("/storage/".length));
  }

  if (path === contactPath) {
    if (refuseMethod(["POST"])) return;
    return handleContact(req, res, ctx);
  }

  const match = matchRead(path);
  if (!match) return sendError(req, res, 404, "notFound");
  if (refuseMethod(["GET", "HEAD"])) return;
  const id = match.id === undefined ? 0 : parseId(match.id);
  if (id === undefined) return sendError(req, res, 404, "notFound");
  const payload = reads[match.name]({
    db: ctx.db,
    lang: requestLanguage(req),
    page: parsePage(query),
    id,
  });
  if (payload === undefined) return sendError(req, res, 404, "notFound");
  if (ctx.pagedForm === "flat" && isPage(payload)) return sendFlatPage(res, payload);
  sendData(res, payload);
}
