/**
 * `/img?src=…&w=…`: a content image resized to one of the widths pages ask for
 * (app/lib/image-kinds.ts), with `&h=…` cut to one of the shapes they ask for (its middle),
 * and re-encoded as AVIF or WebP when the browser takes them
 * (`Accept`), else in its own format. `/img?src=…&fit=og` instead: the image cropped to fill
 * a social card's 1200×630 (app/lib/social-image.ts), always as JPEG, which every social
 * network's crawler reads. Only the content API's media are fetched (no open proxy). Each
 * result is made once and kept on disk, and sent with long cache headers. A bad width, fit,
 * source or file gets a 400; a missing one a 404; a failing API a 502 or 504.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type express from "express";
import type { Sharp } from "sharp";
import { imageCrops, imageWidths } from "../app/lib/image-kinds.ts";
import { logError, reasonOf } from "../app/lib/log.server.ts";
import { socialImageSize } from "../app/lib/social-image.ts";

export interface ImageEndpointOptions {
  /** Where `/storage/...` sources are fetched from (the content API). */
  apiBaseUrl: string;
  /** Origins whose absolute URLs may be fetched (the API's and the media host's). */
  origins: readonly string[];
  cacheDir: string;
  timeoutMs: number;
}

type Format = "avif" | "webp" | "jpeg" | "png";
/** What to make: one of the site's widths, cut to a height or not, or the social card's crop. */
type Size = number | { width: number; height: number } | "og";

/** Largest source accepted (bytes and pixels): content photos are far smaller. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const MAX_SOURCE_PIXELS = 50_000_000;
const ONE_WEEK = 7 * 24 * 60 * 60;

class ImageError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function imageEndpoint(options: ImageEndpointOptions): express.RequestHandler {
  const inFlight = new Map<string, Promise<{ file: string; format: Format }>>();

  return async (req, res) => {
    try {
      const size = sizeOf(req.query);
      const upstream = sourceUrl(req.query.src, options);
      const accepted = size === "og" ? "jpeg" : acceptedFormat(req.get("accept"));
      const sizeKey = typeof size === "object" ? `${size.width}x${size.height}` : size;
      const key = createHash("sha256").update(`${upstream}|${sizeKey}|${accepted}`).digest("hex");
      let job = inFlight.get(key);
      if (!job) {
        job = produce(upstream, size, accepted, key, options).finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      const { file, format } = await job;
      res.setHeader("Content-Type", `image/${format}`);
      res.setHeader(
        "Cache-Control",
        `public, max-age=${ONE_WEEK}, stale-while-revalidate=${ONE_WEEK}`,
      );
      if (size !== "og") res.setHeader("Vary", "Accept");
      sendCachedImage(res, file);
    } catch (error) {
      const status = error instanceof ImageError ? error.status : 500;
      if (status === 500) logError("img", reasonOf(error), { path: req.path });
      res
        .status(status)
        .type("text/plain")
        .send(error instanceof ImageError ? error.message : "Image failed");
    }
  };
}

/**
 * Sends an image this server made and keeps in its cache folder. The file is ours (a hash
 * name), and the folder may be under a dot-directory (~/.cache, node_modules/.cache), which
 * `sendFile` otherwise refuses with a 404.
 */
export function sendCachedImage(res: express.Response, file: string): void {
  res.sendFile(file, {
    dotfiles: "allow",
    headers: { "Content-Security-Policy": "default-src 'none'" },
  });
}

/**
 * `w` (one of the site's widths), `w` and `h` (one of its crops), or `fit=og` (the social
 * crop, which has neither).
 */
function sizeOf(query: express.Request["query"]): Size {
  if (query.fit !== undefined) {
    if (query.fit !== "og" || query.w !== undefined || query.h !== undefined) {
      throw new ImageError(400, "fit must be og, without w or h");
    }
    return "og";
  }
  const width = Number(query.w);
  if (!imageWidths.has(width)) throw new ImageError(400, "w must be one of the site's widths");
  if (query.h === undefined) return width;
  const height = Number(query.h);
  if (!imageCrops.has(`${width}x${height}`)) {
    throw new ImageError(400, "w and h must be one of the site's shapes");
  }
  return { width, height };
}

