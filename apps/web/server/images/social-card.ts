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
 * Text is drawn by Pango (inside libvips) in the Cairo font the site uses (card-fonts.ts);
 * Pango shapes Arabic and orders mixed Arabic and English itself (card-text.ts). The layout
 * is card-drawing.ts.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type express from "express";
import { cardPage, cardVersion, pageOfCard } from "../../app/shared/social-image.ts";
import { decodeEntities } from "../../app/shared/text.ts";
import type { CompanyFile } from "../company.server.ts";
import { bodyUpTo } from "../http/bounded-body.ts";
import { InFlight } from "../in-flight.ts";
import { loggerFor, reasonOf } from "../log.server.ts";
import { cacheFile, exists, sendCachedImage, writeAtomically } from "./cache-folder.ts";
import { type Card, type CardDrawer, cardDrawer } from "./card-drawing.ts";

export interface SocialCardOptions {
  /** IMAGE_CACHE_DIR: cards go to `cards/`, the unpacked fonts to `fonts/`. */
  cacheDir: string;
  company: CompanyFile;
  /** SITE_URL: its host is written at the foot of the card. */
  siteUrl: string;
  /** Where the logo is read from when the company file gives it as a path of the site. */
  publicDir: string;
  timeoutMs: number;
  /** Memory libvips may keep between drawings (IMAGE_MEMORY_MB, shared with the image endpoint). */
  libvipsMemoryMb: number;
  /** The page's `og:title` when the page at `pathname` answers 200, else null. */
  pageTitle: (pathname: string) => Promise<string | null>;
}

const ONE_WEEK = 7 * 24 * 60 * 60;
const FIVE_MINUTES = 5 * 60;
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export function socialCardEndpoint(options: SocialCardOptions): express.RequestHandler {
  const inFlight = new InFlight<string, string>();
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
      const address = cardPage(pathname);
      const title = address && pathname ? await options.pageTitle(pathname) : null;
      if (!pathname || !title || !address) {
        res.status(404).type("text/plain").send("No such page");
        return;
      }
      const { lang } = address;
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
      const file = await inFlight.run(key, () => produce(card, key, getDrawer, options));
      const age = req.query.v === version ? ONE_WEEK : FIVE_MINUTES;
      res.setHeader("Content-Type", "image/png");
      res.setHeader("Cache-Control", `public, max-age=${age}, stale-while-revalidate=${age}`);
      sendCachedImage(res, file);
    } catch (error) {
      loggerFor("images").error({ path: req.path }, reasonOf(error));
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

/** The cached card file, drawn now if it is not there yet. */
async function produce(
  card: Card,
  key: string,
  drawer: () => Promise<CardDrawer>,
  options: SocialCardOptions,
): Promise<string> {
  const file = cacheFile(path.join(options.cacheDir, "cards"), key, "png");
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
    const body = await bodyUpTo(response, MAX_LOGO_BYTES);
    if (!body) throw new Error("the logo is too large");
    return body;
  } catch (error) {
    loggerFor("images").error({ logo }, `social card logo: ${reasonOf(error)}`);
    return null;
  }
}
