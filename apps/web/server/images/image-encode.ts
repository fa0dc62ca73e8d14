/** Resizing, cropping and re-encoding a source image with sharp (libvips). */
import type { Sharp } from "sharp";
import { socialImageSize } from "../../app/shared/social-image.ts";
import { ImageError } from "./image-error.ts";
import type { Format, Size } from "./image-request.ts";
import { loadSharp } from "./libvips.ts";

export async function encode(
  source: Buffer,
  size: Size,
  accepted: "avif" | "webp" | "jpeg" | "original",
  { maxSourcePixels, memoryMb }: { maxSourcePixels: number; memoryMb: number },
): Promise<{ output: Buffer; format: Format }> {
  const { default: sharp } = await loadSharp(memoryMb);
  let image: Sharp;
  let format: Format;
  try {
    image = sharp(source, { limitInputPixels: maxSourcePixels, failOn: "error" });
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
