/**
 * The kinds of image the site draws, each with the intrinsic size its `<img>` declares. The
 * size gives the aspect ratio before the file arrives, so nothing shifts as images load; one
 * table keeps every place that draws a kind of image the same.
 */
export const imageKinds = {
  /** A slide of the home page's hero slider (portrait: three slides share a wide screen). */
  slide: { width: 1280, height: 1600 },
  /** A photo in a card: equipment, a project in the home carousel. */
  card: { width: 640, height: 480 },
  /** A wider card photo: news, other projects. */
  wideCard: { width: 640, height: 400 },
  /** A slide of a page's photo gallery. */
  gallery: { width: 1280, height: 720 },
  /** A photo in a grid of photos (HSE). */
  grid: { width: 800, height: 600 },
  /** The large photo beside a page's text: home's "about us", a news story. */
  feature: { width: 960, height: 720 },
  /** A tall photo beside a page's text (extra pages). */
  portrait: { width: 768, height: 960 },
  /** A certificate scan (ISO). */
  certificate: { width: 600, height: 800 },
  /** A service's icon. */
  icon: { width: 40, height: 40 },
  /** A key figure's icon on the home page. */
  smallIcon: { width: 32, height: 32 },
} as const;

export type ImageKind = keyof typeof imageKinds;
