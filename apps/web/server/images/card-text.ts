/** Text on a social card: drawn by Pango in the Cairo font, and measured in lines. */

import type { Language } from "@site/contract";
import { directionOf } from "../../app/i18n/index.ts";
import { escapeXml } from "../escape-xml.ts";
import { FONT } from "./card-fonts.ts";

type SharpModule = typeof import("sharp").default;

export interface TextOptions {
  size: number;
  colour: string;
  lang: Language;
  /** Width to wrap at; without it the text stays on one line. */
  width?: number;
}

/** Text drawn by Pango, cropped to its ink; `lines` is how many lines it took. */
export interface DrawnText {
  image: Buffer;
  width: number;
  height: number;
  lines: number;
}

/**
 * Draws text, and counts its lines. sharp crops text images to their ink, so the count comes
 * from the height: a line's ink is never taller than the distance between two lines' tops
 * (the advance, measured once per size as "A\nA" less "A"), and never empty, so n lines are
 * taller than n-1 advances and at most n advances tall.
 */
export function textMeasure(sharp: SharpModule) {
  const advances = new Map<number, Promise<number>>();
  const draw = async (text: string, options: TextOptions) => {
    // A direction mark first: the paragraph runs in the page's direction whatever its first
    // word, and "left" then means the side the language starts from (Pango flips it for RTL).
    const mark = directionOf(options.lang) === "rtl" ? "\u200f" : "\u200e";
    const markup = `<span foreground="${options.colour}" line_height="0.8">${mark}${escapeXml(text)}</span>`;
    const { data, info } = await sharp({
      text: {
        text: markup,
        font: `${FONT} ${options.size}`,
        width: options.width,
        wrap: "word-char",
        align: "left",
        rgba: true,
        dpi: 72,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height };
  };
  const advance = (size: number, lang: Language) => {
    let known = advances.get(size);
    if (!known) {
      const colour = "#fff";
      known = Promise.all([
        draw("A\nA", { size, colour, lang }),
        draw("A", { size, colour, lang }),
      ]).then(([two, one]) => two.height - one.height);
      advances.set(size, known);
    }
    return known;
  };
  return async (text: string, options: TextOptions): Promise<DrawnText> => {
    const [drawn, step] = await Promise.all([
      draw(text, options),
      advance(options.size, options.lang),
    ]);
    return { ...drawn, lines: Math.max(1, Math.ceil(drawn.height / step)) };
  };
}

export type Measure = ReturnType<typeof textMeasure>;