/** The URL to fetch for `src`: root-relative media from the API, else an allowed origin. */
function sourceUrl(src: unknown, options: ImageEndpointOptions): string {
  if (typeof src !== "string" || src.length === 0 || src.length > 2048) {
    throw new ImageError(400, "src must be the address of a content image");
  }
  if (src.startsWith("/storage/")) return options.apiBaseUrl + src;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new ImageError(400, "src must be the address of a content image");
  }
  if (!/^https?:$/.test(url.protocol) || !options.origins.includes(url.origin)) {
    throw new ImageError(400, "src is not from the content API");
  }
  return url.href;
}

/** The best modern format `accept` allows, or "original". */
function acceptedFormat(accept: string | undefined): "avif" | "webp" | "original" {
  if (accept?.includes("image/avif")) return "avif";
  if (accept?.includes("image/webp")) return "webp";
  return "original";
}

/** The cached file for this source, size and format, made now if it is not there yet. */
async function produce(
  upstream: string,
  size: Size,
  accepted: "avif" | "webp" | "jpeg" | "original",
  key: string,
  options: ImageEndpointOptions,
): Promise<{ file: string; format: Format }> {
  for (const format of accepted === "original" ? (["jpeg", "png"] as const) : [accepted]) {
    const file = path.join(options.cacheDir, key.slice(0, 2), `${key}.${format}`);
    if (await exists(file)) return { file, format };
  }
  const source = await fetchSource(upstream, options.timeoutMs);
  // Loaded on first use: a server that never resizes never loads libvips.
  const { default: sharp } = await import("sharp");
  let image: Sharp;
  let format: Format;
  try {
    image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    format = accepted !== "original" ? accepted : meta.hasAlpha ? "png" : "jpeg";
    image = image.rotate();
    if (size === "og") {
      // Exactly the card's size, filled (small images are enlarged), on white if transparent.
      image = image.resize({ ...socialImageSize, fit: "cover" }).flatten({ background: "#ffffff" });
    } else if (typeof size === "object") {
      // The middle of the image in the shape asked, never enlarged: a small source gives the
      // largest piece of that shape it has.
      // Orientations 5 to 8 turn the image a quarter: its width is then its stored height.
      const turned = (meta.orientation ?? 1) >= 5;
      const sourceWidth = (turned ? meta.height : meta.width) ?? size.width;
      const sourceHeight = (turned ? meta.width : meta.height) ?? size.height;
      const scale = Math.min(1, sourceWidth / size.width, sourceHeight / size.height);
      image = image.resize({
        width: Math.round(size.width * scale),
        height: Math.round(size.height * scale),
        fit: "cover",
      });
    } else {
      image = image.resize({ width: size, withoutEnlargement: true });
    }
    image = image.toFormat(format, qualityOf[format]);
  } catch {
    throw new ImageError(400, "src is not an image");
  }
  let output: Buffer;
  try {
    output = await image.toBuffer();
  } catch {
    throw new ImageError(400, "src is not an image");
  }
  const file = path.join(options.cacheDir, key.slice(0, 2), `${key}.${format}`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  await fs.writeFile(partial, output);
  await fs.rename(partial, file);
  return { file, format };
}

const qualityOf: Record<Format, Record<string, number | boolean>> = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, palette: true },
};

async function fetchSource(url: string, timeoutMs: number): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new ImageError(
      timedOut ? 504 : 502,
      timedOut ? "the API is too slow" : "the API is unreachable",
    );
  }
  if (response.status === 404) throw new ImageError(404, "no such image");
  if (!response.ok) throw new ImageError(502, `the API answered ${response.status}`);
  if (Number(response.headers.get("content-length")) > MAX_SOURCE_BYTES) {
    await response.body?.cancel();
    throw new ImageError(400, "src is too large");
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_SOURCE_BYTES) throw new ImageError(400, "src is too large");
  return body;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
