/**
 * The Cairo font for the social cards. Pango (inside libvips) cannot read WOFF files, so the
 * site's WOFF files are unpacked once to TrueType files in the cache folder (woff.ts).
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { exists, writeAtomically } from "./cache-folder.ts";
import { woffToSfnt } from "./woff.ts";

type SharpModule = typeof import("sharp").default;

export const FONT = "Cairo Bold";

/** Cairo Bold's subsets: Pango takes each script from the file that has it. */
const fontSubsets = ["arabic", "latin", "latin-ext"] as const;

/**
 * Makes sharp's fonts ready: the TrueType files written once to `fonts/` under `cacheDir`,
 * and each handed to fontconfig by drawing one character with it.
 */
export async function loadCardFonts(sharp: SharpModule, cacheDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  for (const subset of fontSubsets) {
    const file = path.join(cacheDir, "fonts", `cairo-${subset}-700.ttf`);
    if (!(await exists(file))) {
      const woff = await fs.readFile(
        require.resolve(`@fontsource/cairo/files/cairo-${subset}-700-normal.woff`),
      );
      await writeAtomically(file, woffToSfnt(woff));
    }
    await sharp({ text: { text: "x", fontfile: file, font: `${FONT} 12` } }).toBuffer();
  }
}
