/**
 * `/og/{page path}.png`: the social card of a page without an image of its own, a 1200×630 PNG
 * with the company's logo and name and the page's title in the page's language (Arabic right
 * to left), drawn with sharp and kept on disk beside the resized images (IMAGE_CACHE_DIR).
 *
 * The title is the page's own `og:title`, read from the page as the server renders it: the
 * address names a page, not a text, so nobody can make the server draw words of their
 * choosing, and there are only as many cards as pages. An address whose `v` matches what the
 * card shows now (app/shared/social-image.ts) is cached for a week; an old or missing `v` gets
 * today's card, cached briefly. A path that is not a page that answers 200 gets a 404.
 *
 * Text is drawn by Pango (inside libvips) in the Cairo font the site uses. Pango shapes Arabic
 * and orders mixed Arabic and English itself; it cannot read WOFF files, so the font's WOFF
 * files are unpacked once to TrueType files in the cache folder (woff.ts) and handed to it.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Language } from "@site/contract";
import type express from "express";
import { canonicalPath, pageOf } from "../app/shared/page-table.ts";
import { cardVersion, pageOfCard, socialImageSize } from "../app/shared/social-image.ts";
import { decodeEntities } from "../app/shared/text.ts";
import type { CompanyFile } from "./company.server.ts";
import { sendCachedImage } from "./image-endpoint.ts";
import { logError, reasonOf } from "./log.server.ts";
import { woffToSfnt } from "./woff.ts";

type SharpModule = typeof import("sharp").default;

export interface SocialCardOptions {
  /** IMAGE_CACHE_DIR: cards go to `cards/`, the unpacked fonts to `fonts/`. */
  cacheDir: string;
  company: CompanyFile;
  /** SITE_URL: its host is written at the foot of the card. */
  siteUrl: string;
  /** Where the logo is read from when the company file gives it as a path of the site. */
  publicDir: string;
  timeoutMs: number;
  /** The page's `og:title` when the page at `pathname` answers 200, else null. */
  pageTitle: (pathname: string) => Promise<string | null>;
}

const ONE_WEEK = 7 * 24 * 60 * 60;
const FIVE_MINUTES = 5 * 60;
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export function socialCardEndpoint(options: SocialCardOptions): express.RequestHandler {
  const inFlight = new Map<string, Promise<string>>();
  let drawer: Promise<CardDrawer> | undefined;
  // Made on the first card; a failed start (fonts, sharp) is tried again by the next one.
  const getDrawer = () => {
    drawer ??= cardDrawer(options).catch((error) => {
      drawer = undefined;
      throw error;
    });
    return drawer;
  };

  return async (req, res) => {
    try {
      const pathname = pageOfCard(req.path);
      // Only pages of the site's table, spelled as their canonical links spell them.
      const page = pathname ? pageOf(pathname.split("/").slice(2).join("/")) : undefined;
      const known = page && page !== "soso" && canonicalPath(pathname ?? "") === pathname;
      const title = known ? await options.pageTitle(pathname) : null;
      if (!pathname || !title) {
        res.status(404).type("text/plain").send("No such page");
        return;
      }
      const lang: Language = pathname.startsWith("/ar") ? "ar" : "en";
      const card: Card = {
        lang,
        title,
        siteName: options.company.name[lang],
        host: new URL(options.siteUrl).host,
        logo: options.company.logo,
      };
      const version = cardVersion(lang, [title, card.siteName, card.logo]);
      // The version names the card's design too: a new design is not served old files.
      const key = createHash("sha256")
        .update(`${version}\n${JSON.stringify(card)}`)
        .digest("hex");
      let job = inFlight.get(key);
      if (!job) {
        job = produce(card, key, getDrawer, options).finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      const file = await job;
      const age = req.query.v === version ? ONE_WEEK : FIVE_MINUTES;
      res.setHeader("Content-Type", "image/png");
      res.setHeader("Cache-Control", `public, max-age=${age}, stale-while-revalidate=${age}`);
      sendCachedImage(res, file);
    } catch (error) {
      logError("og", reasonOf(error), { path: req.path });
      res.status(500).type("text/plain").send("Card failed");
    }
  };
}

/** The `og:title` of a rendered page, as text, or null when it has none. */
export function ogTitleOf(html: string): string | null {
  const tag = /<meta\b[^>]*\bproperty="og:title"[^>]*>/.exec(html)?.[0];
  const content = tag && /\bcontent="([^"]*)"/.exec(tag)?.[1];
  return content ? decodeEntities(content).trim() || null : null;
}

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

