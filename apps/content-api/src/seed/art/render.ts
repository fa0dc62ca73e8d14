/** Turns an asset description into file bytes. */
import sharp from "sharp";
import { renderCertificate } from "./certificate.ts";
import { composeScene } from "./compose.ts";
import { composeEquipment } from "./equipment.ts";
import { renderIcon } from "./icons.ts";
import { type AssetSpec, isEquipment, type RasterFormat } from "./paths.ts";
import { renderProfile } from "./profile.ts";
import { composeBlueprint, composeMeeting, composeSafety } from "./special.ts";

/** SVG markup of a picture subject at a given size. */
export function pictureSvg(
  subject: string,
  width: number,
  height: number,
  seed: number,
  variant: number,
  hero: boolean,
): string {
  if (isEquipment(subject)) return composeEquipment({ kind: subject, width, height, seed });
  const req = { width, height, seed, variant };
  if (subject === "blueprint") return composeBlueprint(req);
  if (subject === "meeting") return composeMeeting(req);
  if (subject === "safety") return composeSafety(req);
  return composeScene({ subject, width, height, seed, variant, hero });
}

export async function rasterise(
  svg: string,
  width: number,
  height: number,
  format: RasterFormat,
): Promise<Buffer> {
  let img = sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: "cover" });
  switch (format) {
    case "jpeg":
      return img
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 78, progressive: true })
        .toBuffer();
    case "webp":
      return img.webp({ quality: 80 }).toBuffer();
    case "avif":
      return img.avif({ quality: 55, effort: 2 }).toBuffer();
    case "gif":
      return img.gif().toBuffer();
    case "tiff":
      return img.tiff({ compression: "jpeg", quality: 85 }).toBuffer();
    default:
      img = img.png({ compressionLevel: 8 });
      return img.toBuffer();
  }
}

export async function renderAsset(spec: AssetSpec): Promise<Buffer> {
  switch (spec.kind) {
    case "pdf":
      return renderProfile();
    case "icon": {
      const svg = renderIcon(spec.name, spec.white);
      if (spec.format === "svg") return Buffer.from(svg, "utf8");
      return rasterise(
        svg.replace('width="64" height="64"', 'width="256" height="256"'),
        256,
        256,
        spec.format,
      );
    }
    case "certificate":
      return rasterise(
        renderCertificate(spec.number, spec.year, spec.width, spec.height, String(spec.seed)),
        spec.width,
        spec.height,
        spec.format,
      );
    case "picture":
      return rasterise(
        pictureSvg(spec.subject, spec.width, spec.height, spec.seed, spec.variant, spec.hero),
        spec.width,
        spec.height,
        spec.format,
      );
  }
}
