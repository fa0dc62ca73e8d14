import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ICO_ICON, pngIcons, SVG_ICON } from "../app/shared/icons.ts";
import { publicDir, renderIcons } from "./icons.ts";

const read = (file: string) => fs.readFileSync(path.join(publicDir, file));

/** Decoded RGBA pixels of an image. */
const pixels = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();

describe("icons", async () => {
  const fresh = await renderIcons(read(SVG_ICON));

  it.each(Object.values(pngIcons))("$path is a $size-pixel PNG", async ({ path: file, size }) => {
    const meta = await sharp(read(file)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
  });

  it("are drawn from favicon.svg as it is now (else run `npm run icons` and commit)", async () => {
    for (const [file, made] of fresh) {
      if (file === ICO_ICON) continue;
      const [committed, now] = await Promise.all([pixels(read(file)), pixels(made)]);
      expect(committed.length, file).toBe(now.length);
      // Another sharp version may smooth edges a little differently; the drawing is the same.
      // Per pixel, the largest difference of a channel (a changed colour of the logo's bar
      // averages about 5 at 192 pixels).
      let difference = 0;
      for (let i = 0; i < now.length; i += 4) {
        const channels = [0, 1, 2, 3].map((k) =>
          Math.abs((committed[i + k] ?? 0) - (now[i + k] ?? 0)),
        );
        difference += Math.max(...channels);
      }
      expect(difference / (now.length / 4), file).toBeLessThan(1);
    }
  });

  it("opaque where the platform wants no transparency", async () => {
    for (const icon of [pngIcons.appleTouch, pngIcons.maskable]) {
      const { channels } = await sharp(read(icon.path)).stats();
      expect(channels[3]?.min ?? 255, icon.path).toBe(255);
    }
  });

  it("favicon.ico holds the 32-pixel PNG", () => {
    const ico = read(ICO_ICON);
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6], ico[7]]).toEqual([1, 1, 32, 32]);
    const offset = ico.readUInt32LE(18);
    expect(ico.subarray(offset)).toEqual(read(pngIcons.favicon.path));
    expect(ico.readUInt32LE(14)).toBe(ico.length - offset);
  });
});
