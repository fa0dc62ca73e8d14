/**
 * `/img?src=…&w=…`: a content image resized to one of the widths pages ask for
 * (app/shared/image-kinds.ts), with `&h=…` cut to one of the shapes they ask for (its middle),
 * and re-encoded as AVIF or WebP when the browser takes them
 * (`Accept`), else in its own format. `/img?src=…&fit=og` instead: the image cropped to fill
 * a social card's 1200×630 (app/shared/social-image.ts), always as JPEG, which every social
 * network's crawler reads. Only the content API's media are fetched (no open proxy), and only
 * under their one canonical address (`canonicalMediaUrl`), so one image cannot be made again
 * under endless spellings. Each result is made once and kept on disk, in a folder bounded in
 * bytes (least recently used files go first), and sent with long cache headers. A few images
 * are made at once; others wait briefly in line, then get a 503 with `Retry-After`. A bad
 * width, fit, source or file gets a 400; a missing one a 404; a failing API a 502 or 504.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type express from "express";
import type { Sharp } from "sharp";
import {
  canonicalMediaUrl,
  imageCrops,
  imageWidths,
  MAX_IMAGE_SRC_LENGTH,
} from "../app/shared/image-kinds.ts";
import { socialImageSize } from "../app/shared/social-image.ts";
import { logError, reasonOf } from "./log.server.ts";

export interface ImageEndpointOptions {
  /** Where `/storage/...` sources are fetched from (the content API). */
  apiBaseUrl: string;
  /** Origins whose absolute URLs may be fetched (the API's and the media host's). */
  origins: readonly string[];
  cacheDir: string;
  timeoutMs: number;
  /** Bytes the resized images may take on disk (IMAGE_CACHE_MAX_MB); default 512 MB. */
  maxCacheBytes?: number;
  /** Largest source read, in bytes and in pixels: content photos are far smaller. */
  maxSourceBytes?: number;
  maxSourcePixels?: number;
  /** Images made at once; more wait in line, at most `maxQueued` of them for `queueMs`. */
  maxEncodes?: number;
  maxQueued?: number;
  queueMs?: number;
}

type Format = "avif" | "webp" | "jpeg" | "png";
/** What to make: one of the site's widths, cut to a height or not, or the social card's crop. */
type Size = number | { width: number; height: number } | "og";

const ONE_WEEK = 7 * 24 * 60 * 60;

class ImageError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function imageEndpoint(options: ImageEndpointOptions): express.RequestHandler {
  const limits = {
    maxSourceBytes: options.maxSourceBytes ?? 25 * 1024 * 1024,
    maxSourcePixels: options.maxSourcePixels ?? 50_000_000,
  };
  const inFlight = new Map<string, Promise<{ file: string; format: Format }>>();
  const disk = new DiskCache(options.cacheDir, options.maxCacheBytes ?? 512 * 1024 * 1024);
  // libvips and the source buffers are the costly part: few at once, the rest wait briefly.
  const line = new Line(options.maxEncodes ?? 2, options.maxQueued ?? 32, options.queueMs ?? 5_000);

  return async (req, res) => {
    try {
      const size = sizeOf(req.query);
      const upstream = sourceUrl(req.query.src, options);
      const accepted = size === "og" ? "jpeg" : acceptedFormat(req.get("accept"));
      const sizeKey = typeof size === "object" ? `${size.width}x${size.height}` : size;
      const key = createHash("sha256").update(`${upstream}|${sizeKey}|${accepted}`).digest("hex");
      let job = inFlight.get(key);
      if (!job) {
        job = produce({ upstream, size, accepted, key, options, limits, disk, line }).finally(() =>
          inFlight.delete(key),
        );
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
      if (status === 503) res.setHeader("Retry-After", "5");
      res
        .status(status)
        .type("text/plain")
        .send(error instanceof ImageError ? error.message : "Image failed");
    }
  };
}

/**
 * A line for a scarce resource: `max` holders at once, up to `maxQueued` waiting at most
 * `waitMs` each; anyone else is turned away (503) at once.
 */
export class Line {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  readonly max: number;
  readonly maxQueued: number;
  readonly waitMs: number;

  constructor(max: number, maxQueued: number, waitMs: number) {
    this.max = max;
    this.maxQueued = maxQueued;
    this.waitMs = waitMs;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#enter();
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }

  #enter(): Promise<void> {
    if (this.#active < this.max) {
      this.#active++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.maxQueued) {
      return Promise.reject(new ImageError(503, "too many images are being made; try again"));
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(turn), 1);
        reject(new ImageError(503, "too many images are being made; try again"));
      }, this.waitMs);
      this.#waiting.push(turn);
    });
  }
}

/**
 * The made images on disk, bounded in bytes: the files are listed once (partial files left by
 * a crash are deleted then), each hit moves its file to the end, and past the bound the least
 * recently used files are deleted. Another process sharing the folder keeps its own list.
 */
export class DiskCache {
  readonly #files = new Map<string, number>();
  #bytes = 0;
  #listed: Promise<void> | undefined;

  readonly dir: string;
  readonly maxBytes: number;

  constructor(dir: string, maxBytes: number) {
    this.dir = dir;
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The file, if it is on disk (marked as just used). */
  async has(file: string): Promise<boolean> {
    await this.#list();
    const size = this.#files.get(file);
    if (size !== undefined) {
      this.#files.delete(file);
      this.#files.set(file, size);
      return true;
    }
    try {
      // Made by another process sharing the folder.
      this.#add(file, (await fs.stat(file)).size);
      return true;
    } catch {
      return false;
    }
  }

  /** Writes `body` to `file` (aside, then renamed: a reader never sees half a file). */
  async write(file: string, body: Buffer): Promise<void> {
    await this.#list();
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
    this.#add(file, body.length);
    await this.#evict(file);
  }

  #add(file: string, size: number) {
    const old = this.#files.get(file);
    if (old !== undefined) this.#bytes -= old;
    this.#files.delete(file);
    this.#files.set(file, size);
    this.#bytes += size;
  }

