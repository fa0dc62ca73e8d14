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
 * width, fit or source address gets a 400; a file that is no image or too large a 400, a missing
 * one a 404, a failing API a 502 or 504, each with the site's "no image" picture as its body
 * (public/no-image.svg), which the page shows in place of a broken-image icon.
 * The parts: image-request.ts (what is asked), image-source.ts (the fetch), image-encode.ts
 * (sharp), the contract's concurrency.ts (the lines), disk-cache.ts (the bounded folder).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Line } from "@site/contract/concurrency";
import type express from "express";
import { NO_IMAGE } from "../../app/shared/image-kinds.ts";
import { InFlight } from "../in-flight.ts";
import { loggerFor, reasonOf } from "../log.server.ts";
import { timeImageEncode, watchImageCache } from "../operations/metrics.server.ts";
import { cacheFile, sendCachedImage } from "./cache-folder.ts";
import { DiskCache } from "./disk-cache.ts";
import { encode } from "./image-encode.ts";
import { ImageError } from "./image-error.ts";
import {
  acceptedFormat,
  cardPageOf,
  type Format,
  type Size,
  sizeOf,
  sourceUrl,
} from "./image-request.ts";
import { fetchSource } from "./image-source.ts";

export interface ImageEndpointOptions {
  /** The site's public files: `no-image.svg` answers for a missing image. */
  publicDir: string;
  /** Where `/storage/...` sources are fetched from (the content API). */
  apiBaseUrl: string;
  /** Origins whose absolute URLs may be fetched (the API's and the media host's). */
  origins: readonly string[];
  cacheDir: string;
  timeoutMs: number;
  /** Bytes the resized images may take on disk (IMAGE_CACHE_MAX_MB). */
  maxCacheBytes: number;
  /** Memory libvips may keep between encodes (IMAGE_MEMORY_MB). */
  libvipsMemoryMb: number;
  /** Largest source read, in bytes and in pixels: content photos are far smaller. */
  maxSourceBytes?: number;
  maxSourcePixels?: number;
  /** Images made at once; more wait in line, at most `maxQueued` of them for `queueMs`. */
  maxEncodes?: number;
  /** Sources fetched (and held until made) at once, in a line of their own like the above. */
  maxFetches?: number;
  maxQueued?: number;
  queueMs?: number;
}

const ONE_WEEK = 7 * 24 * 60 * 60;
/** How long a missing image's stand-in may be kept: the file may be uploaded soon. */
const MISSING_MAX_AGE_S = 5 * 60;

const log = loggerFor("images");

export function imageEndpoint(options: ImageEndpointOptions): express.RequestHandler {
  const limits = {
    maxSourceBytes: options.maxSourceBytes ?? 25 * 1024 * 1024,
    maxSourcePixels: options.maxSourcePixels ?? 50_000_000,
  };
  const inFlight = new InFlight<string, { file: string; format: Format }>();
  const disk = new DiskCache(options.cacheDir, options.maxCacheBytes);
  watchImageCache(() => disk.bytes);
  // libvips and the source buffers are the costly part: few at once, the rest wait briefly.
  // Fetching waits on the network, not on the CPU: a line of its own, so that slow sources hold
  // no encoding slot; a fetched source keeps its slot until its image is made, which bounds the
  // sources held in memory to `maxFetches`.
  const busy = () => new ImageError(503, "too many images are being made; try again", "busy");
  const queued = [options.maxQueued ?? 32, options.queueMs ?? 5_000, busy] as const;
  const line = new Line(options.maxEncodes ?? 2, ...queued);
  const fetches = new Line(options.maxFetches ?? 4, ...queued);
  let noImage: Promise<Buffer> | undefined;

  return async (req, res) => {
    let cardPage: string | undefined;
    try {
      const size = sizeOf(req.query);
      cardPage = cardPageOf(req.query);
      const upstream = sourceUrl(req.query.src, options);
      const accepted = size === "og" ? "jpeg" : acceptedFormat(req.get("accept"));
      const sizeKey = typeof size === "object" ? `${size.width}x${size.height}` : size;
      const key = createHash("sha256").update(`${upstream}|${sizeKey}|${accepted}`).digest("hex");
      const { file, format } = await inFlight.run(key, () =>
        produce({ upstream, size, accepted, key, options, limits, disk, line, fetches }),
      );
      res.setHeader("Content-Type", `image/${format}`);
      res.setHeader(
        "Cache-Control",
        `public, max-age=${ONE_WEEK}, stale-while-revalidate=${ONE_WEEK}`,
      );
      if (size !== "og") res.setHeader("Vary", "Accept");
      sendCachedImage(res, file);
    } catch (error) {
      const status = error instanceof ImageError ? error.status : 500;
      if (error instanceof ImageError && error.about === "source" && cardPage !== undefined) {
        // A crawler asking for a page's social crop gets the card the site draws for the page.
        res
          .set("Cache-Control", `public, max-age=${MISSING_MAX_AGE_S}`)
          .set("X-Image-Error", error.message)
          .redirect(302, `/og${cardPage}.png`);
        return;
      }
      if (error instanceof ImageError && error.about === "source" && req.query.fit !== "og") {
        noImage ??= readFile(path.join(options.publicDir, NO_IMAGE));
        const picture = await noImage.catch(() => {
          noImage = undefined; // read again next time
          return undefined;
        });
        if (picture) {
          res
            .status(status)
            // Why, for whoever looks (the body is the picture).
            .set("X-Image-Error", error.message)
            .type("image/svg+xml")
            // A missing or broken file may be replaced soon; an API failing now, at once.
            .set(
              "Cache-Control",
              status < 500 ? `public, max-age=${MISSING_MAX_AGE_S}` : "no-store",
            )
            .send(picture);
          return;
        }
      }
      if (status === 500) log.error({ path: req.path }, reasonOf(error));
      if (status === 503) res.setHeader("Retry-After", "5");
      res
        .status(status)
        .type("text/plain")
        .send(error instanceof ImageError ? error.message : "Image failed");
    }
  };
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
  fetches: Line;
}

/** The cached file for this source, size and format, made now if it is not there yet. */
async function produce(job: Job): Promise<{ file: string; format: Format }> {
  const { accepted, key, options, disk } = job;
  const fileOf = (format: Format) => cacheFile(options.cacheDir, key, format);
  for (const format of accepted === "original" ? (["jpeg", "png"] as const) : [accepted]) {
    if (await disk.has(fileOf(format))) return { file: fileOf(format), format };
  }
  const { upstream, size, limits } = job;
  return job.fetches.run(async () => {
    const source = await fetchSource(upstream, options.timeoutMs, limits.maxSourceBytes);
    return job.line.run(async () => {
      const encoded = timeImageEncode();
      const { output, format } = await encode(source, size, accepted, {
        maxSourcePixels: limits.maxSourcePixels,
        memoryMb: options.libvipsMemoryMb,
      });
      encoded({ format });
      const file = fileOf(format);
      await disk.write(file, output);
      return { file, format };
    });
  });
}
