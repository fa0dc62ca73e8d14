/**
 * The social card's picture, 1200×630: the company's logo and name, the page's title and the
 * site's host, laid out from the side the language starts from (Arabic right to left).
 */
import type { Language } from "@site/contract";
import { directionOf } from "../../app/i18n/index.ts";
import { socialImageSize } from "../../app/shared/social-image.ts";
import { loadCardFonts } from "./card-fonts.ts";
import { type DrawnText, type Measure, textMeasure } from "./card-text.ts";
import { loadSharp } from "./libvips.ts";

type SharpModule = typeof import("sharp").default;

/** What a card shows. */
export interface Card {
  lang: Language;
  title: string;
  siteName: string;
  /** Host name written at the foot, e.g. `www.example.com`. */
  host: string;
  /** The company file's logo: a path of the site or an absolute URL. */
  logo: string;
}

/** Draws one card as a PNG. */
export type CardDrawer = (card: Card, logo: Buffer | null) => Promise<Buffer>;

/**
 * Makes sharp's fonts ready and returns the drawer. sharp is loaded on the first card, bounded
 * like the image endpoint's (libvips.ts: IMAGE_MEMORY_MB), whichever loads it first.
 */
export async function cardDrawer(options: {
  cacheDir: string;
  libvipsMemoryMb: number;
}): Promise<CardDrawer> {
  const { default: sharp } = await loadSharp(options.libvipsMemoryMb);
  await loadCardFonts(sharp, options.cacheDir);
  const measure = textMeasure(sharp);
  return (card, logo) => drawCard(sharp, measure, card, logo);
}

const { width: WIDTH, height: HEIGHT } = socialImageSize;
const MARGIN = 80;
const TEXT_WIDTH = WIDTH - 2 * MARGIN;
/** Title sizes tried in turn until the title fits in MAX_LINES lines; cut with "…" at the last. */
const TITLE_SIZES = [68, 58, 50];
const MAX_LINES = 3;
const LOGO_TILE = 104;
const LOGO_PADDING = 12;
const colours = {
  navy: "#0f2a44",
  navyDark: "#081a2c",
  navyLight: "#163a5c",
  amber: "#f2a900",
  sand: "#e9dcc3",
};

/** The title at the largest size that fits in MAX_LINES lines, cut short at the smallest. */
async function drawTitle(measure: Measure, title: string, lang: Language): Promise<DrawnText> {
  const options = { colour: "#ffffff", lang, width: TEXT_WIDTH };
  let drawn: DrawnText | undefined;
  for (const size of TITLE_SIZES) {
    drawn = await measure(title, { ...options, size });
    if (drawn.lines <= MAX_LINES) return drawn;
  }
  // Still too long at the smallest size: the most words that fit, then "…".
  const size = TITLE_SIZES.at(-1) ?? 50;
  const words = title.split(/\s+/);
  let [low, high] = [1, words.length - 1];
  let best = await measure(`${words[0]?.slice(0, 40)}…`, { ...options, size });
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const attempt = await measure(`${words.slice(0, middle).join(" ")}…`, { ...options, size });
    if (attempt.lines <= MAX_LINES) {
      best = attempt;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

/**
 * The card: the company's logo on a white tile and its name in the top corner the language
 * starts from, the title below, the site's host at the foot above an amber band. Arabic cards
 * are the mirror image of English ones.
 */
async function drawCard(
  sharp: SharpModule,
  measure: Measure,
  card: Card,
  logo: Buffer | null,
): Promise<Buffer> {
  const rtl = directionOf(card.lang) === "rtl";
  /** `left` of an item `width` wide placed `inset` from the side the language starts from. */
  const fromStart = (width: number, inset = MARGIN) => (rtl ? WIDTH - inset - width : inset);
  const layers: { input: Buffer; left: number; top: number }[] = [];

  const top = 64;
  let nameInset = MARGIN;
  if (logo) {
    const inner = LOGO_TILE - 2 * LOGO_PADDING;
    const fitted = await sharp(logo, { density: 300 })
      .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const tile = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_TILE}" height="${LOGO_TILE}"><rect width="${LOGO_TILE}" height="${LOGO_TILE}" rx="20" fill="#fff"/></svg>`,
    );
    const left = fromStart(LOGO_TILE);
    layers.push({ input: tile, left, top });
    layers.push({ input: fitted, left: left + LOGO_PADDING, top: top + LOGO_PADDING });
    nameInset = MARGIN + LOGO_TILE + 28;
  }
  const name = await measure(card.siteName, {
    size: 36,
    colour: colours.sand,
    lang: card.lang,
    width: WIDTH - nameInset - MARGIN,
  });
  layers.push({
    input: name.image,
    left: fromStart(name.width, nameInset),
    top: top + Math.round((LOGO_TILE - name.height) / 2),
  });

  // The title sits in the middle of the space between the logo row and the foot.
  const title = await drawTitle(measure, card.title, card.lang);
  const [areaTop, areaBottom] = [top + LOGO_TILE + 40, HEIGHT - 120];
  layers.push({
    input: title.image,
    left: fromStart(title.width),
    top: Math.max(areaTop, Math.round((areaTop + areaBottom - title.height) / 2)),
  });

  const host = await measure(card.host, { size: 28, colour: colours.sand, lang: "en" });
  layers.push({ input: host.image, left: fromStart(host.width), top: HEIGHT - 60 - host.height });

  return sharp(background(rtl))
    .composite(layers)
    .png({ compressionLevel: 9, palette: true, colours: 128 })
    .toBuffer();
}

/** Navy, a little lighter towards the top corner the text starts from, and an amber band. */
function background(rtl: boolean): Buffer {
  const [x1, x2] = rtl ? ["1", "0"] : ["0", "1"];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="g" x1="${x1}" y1="0" x2="${x2}" y2="1">
        <stop offset="0" stop-color="${colours.navyLight}"/>
        <stop offset="0.55" stop-color="${colours.navy}"/>
        <stop offset="1" stop-color="${colours.navyDark}"/>
      </linearGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
      <rect y="${HEIGHT - 14}" width="${WIDTH}" height="14" fill="${colours.amber}"/>
    </svg>`,
  );
}
