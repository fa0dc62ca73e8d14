/**
 * The kinds of image the site draws: each one's intrinsic size (its aspect ratio, so nothing
 * shifts as images load), how wide it is drawn (`sizes`), and the widths the image endpoint
 * (server/images/image-endpoint.ts) makes of it for `srcset`. One table keeps every place that draws
 * a kind of image the same, and bounds the widths the endpoint accepts.
 */

import { normaliseEscapes } from "./url-escapes.ts";

interface ImageKindSpec {
  width: number;
  height: number;
  /** How wide the image is drawn at each viewport width (the `sizes` attribute). */
  sizes: string;
  /** Widths made for `srcset`, covering phones at 2x to wide screens. */
  widths: readonly number[];
  /**
   * Cut to this kind's shape (the middle of it) by the endpoint: for boxes always about that
   * shape that a photo of another shape would fill only enlarged (a landscape photo in a tall
   * slide). Then `sizes`, the box's width, is also the width the image needs.
   */
  crop?: true;
}

/** Cards: three or four to a row on wide screens, two on tablets, one on phones. */
const cardSizes =
  "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 50vw, 100vw";

/**
 * Cards of the home page's carousels: one and a half to a view on phones, two and a half from
 * 768 px, in a row at most 1,232 px wide (islands/parts/carousel-layout.ts CONTENT_CAROUSEL).
 */
const carouselSizes = "(min-width: 1280px) 493px, (min-width: 768px) 40vw, 67vw";

export const imageKinds = {
  /** A page's banner, under its title. */
  banner: { width: 1920, height: 640, sizes: "100vw", widths: [640, 960, 1280, 1920] },
  /**
   * A slide of the home page's hero slider: a whole phone screen, or a third of a wide one,
   * either way about 9:16.
   */
  slide: {
    width: 900,
    height: 1600,
    sizes: "(min-width: 54.0625rem) 34vw, 100vw",
    widths: [480, 640, 960, 1280],
    crop: true,
  },
  /**
   * A hero slide on a wide screen when two banners share it: half the screen, the screen's
   * height, about 4:5 (a 9:16 `slide` there showed a magnified strip of the picture).
   */
  slideHalf: {
    width: 1080,
    height: 1350,
    sizes: "50vw",
    widths: [640, 960, 1280],
    crop: true,
  },
  /** The hero's one slide on a wide screen: the whole screen, about 16:9. */
  slideWhole: {
    width: 1920,
    height: 1080,
    sizes: "100vw",
    widths: [960, 1280, 1920],
    crop: true,
  },
  /** A photo in a card: equipment. */
  card: { width: 640, height: 480, sizes: cardSizes, widths: [320, 480, 640, 960] },
  /** A wider card photo: news, other projects. */
  wideCard: { width: 640, height: 400, sizes: cardSizes, widths: [320, 480, 640, 960] },
  /** A project's photo in the home carousel. */
  carouselCard: { width: 640, height: 480, sizes: carouselSizes, widths: [320, 480, 640, 960] },
  /** A story's photo in the home carousel. */
  carouselWideCard: {
    width: 640,
    height: 400,
    sizes: carouselSizes,
    widths: [320, 480, 640, 960],
  },
  /** A slide of a page's photo gallery, the width of the page (the overview). */
  gallery: {
    width: 1280,
    height: 720,
    sizes: "(min-width: 1280px) 1232px, 100vw",
    widths: [640, 960, 1280, 1920],
  },
  /**
   * A slide of a gallery in a page's main column, beside a 320 px side column from 1024 px (a
   * project's: routes/project.tsx).
   */
  columnGallery: {
    width: 1280,
    height: 720,
    sizes: "(min-width: 1280px) 856px, (min-width: 1024px) calc(100vw - 424px), 100vw",
    widths: [640, 960, 1280, 1920],
  },
  /** A photo in a grid of photos (HSE). */
  grid: {
    width: 800,
    height: 600,
    sizes: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
    widths: [320, 480, 640, 960],
  },
  /** The large photo beside a page's text, half the row from 1024 px: home's "about us". */
  feature: {
    width: 960,
    height: 720,
    sizes: "(min-width: 1280px) 584px, (min-width: 1024px) 50vw, 100vw",
    widths: [480, 640, 960, 1280],
  },
  /**
   * The same photo in a page's side column, 400 px wide on wide screens: a news story's, an
   * extra page's. Not taller than wide: the contract gives no shape, and editors upload banners
   * (3:1) as often as photos; a tall frame kept a quarter of a banner's width, magnified.
   * Cut to 16:9 by the image endpoint, the frame's shape at every width: a banner's picture
   * filling a frame by its height came from a width too small for it (480 px of a 3:1 image for
   * a 400 px frame, magnified 1.9 times); cut, each width is sharp.
   */
  sideFeature: {
    width: 1280,
    height: 720,
    sizes: "(min-width: 1024px) 400px, 100vw",
    widths: [480, 640, 960, 1280],
    crop: true,
  },
  /** A certificate scan (ISO). */
  certificate: {
    width: 600,
    height: 800,
    sizes: "(min-width: 768px) 33vw, 100vw",
    widths: [320, 480, 640, 960],
  },
  /** A project's thumbnail in the footer. */
  thumb: { width: 56, height: 56, sizes: "56px", widths: [120] },
  /** A service's icon. */
  icon: { width: 40, height: 40, sizes: "40px", widths: [] },
  /** A key figure's icon on the home page. */
  smallIcon: { width: 32, height: 32, sizes: "32px", widths: [] },
} as const satisfies Record<string, ImageKindSpec>;

