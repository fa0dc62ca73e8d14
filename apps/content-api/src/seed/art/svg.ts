/** Small helpers to build SVG markup as strings. */

/** Formats a coordinate with at most one decimal, keeping the markup short. */
export function f(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

export type Attrs = Record<string, string | number | undefined>;

function attrs(extra: Attrs | undefined): string {
  if (!extra) return "";
  let out = "";
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) continue;
    out += ` ${key}="${typeof value === "number" ? f(value) : value}"`;
  }
  return out;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra?: Attrs) {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" fill="${fill}"${attrs(extra)}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra?: Attrs) {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(Math.max(0, r))}" fill="${fill}"${attrs(extra)}/>`;
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra?: Attrs,
) {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(Math.max(0, rx))}" ry="${f(Math.max(0, ry))}" fill="${fill}"${attrs(extra)}/>`;
}

export function path(d: string, fill: string, extra?: Attrs) {
  return `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
}

/** A stroked path without fill. */
export function stroke(d: string, color: string, width: number, extra?: Attrs) {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(width)}"${attrs(extra)}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number) {
  return `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
}

/** Path data for a polygon through the given points. */
export function poly(points: ReadonlyArray<readonly [number, number]>, close = true): string {
  let d = "";
  points.forEach(([x, y], i) => {
    d += `${i === 0 ? "M" : "L"}${f(x)} ${f(y)}`;
  });
  return close ? `${d}Z` : d;
}

/** Path data for an axis-aligned rectangle, to batch many rectangles in one path. */
export function rectD(x: number, y: number, w: number, h: number): string {
  return `M${f(x)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}Z`;
}

export function group(content: string, extra?: Attrs): string {
  return `<g${attrs(extra)}>${content}</g>`;
}

export function linearGradient(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  direction: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = direction;
  const body = stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${f(offset)}" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`,
    )
    .join("");
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${body}</linearGradient>`;
}

export function radialGradient(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
): string {
  const body = stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${f(offset)}" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`,
    )
    .join("");
  return `<radialGradient id="${id}">${body}</radialGradient>`;
}

export function svgDocument(
  width: number,
  height: number,
  viewW: number,
  viewH: number,
  defs: string,
  body: string,
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${f(viewW)} ${f(viewH)}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}</svg>`;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/* ---------- colours ---------- */

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two hex colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex([
    ca[0] + (cb[0] - ca[0]) * t,
    ca[1] + (cb[1] - ca[1]) * t,
    ca[2] + (cb[2] - ca[2]) * t,
  ]);
}

export function darken(color: string, amount: number): string {
  return mix(color, "#000000", amount);
}

export function lighten(color: string, amount: number): string {
  return mix(color, "#ffffff", amount);
}

/** Brand palette. */
export const BRAND = {
  navy: "#0f2a44",
  steel: "#1f5f8b",
  amber: "#f2a900",
  sand: "#e9dcc3",
  concrete: "#b9b6ae",
  concreteLight: "#d8d5cd",
  concreteDark: "#8d8a84",
  asphalt: "#3a3f45",
  white: "#ffffff",
  palm: "#3f6b3a",
} as const;
