/**
 * `npm run icons`: renders `public/favicon.svg` into the PNG icons of app/shared/icons.ts and
 * `favicon.ico`, written next to it in `public/`. Run it after changing the SVG, and commit
 * the files: made once here rather than on request, they are plain static files (no image
 * work, cache or failure at run time), and icons.test.ts fails when they drift from the SVG.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ICO_ICON, type PngIcon, pngIcons, SVG_ICON, THEME_COLOR } from "../app/shared/icons.ts";

export const publicDir = path.resolve(import.meta.dirname, "../public");

/** The SVG drawn `size` pixels wide and high. */
const draw = (svg: Buffer, size: number) =>
  // 72 dpi draws the SVG at its own size; scaled so it is drawn sharp at `size`.
  sharp(svg, { density: Math.ceil((72 * size) / 48) }).resize(size, size);

/** One PNG icon of the SVG (see `PngIcon.purpose`). */
async function renderIcon(svg: Buffer, { size, purpose }: PngIcon): Promise<Buffer> {
  if (purpose === "any") return draw(svg, size).png({ compressionLevel: 9 }).toBuffer();
  if (purpose === "touch") {
    return draw(svg, size)
      .flatten({ background: THEME_COLOR })
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
  // Maskable: the drawing at 80% fits the safe zone (a circle of 80% of the width).
  const inner = Math.round(size * 0.8);
  const drawing = await draw(svg, inner).png().toBuffer();
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR } })
    .composite([{ input: drawing, left: offset, top: offset }])
    .flatten({ background: THEME_COLOR })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding one PNG image (ICO has allowed PNG images since Windows Vista). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width (0 means 256)
  header.writeUInt8(size % 256, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // where the image starts
  return Buffer.concat([header, png]);
}

/** Every icon file made from the SVG, by path under `public/`. */
export async function renderIcons(svg: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const icon of Object.values(pngIcons)) files.set(icon.path, await renderIcon(svg, icon));
  const favicon = pngIcons.favicon;
  files.set(ICO_ICON, icoOf(files.get(favicon.path) as Buffer, favicon.size));
  return files;
}

if (import.meta.main) {
  const svg = fs.readFileSync(path.join(publicDir, SVG_ICON));
  for (const [file, bytes] of await renderIcons(svg)) {
    fs.writeFileSync(path.join(publicDir, file), bytes);
    console.log(`${path.join("apps/web/public", file)}: ${bytes.length} bytes`);
  }
}