export type ImageKind = keyof typeof imageKinds;

/** Every width the image endpoint makes; any other is refused. */
export const imageWidths: ReadonlySet<number> = new Set(
  Object.values(imageKinds).flatMap((kind): readonly number[] => kind.widths),
);

/** The height an image `width` wide is cut to, for kinds that are cut to shape. */
const croppedHeight = (spec: ImageKindSpec, width: number) =>
  Math.round((width * spec.height) / spec.width);

/** Every "width×height" the image endpoint cuts images to; any other is refused. */
export const imageCrops: ReadonlySet<string> = new Set(
  Object.values(imageKinds as Record<string, ImageKindSpec>).flatMap((spec) =>
    spec.crop ? spec.widths.map((width) => `${width}x${croppedHeight(spec, width)}`) : [],
  ),
);

/** Longest `src` the image endpoint takes. */
export const MAX_IMAGE_SRC_LENGTH = 2048;

/** The site's "no image" picture (public/no-image.svg): for an image the API has not, or failing. */
export const NO_IMAGE = "/no-image.svg";

/**
 * The one spelling of a content image's address that the image endpoint resizes, or null when
 * `src` is not one: a media path (`/storage/...`) of the API, or of one of `origins` (the API's,
 * MEDIA_BASE_URL's): never another path there, such as the API's own answers. Without a query,
 * fragment, backslash, empty or dot segment, or an encoded `.`, `/` or `\\`. Escapes of
 * letters and digits are decoded and the others written in capitals, so each image has one
 * address (and one cached copy of each size); non-ASCII letters are percent-encoded.
 */
export function canonicalMediaUrl(src: string, origins: readonly string[]): string | null {
  if (src.length === 0 || src.length > MAX_IMAGE_SRC_LENGTH) return null;
  const origin = src.startsWith("/storage/")
    ? ""
    : origins.find((candidate) => src.startsWith(`${candidate}/`));
  if (origin === undefined) return null;
  const rawPath = src.slice(origin.length);
  if (!rawPath.startsWith("/storage/")) return null;
  // Only printable ASCII and letters beyond it (no spaces or control characters).
  if (/[^\x21-\x7e\u00a0-\uffff]|[?#\\]|%(2e|2f|5c)|%(?![0-9A-Fa-f]{2})/i.test(rawPath)) {
    return null;
  }
  if (
    rawPath
      .split("/")
      .slice(1)
      .some((segment) => segment === "" || /^\.{1,2}$/.test(segment))
  ) {
    return null;
  }
  let encoded: string;
  try {
    encoded = new URL(rawPath, "http://x").pathname;
  } catch {
    return null;
  }
  const path = normaliseEscapes(encoded);
  return /\.svgz?$/i.test(path) ? null : origin + path;
}

/** The address of `src` resized to `width` by the image endpoint (and cut to `height`). */
export const resizedUrl = (src: string, width: number, height?: number) =>
  `/img?src=${encodeURIComponent(src)}&w=${width}${height ? `&h=${height}` : ""}`;

/**
 * `src` and `srcset` for an image of `kind`: resized copies for content images the endpoint
 * may fetch (`origins`: the content API's media origins; root-relative `/storage/` media),
 * the image as it is otherwise (SVG, data URLs, the site's own files, other origins).
 */
export function imageSources(
  src: string,
  kind: ImageKind,
  origins: readonly string[],
): { src: string; srcSet?: string; sizes?: string } {
  const spec: ImageKindSpec = imageKinds[kind];
  // Only the one spelling the endpoint takes: anything else (SVG too) is shown as it is.
  const canonical = spec.widths.length > 0 ? canonicalMediaUrl(src, origins) : null;
  if (canonical === null) return { src };
  const url = (width: number) =>
    resizedUrl(canonical, width, spec.crop ? croppedHeight(spec, width) : undefined);
  return {
    src: url(spec.widths.at(-1) ?? spec.width),
    srcSet: spec.widths.map((width) => `${url(width)} ${width}w`).join(", "),
    sizes: spec.sizes,
  };
}