  async #evict(keep: string) {
    for (const [file, size] of this.#files) {
      if (this.#bytes <= this.maxBytes) break;
      if (file === keep) continue;
      this.#files.delete(file);
      this.#bytes -= size;
      await fs.rm(file, { force: true });
    }
  }

  #list(): Promise<void> {
    this.#listed ??= (async () => {
      const found: { file: string; size: number; used: number }[] = [];
      let folders: string[] = [];
      try {
        folders = (await fs.readdir(this.dir)).filter((name) => /^[0-9a-f]{2}$/.test(name));
      } catch {
        return; // no folder yet
      }
      for (const folder of folders) {
        const dir = path.join(this.dir, folder);
        for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
          const file = path.join(dir, name);
          if (name.endsWith(".part")) {
            await fs.rm(file, { force: true });
            continue;
          }
          const stat = await fs.stat(file).catch(() => undefined);
          if (stat?.isFile()) {
            found.push({ file, size: stat.size, used: Math.max(stat.atimeMs, stat.mtimeMs) });
          }
        }
      }
      found.sort((a, b) => a.used - b.used);
      for (const { file, size } of found) this.#add(file, size);
      await this.#evict("");
    })();
    return this.#listed;
  }
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

/** The URL to fetch for `src`: its canonical address (`/storage/...` from the API). */
function sourceUrl(src: unknown, options: ImageEndpointOptions): string {
  if (typeof src !== "string" || src.length === 0 || src.length > MAX_IMAGE_SRC_LENGTH) {
    throw new ImageError(400, "src must be the address of a content image");
  }
  const canonical = canonicalMediaUrl(src, options.origins);
  if (canonical === null) {
    throw new ImageError(400, "src must be the canonical address of a content image");
  }
  // Other spellings of one image (`%41` for `A`, raw or encoded letters) share this address.
  return canonical.startsWith("/") ? options.apiBaseUrl + canonical : canonical;
}

/** The best modern format `accept` allows, or "original". */
function acceptedFormat(accept: string | undefined): "avif" | "webp" | "original" {
  if (accept?.includes("image/avif")) return "avif";
  if (accept?.includes("image/webp")) return "webp";
  return "original";
}

interface Job {
  upstream: string;
  size: Size;
  accepted: "avif" | "webp" | "jpeg" | "original";
  key: string;
  options: ImageEndpointOptions;
  limits: { maxSourceBytes: number; maxSourcePixels: number };
  disk: DiskCache;
  line: Line;
}

/** The cached file for this source, size and format, made now if it is not there yet. */
async function produce(job: Job): Promise<{ file: string; format: Format }> {
  const { accepted, key, options, disk } = job;
  const fileOf = (format: Format) =>
    path.join(options.cacheDir, key.slice(0, 2), `${key}.${format}`);
  for (const format of accepted === "original" ? (["jpeg", "png"] as const) : [accepted]) {
    if (await disk.has(fileOf(format))) return { file: fileOf(format), format };
  }
  return job.line.run(async () => {
    const { output, format } = await encode(job);
    const file = fileOf(format);
    await disk.write(file, output);
    return { file, format };
  });
}

async function encode({ upstream, size, accepted, options, limits }: Job) {
  const source = await fetchSource(upstream, options.timeoutMs, limits.maxSourceBytes);
  // Loaded on first use: a server that never resizes never loads libvips.
  const { default: sharp } = await import("sharp");
  let image: Sharp;
  let format: Format;
  try {
    image = sharp(source, { limitInputPixels: limits.maxSourcePixels, failOn: "error" });
    const meta = await image.metadata();
    // No page shows an SVG through here, and libvips would render its external references.
    if (meta.format === "svg") throw new ImageError(400, "SVG sources are not resized");
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
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError(400, "src is not an image");
  }
  try {
    return { output: await image.toBuffer(), format };
  } catch {
    throw new ImageError(400, "src is not an image");
  }
}

const qualityOf: Record<Format, Record<string, number | boolean>> = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, palette: true },
};

/** Source types never resized: markup and scripts, SVG among them. */
const refusedTypes = /svg|html|xml|json|javascript|^text\//i;

/** The source, read up to `maxBytes` whatever its `Content-Length` says (or does not). */
async function fetchSource(url: string, timeoutMs: number, maxBytes: number): Promise<Buffer> {
  const failed = (error: unknown) => {
    const timedOut =
      error instanceof Error && (error.name === "TimeoutError" || error.cause === "timeout");
    return new ImageError(
      timedOut ? 504 : 502,
      timedOut ? "the API is too slow" : "the API is unreachable",
    );
  };
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
  } catch (error) {
    throw failed(error);
  }
  if (response.status === 404) throw new ImageError(404, "no such image");
  const refused = !response.ok
    ? new ImageError(502, `the API answered ${response.status}`)
    : refusedTypes.test(response.headers.get("content-type") ?? "")
      ? new ImageError(400, "src is not an image")
      : Number(response.headers.get("content-length")) > maxBytes
        ? new ImageError(400, "src is too large")
        : undefined;
  if (refused || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw refused ?? new ImageError(502, "the API sent no image");
  }
  const chunks: Buffer[] = [];
  let length = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ImageError(400, "src is too large");
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw failed(error);
  }
  return Buffer.concat(chunks, length);
}
