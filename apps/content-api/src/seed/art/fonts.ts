/**
 * Text for rasterised pictures, converted to vector outlines with fontkit (a pdfkit dependency)
 * and the IBM Plex Sans Arabic Latin subset, so certificates look the same on machines without
 * system fonts. Falls back to plain SVG <text> (system fonts) when either is unavailable.
 */
import { createRequire } from "node:module";
import { escapeXml, f } from "./svg.ts";

export type Weight = 400 | 500 | 600 | 700;

interface FkPath {
  toSVG(): string;
}
interface FkGlyph {
  id: number;
  path: FkPath;
}
interface FkPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface FkFont {
  unitsPerEm: number;
  layout(text: string): { glyphs: FkGlyph[]; positions: FkPosition[] };
  hasGlyphForCodePoint(codePoint: number): boolean;
}
interface Fontkit {
  openSync(path: string): FkFont;
}

const require = createRequire(import.meta.url);
let fontkit: Fontkit | null | undefined;
const fonts = new Map<string, FkFont | null>();
const glyphCache = new Map<string, string>();

function loadFontkit(): Fontkit | null {
  if (fontkit !== undefined) return fontkit;
  try {
    fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as Fontkit;
  } catch {
    fontkit = null;
  }
  return fontkit;
}

/** Resolves a font file of the fontsource IBM Plex Sans Arabic package, or null. */
export function plexFile(subset: "latin" | "arabic", weight: Weight): string | null {
  try {
    return require.resolve(
      `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff`,
    );
  } catch {
    return null;
  }
}

function font(weight: Weight): FkFont | null {
  const key = `latin-${weight}`;
  if (fonts.has(key)) return fonts.get(key) ?? null;
  let loaded: FkFont | null = null;
  const kit = loadFontkit();
  const file = plexFile("latin", weight);
  if (kit && file) {
    try {
      loaded = kit.openSync(file);
    } catch {
      loaded = null;
    }
  }
  fonts.set(key, loaded);
  return loaded;
}

export interface TextOptions {
  x: number;
  y: number;
  size: number;
  weight?: Weight;
  fill: string;
  anchor?: "start" | "middle" | "end";
  /** Extra space between letters, in em. */
  tracking?: number;
  opacity?: number;
}

/** Width of a line of text in user units (approximate when falling back to system fonts). */
export function measure(text: string, size: number, weight: Weight = 400, tracking = 0): number {
  const fk = font(weight);
  if (!fk) return text.length * size * (weight >= 600 ? 0.6 : 0.55) + text.length * tracking * size;
  const run = fk.layout(text);
  let w = 0;
  for (const p of run.positions) w += p.xAdvance;
  return (w / fk.unitsPerEm) * size + run.glyphs.length * tracking * size;
}

/** One line of text as SVG (outlines when possible). */
export function text(content: string, o: TextOptions): string {
  const weight = o.weight ?? 400;
  const tracking = o.tracking ?? 0;
  const width = measure(content, o.size, weight, tracking);
  const startX = o.anchor === "middle" ? o.x - width / 2 : o.anchor === "end" ? o.x - width : o.x;
  const opacity = o.opacity === undefined ? "" : ` opacity="${o.opacity}"`;
  const fk = font(weight);
  if (!fk) {
    return `<text x="${f(startX)}" y="${f(o.y)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${f(o.size)}" font-weight="${weight >= 600 ? "bold" : "normal"}" letter-spacing="${f(tracking * o.size)}" fill="${o.fill}"${opacity}>${escapeXml(content)}</text>`;
  }
  const scale = o.size / fk.unitsPerEm;
  const run = fk.layout(content);
  let pen = 0;
  let body = "";
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i];
    if (!pos) return;
    const key = `${weight}:${glyph.id}`;
    let d = glyphCache.get(key);
    if (d === undefined) {
      d = glyph.path.toSVG();
      glyphCache.set(key, d);
    }
    if (d)
      body += `<path transform="translate(${f(pen + pos.xOffset)} ${f(pos.yOffset)})" d="${d}"/>`;
    pen += pos.xAdvance + (tracking * o.size) / scale;
  });
  return `<g transform="translate(${f(startX)} ${f(o.y)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" fill="${o.fill}"${opacity}>${body}</g>`;
}

/** Greedy word wrap to a maximum width. */
export function wrap(
  content: string,
  size: number,
  maxWidth: number,
  weight: Weight = 400,
): string[] {
  const words = content.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(candidate, size, weight) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}
