/**
 * `/storage/...`: the demo images and the company profile PDF (committed under `seed/storage/`)
 * and any file put in the storage directory, which wins. Long-lived and immutable (a changed
 * file gets a new name), never outside the folders.
 */
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { corsHeaders, sendError } from "./respond.ts";

const contentTypes: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
};

/**
 * The file a `/storage/` request path names, or undefined when it is not a plain path inside
 * the folder: `..`, `.` and hidden segments, encoded slashes or backslashes, NUL bytes.
 */
export function storageFile(storageDir: string, rawPath: string): string | undefined {
  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === "" || segment.startsWith(".") || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  if (segments.length === 0) return undefined;
  const root = path.resolve(storageDir);
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** The first of `dirs` that holds the file `rawPath` names, with the file's stats. */
async function findFile(dirs: string[], rawPath: string) {
  for (const dir of dirs) {
    const file = storageFile(dir, rawPath);
    const info = file ? await statInside(dir, file) : undefined;
    if (file && info) return { file, info };
  }
  return undefined;
}

/** Answers a GET or HEAD of `/storage/<rawPath>` from the first of `dirs` that has it. */
export async function serveStorage(
  req: IncomingMessage,
  res: ServerResponse,
  dirs: string[],
  rawPath: string,
): Promise<void> {
  const found = await findFile(dirs, rawPath);
  if (!found) return sendError(req, res, 404, "notFound");
  const { file, info } = found;

  const extension = path.extname(file).toLowerCase();
  const etag = `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string | number> = {
    ...corsHeaders,
    "Content-Type": contentTypes[extension] ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Last-Modified": info.mtime.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  };
  if (extension === ".pdf") headers["Content-Disposition"] = attachment(path.basename(file));
  // NOTE: an SVG opened directly must not run scripts.
  if (extension === ".svg")
    headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

  if (isFresh(req, etag, info.mtime)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, "Content-Length": info.size });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  await pipeline(createReadStream(file), res).catch(() => res.destroy());
}

/** The file's stats if it is a regular file whose real path (symlinks resolved) is inside the folder. */
async function statInside(storageDir: string, file: string) {
  try {
    const [root, real] = await Promise.all([realpath(storageDir), realpath(file)]);
    if (!real.startsWith(root + path.sep)) return undefined;
    const info = await stat(real);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

function isFresh(req: IncomingMessage, etag: string, modified: Date): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch)
    return noneMatch
      .split(",")
      .some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
  const since = req.headers["if-modified-since"];
  if (!since) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.trunc(modified.getTime() / 1000) * 1000 <= time;
}

/** `attachment; filename="..."`, with an RFC 5987 `filename*` for names beyond ASCII. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
