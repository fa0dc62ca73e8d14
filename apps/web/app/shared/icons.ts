/**
 * The site's icons: the SVG favicon and the PNG sizes made from it, with where each is used.
 * The PNGs (and `favicon.ico`) are files in `public/`, made from `public/favicon.svg` by
 * `npm run icons` (server/icons.ts) and committed: they change only when the SVG does, so no
 * request renders anything, and a unit test fails when they no longer match the SVG.
 */

/** The browser's colour around the site (`theme-color`, the manifest). */
export const THEME_COLOR = "#0f2a44";
/** The colour of the splash screen of the installed site: the pages' background. */
export const BACKGROUND_COLOR = "#ffffff";

/** The source of every icon, and the tab icon of browsers that read SVG. */
export const SVG_ICON = "/favicon.svg";

export interface PngIcon {
  path: string;
  size: number;
  /**
   * `any`: the SVG as drawn (transparent corners); `touch`: on the theme colour, no
   * transparency (iOS fills it black and rounds the corners itself); `maskable`: on the
   * theme colour with the drawing inside the safe zone, for launchers that cut their own shape.
   */
  purpose: "any" | "touch" | "maskable";
}

export const pngIcons = {
  favicon: { path: "/icon-32.png", size: 32, purpose: "any" },
  appleTouch: { path: "/apple-touch-icon.png", size: 180, purpose: "touch" },
  small: { path: "/icon-192.png", size: 192, purpose: "any" },
  large: { path: "/icon-512.png", size: 512, purpose: "any" },
  maskable: { path: "/icon-maskable-512.png", size: 512, purpose: "maskable" },
} as const satisfies Record<string, PngIcon>;

/** Asked for by browsers and crawlers that read no `<link>`: the 32-pixel PNG in an ICO. */
export const ICO_ICON = "/favicon.ico";