/** The cached card file, drawn now if it is not there yet. */
async function produce(
  card: Card,
  key: string,
  drawer: () => Promise<CardDrawer>,
  options: SocialCardOptions,
): Promise<string> {
  const file = path.join(options.cacheDir, "cards", key.slice(0, 2), `${key}.png`);
  if (await exists(file)) return file;
  const logo = await readLogo(card.logo, options);
  const png = await (await drawer())(card, logo);
  // A card drawn without its logo (unreachable for now) is sent but not kept.
  if (!logo) {
    const temporary = path.join(options.cacheDir, "cards", `unkept-${key}.png`);
    await writeAtomically(temporary, png);
    return temporary;
  }
  await writeAtomically(file, png);
  return file;
}

/** The logo's bytes (SVG or a raster image), or null when it cannot be had. */
async function readLogo(logo: string, options: SocialCardOptions): Promise<Buffer | null> {
  try {
    if (logo.startsWith("/")) {
      const file = path.resolve(options.publicDir, `.${logo}`);
      if (!file.startsWith(path.resolve(options.publicDir) + path.sep)) return null;
      return await fs.readFile(file);
    }
    const response = await fetch(logo, { signal: AbortSignal.timeout(options.timeoutMs) });
    if (!response.ok) throw new Error(`the logo's host answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_LOGO_BYTES) throw new Error("the logo is too large");
    return body;
  } catch (error) {
    logError("og", `logo ${logo}: ${reasonOf(error)}`);
    return null;
  }
}

/** Draws one card as a PNG. */
export type CardDrawer = (card: Card, logo: Buffer | null) => Promise<Buffer>;

/** Cairo Bold's subsets: Pango takes each script from the file that has it. */
const fontSubsets = ["arabic", "latin", "latin-ext"] as const;

/**
 * Makes sharp's fonts ready (the TrueType files written once to `fonts/` under `cacheDir`,
 * and each handed to fontconfig by drawing one character with it) and returns the drawer.
 * sharp is loaded here, on the first card, like the image endpoint loads it.
 */
export async function cardDrawer(options: { cacheDir: string }): Promise<CardDrawer> {
  const { default: sharp } = await import("sharp");
  const require = createRequire(import.meta.url);
  for (const subset of fontSubsets) {
    const file = path.join(options.cacheDir, "fonts", `cairo-${subset}-700.ttf`);
    if (!(await exists(file))) {
      const woff = await fs.readFile(
        require.resolve(`@fontsource/cairo/files/cairo-${subset}-700-normal.woff`),
      );
      await writeAtomically(file, woffToSfnt(woff));
    }
    await sharp({ text: { text: "x", fontfile: file, font: `${FONT} 12` } }).toBuffer();
  }
  const measure = textMeasure(sharp);
  return (card, logo) => drawCard(sharp, measure, card, logo);
}

const FONT = "Cairo Bold";
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

interface TextOptions {
  size: number;
  colour: string;
  lang: Language;
  /** Width to wrap at; without it the text stays on one line. */
  width?: number;
}

/** Text drawn by Pango, cropped to its ink; `lines` is how many lines it took. */
interface DrawnText {
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
function textMeasure(sharp: SharpModule) {
  const advances = new Map<number, Promise<number>>();
  const draw = async (text: string, options: TextOptions) => {
    // A direction mark first: the paragraph runs in the page's direction whatever its first
    // word, and "left" then means the side the language starts from (Pango flips it for RTL).
    const mark = options.lang === "ar" ? "\u200f" : "\u200e";
    const markup = `<span foreground="${options.colour}" line_height="0.8">${mark}${escapeMarkup(text)}</span>`;
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

type Measure = ReturnType<typeof textMeasure>;

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
  const rtl = card.lang === "ar";
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

/** Text as Pango markup shows it literally. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  await fs.writeFile(partial, data);
  await fs.rename(partial, file);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
