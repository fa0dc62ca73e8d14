/** Recurring props: cranes, palms, workers, vehicles, cones, lamps, scaffolding, aircraft. */
import type { Rng } from "./rng.ts";
import type { Scene } from "./scene.ts";
import {
  BRAND,
  circle,
  darken,
  ellipse,
  f,
  group,
  lighten,
  line,
  mix,
  path,
  poly,
  rect,
  rectD,
} from "./svg.ts";

/** Zig-zag lattice between two parallel chords, as path data. */
function lattice(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  depthX: number,
  depthY: number,
  panels: number,
): string {
  let d = line(x1, y1, x2, y2) + line(x1 + depthX, y1 + depthY, x2 + depthX, y2 + depthY);
  for (let i = 0; i < panels; i++) {
    const a = i / panels;
    const b = (i + 1) / panels;
    const ax = x1 + (x2 - x1) * a;
    const ay = y1 + (y2 - y1) * a;
    const bx = x1 + (x2 - x1) * b;
    const by = y1 + (y2 - y1) * b;
    if (i % 2 === 0) d += line(ax, ay, bx + depthX, by + depthY);
    else d += line(ax + depthX, ay + depthY, bx, by);
    d += line(bx, by, bx + depthX, by + depthY);
  }
  return d;
}

export interface CraneOptions {
  dir?: 1 | -1;
  jib?: number;
  counter?: number;
  trolley?: number;
  hookDepth?: number;
  load?: boolean;
  color?: string;
}

/** Hammerhead tower crane standing on `base`, mast centred on x. */
export function towerCrane(
  s: Scene,
  x: number,
  base: number,
  height: number,
  o: CraneOptions = {},
): string {
  const dir = o.dir ?? 1;
  const jib = o.jib ?? height * 0.75;
  const counter = o.counter ?? jib * 0.32;
  const color =
    o.color ??
    (s.light.name === "dusk" || s.light.name === "night"
      ? mix(BRAND.amber, s.light.ink, 0.35)
      : BRAND.amber);
  const sw = Math.max(1.6, height * 0.004);
  const mw = Math.max(10, height * 0.03);
  const top = base - height;
  const jibDepth = mw * 0.9;
  let d = "";
  // mast
  const panels = Math.max(6, Math.round(height / (mw * 1.3)));
  d += lattice(x - mw / 2, base, x - mw / 2, top, mw, 0, panels);
  // jib (tapering to the tip) and counter-jib
  const tipX = x + dir * jib;
  const jibPanels = Math.max(6, Math.round(jib / (jibDepth * 1.4)));
  d += line(x, top, tipX, top);
  d += line(x, top - jibDepth, tipX, top - jibDepth * 0.45);
  for (let i = 0; i < jibPanels; i++) {
    const a = i / jibPanels;
    const b = (i + 1) / jibPanels;
    const ax = x + dir * jib * a;
    const bx = x + dir * jib * b;
    const by = top - jibDepth * (1 - 0.55 * b);
    if (i % 2 === 0) d += line(ax, top, bx, by);
    else d += line(ax, top - jibDepth * (1 - 0.55 * a), bx, top);
    d += line(bx, top, bx, by);
  }
  d += line(tipX, top, tipX, top - jibDepth * 0.45);
  const cx = x - dir * counter;
  d += line(x, top, cx, top) + line(x, top - jibDepth * 0.7, cx, top - jibDepth * 0.5);
  // tower head and pendants
  const apexY = top - jib * 0.16;
  d += line(x - mw / 2, top - jibDepth, x, apexY) + line(x + mw / 2, top - jibDepth, x, apexY);
  const pend = `<path d="${line(x, apexY, x + dir * jib * 0.62, top - jibDepth * 0.7)}${line(x, apexY, cx + dir * counter * 0.1, top - jibDepth * 0.5)}" stroke="${color}" stroke-width="${f(sw * 0.7)}" fill="none"/>`;
  let out = `<path d="${d}" stroke="${color}" stroke-width="${f(sw)}" fill="none" stroke-linejoin="round"/>`;
  out += pend;
  // counterweights
  const cwW = counter * 0.38;
  out += rect(
    dir === 1 ? cx : cx - cwW,
    top - jibDepth * 0.4,
    cwW,
    jibDepth * 1.6,
    s.shade(BRAND.concrete),
  );
  out += rect(
    dir === 1 ? cx : cx - cwW,
    top - jibDepth * 0.4,
    cwW,
    jibDepth * 0.3,
    s.lit(BRAND.concreteLight),
  );
  // operator cab
  const cabW = mw * 1.3;
  const cabX = dir === 1 ? x + mw / 2 : x - mw / 2 - cabW;
  out += rect(cabX, top + 2, cabW, mw * 1.1, s.lit("#f4f4ef"), { rx: 2 });
  out += rect(
    cabX + cabW * 0.15,
    top + mw * 0.25,
    cabW * 0.7,
    mw * 0.45,
    mix(s.light.glass[0], "#0b1a2a", 0.2),
  );
  // slewing ring
  out += rect(x - mw * 0.75, top - 3, mw * 1.5, 6, darken(color, 0.3));
  // trolley, hook, load
  const tx = x + dir * jib * (o.trolley ?? 0.55);
  const hookY = top + (o.hookDepth ?? height * 0.35);
  out += rect(tx - mw * 0.4, top, mw * 0.8, mw * 0.35, darken(color, 0.25));
  out += `<path d="M${f(tx - 2)} ${f(top + mw * 0.3)}V${f(hookY)}M${f(tx + 2)} ${f(top + mw * 0.3)}V${f(hookY)}" stroke="${s.light.ink}" stroke-width="${f(sw * 0.6)}"/>`;
  out += rect(tx - mw * 0.3, hookY, mw * 0.6, mw * 0.5, BRAND.amber);
  out += rect(tx - mw * 0.3, hookY + mw * 0.15, mw * 0.6, mw * 0.08, BRAND.navy);
  if (o.load ?? true) {
    const ly = hookY + mw * 2.2;
    out += `<path d="M${f(tx)} ${f(hookY + mw * 0.5)}L${f(tx - mw * 2.2)} ${f(ly)}M${f(tx)} ${f(hookY + mw * 0.5)}L${f(tx + mw * 2.2)} ${f(ly)}" stroke="${s.light.ink}" stroke-width="${f(sw * 0.5)}"/>`;
    out += rect(tx - mw * 3, ly, mw * 6, mw * 0.55, s.shade(BRAND.steel));
    out += rect(tx - mw * 3, ly, mw * 6, mw * 0.15, s.lit(lighten(BRAND.steel, 0.3)));
  }
  // base footing
  out += rect(x - mw * 1.2, base - mw * 0.4, mw * 2.4, mw * 0.4, s.shade(BRAND.concrete));
  return group(out);
}

/** Date palm tree. */
export function palm(s: Scene, x: number, base: number, height: number, r: Rng): string {
  const lean = r.range(-0.12, 0.12) * height;
  const topX = x + lean;
  const topY = base - height;
  const w = height * 0.045;
  const trunk = s.shade(mix("#8a6a48", s.light.foliage, 0.15));
  let out = path(
    `M${f(x - w)} ${f(base)}Q${f(x + lean * 0.3 - w * 0.8)} ${f(base - height * 0.5)} ${f(topX - w * 0.6)} ${f(topY)}L${f(topX + w * 0.6)} ${f(topY)}Q${f(x + lean * 0.3 + w * 0.8)} ${f(base - height * 0.5)} ${f(x + w)} ${f(base)}Z`,
    trunk,
  );
  // trunk rings
  let rings = "";
  for (let i = 1; i < 10; i++) {
    const t = i / 10;
    const cx = x + lean * t * t;
    const cy = base - height * t;
    rings += line(cx - w * (1 - t * 0.4), cy, cx + w * (1 - t * 0.4), cy + w * 0.3);
  }
  out += `<path d="${rings}" stroke="${darken(trunk, 0.25)}" stroke-width="${f(w * 0.25)}"/>`;
  // fronds
  const leaf = s.light.foliage;
  const fronds = r.int(8, 11);
  let d = "";
  let d2 = "";
  for (let i = 0; i < fronds; i++) {
    const ang = -Math.PI + (Math.PI * (i + 0.5)) / fronds + r.range(-0.15, 0.15);
    const len = height * r.range(0.38, 0.52);
    const ex = topX + Math.cos(ang) * len;
    const droop = Math.abs(Math.cos(ang)) * len * 0.55;
    const ey = topY + Math.sin(ang) * len * 0.55 + droop;
    const mx = topX + Math.cos(ang) * len * 0.5;
    const my = topY + Math.sin(ang) * len * 0.6 - len * 0.12;
    const nx = -Math.sin(ang) * len * 0.09;
    const ny = Math.cos(ang) * len * 0.09;
    const frond = `M${f(topX)} ${f(topY)}Q${f(mx + nx)} ${f(my + ny)} ${f(ex)} ${f(ey)}Q${f(mx - nx)} ${f(my - ny)} ${f(topX)} ${f(topY)}Z`;
    if (i % 2 === 0) d += frond;
    else d2 += frond;
  }
  out += path(d2, darken(leaf, 0.18)) + path(d, leaf);
  out += circle(topX, topY + w * 0.8, w * 1.1, darken("#b3782c", 0.2));
  return group(out);
}

export interface WorkerOptions {
  helmet?: string;
  vest?: string;
  shirt?: string;
  skin?: string;
  pose?: "stand" | "point" | "plans" | "tablet";
  facing?: 1 | -1;
}

export const SKINS = ["#c68642", "#8d5524", "#e0ac69", "#a86b3c", "#f1c27d"] as const;
export const HELMETS = ["#ffffff", BRAND.amber, "#ffffff", "#2f7fc1", "#f3f3f3"] as const;

/** A simple flat construction worker figure standing at (x, base), `size` tall. */
export function worker(
  _s: Scene,
  x: number,
  base: number,
  size: number,
  o: WorkerOptions = {},
): string {
  const u = size / 100;
  const skin = o.skin ?? SKINS[0];
  const helmet = o.helmet ?? BRAND.amber;
  const vest = o.vest ?? "#f7b500";
  const shirt = o.shirt ?? BRAND.steel;
  const pants = darken(BRAND.navy, 0.1);
  const fx = o.facing ?? 1;
  let out = "";
  // legs and boots
  out += path(
    `M${f(x - 12 * u)} ${f(base - 47 * u)}L${f(x - 1 * u)} ${f(base - 47 * u)}L${f(x - 2 * u)} ${f(base - 3 * u)}L${f(x - 11 * u)} ${f(base - 3 * u)}Z` +
      `M${f(x + 1 * u)} ${f(base - 47 * u)}L${f(x + 12 * u)} ${f(base - 47 * u)}L${f(x + 11 * u)} ${f(base - 3 * u)}L${f(x + 2 * u)} ${f(base - 3 * u)}Z`,
    pants,
  );
  out += path(
    rectD(x - 13 * u, base - 5 * u, 12 * u, 5 * u) + rectD(x + 1 * u, base - 5 * u, 12 * u, 5 * u),
    "#3a2a1e",
  );
  // arms (behind torso)
  const armL = `M${f(x - 15 * u)} ${f(base - 80 * u)}L${f(x - 20 * u)} ${f(base - 50 * u)}L${f(x - 14 * u)} ${f(base - 49 * u)}L${f(x - 10 * u)} ${f(base - 76 * u)}Z`;
  let armR = `M${f(x + 15 * u)} ${f(base - 80 * u)}L${f(x + 20 * u)} ${f(base - 50 * u)}L${f(x + 14 * u)} ${f(base - 49 * u)}L${f(x + 10 * u)} ${f(base - 76 * u)}Z`;
  let hand = circle(x - 17 * u, base - 49 * u, 3.2 * u, skin);
  if (o.pose === "point") {
    const ex = x + fx * 38 * u;
    const ey = base - 95 * u;
    armR = `M${f(x + fx * 10 * u)} ${f(base - 82 * u)}L${f(ex)} ${f(ey)}L${f(ex + fx * 2 * u)} ${f(ey + 6 * u)}L${f(x + fx * 12 * u)} ${f(base - 72 * u)}Z`;
    hand += circle(ex + fx * 2 * u, ey + 2 * u, 3.2 * u, skin);
  } else {
    hand += circle(x + 17 * u, base - 49 * u, 3.2 * u, skin);
  }
  out += path(armL + armR, shirt);
  out += hand;
  // torso and vest
  out += path(
    `M${f(x - 15 * u)} ${f(base - 82 * u)}Q${f(x)} ${f(base - 86 * u)} ${f(x + 15 * u)} ${f(base - 82 * u)}L${f(x + 13 * u)} ${f(base - 45 * u)}L${f(x - 13 * u)} ${f(base - 45 * u)}Z`,
    shirt,
  );
  if (vest !== "none") {
    out += path(
      `M${f(x - 14 * u)} ${f(base - 80 * u)}L${f(x - 5 * u)} ${f(base - 82 * u)}L${f(x)} ${f(base - 70 * u)}L${f(x + 5 * u)} ${f(base - 82 * u)}L${f(x + 14 * u)} ${f(base - 80 * u)}L${f(x + 13 * u)} ${f(base - 46 * u)}L${f(x - 13 * u)} ${f(base - 46 * u)}Z`,
      vest,
    );
    out += path(
      rectD(x - 13.5 * u, base - 62 * u, 27 * u, 2.6 * u) +
        rectD(x - 13.2 * u, base - 54 * u, 26.4 * u, 2.6 * u),
      "#e6e9ec",
      {
        opacity: 0.9,
      },
    );
  }
  // head, helmet
  out += rect(x - 3.5 * u, base - 88 * u, 7 * u, 6 * u, darken(skin, 0.1));
  out += ellipse(x, base - 94 * u, 8 * u, 9 * u, skin);
  if (helmet === "none") {
    // short dark hair
    out += path(
      `M${f(x - 8.2 * u)} ${f(base - 94 * u)}Q${f(x - 8 * u)} ${f(base - 104 * u)} ${f(x)} ${f(base - 104 * u)}Q${f(x + 8 * u)} ${f(base - 104 * u)} ${f(x + 8.2 * u)} ${f(base - 94 * u)}Q${f(x)} ${f(base - 99 * u)} ${f(x - 8.2 * u)} ${f(base - 94 * u)}Z`,
      "#2a211c",
    );
  } else {
    out += path(
      `M${f(x - 10 * u)} ${f(base - 96 * u)}Q${f(x - 9 * u)} ${f(base - 108 * u)} ${f(x)} ${f(base - 108 * u)}Q${f(x + 9 * u)} ${f(base - 108 * u)} ${f(x + 10 * u)} ${f(base - 96 * u)}Z`,
      helmet,
    );
    out += rect(
      x - 12 * u + (fx > 0 ? 2 * u : 0),
      base - 97 * u,
      22 * u,
      2.4 * u,
      darken(helmet, 0.15),
      { rx: 1 },
    );
  }
  if (o.pose === "plans") {
    out += path(
      `M${f(x - 6 * u)} ${f(base - 66 * u)}L${f(x + 26 * u)} ${f(base - 74 * u)}L${f(x + 28 * u)} ${f(base - 68 * u)}L${f(x - 4 * u)} ${f(base - 60 * u)}Z`,
      "#f4f1e6",
    );
    out += circle(x + 2 * u, base - 62 * u, 3.2 * u, skin);
  } else if (o.pose === "tablet") {
    out += rect(x - 9 * u, base - 70 * u, 18 * u, 13 * u, "#1d2a38", { rx: 1.5 * u });
    out += rect(x - 7.5 * u, base - 68.5 * u, 15 * u, 10 * u, "#5fa3d6");
  }
  return group(out);
}

const CAR_COLORS = [
  "#f4f4f2",
  "#c9ccd1",
  "#1f5f8b",
  "#0f2a44",
  "#8e2f2a",
  "#e9dcc3",
  "#2c2f33",
] as const;

/** Side view of a car (SUV-ish), `len` long, resting on `base`. */
export function car(
  s: Scene,
  x: number,
  base: number,
  len: number,
  r: Rng,
  facing: 1 | -1 = 1,
): string {
  const body = s.lit(r.pick(CAR_COLORS));
  const h = len * 0.36;
  const u = len / 100;
  const X = (v: number) => x + facing * (v - 50) * u;
  let out = path(
    `M${f(X(2))} ${f(base - 8 * u)}L${f(X(2))} ${f(base - 20 * u)}Q${f(X(4))} ${f(base - 24 * u)} ${f(X(18))} ${f(base - 25 * u)}L${f(X(30))} ${f(base - h)}L${f(X(76))} ${f(base - h)}L${f(X(90))} ${f(base - 24 * u)}Q${f(X(98))} ${f(base - 22 * u)} ${f(X(98))} ${f(base - 14 * u)}L${f(X(98))} ${f(base - 8 * u)}Z`,
    body,
  );
  out += path(
    `M${f(X(31))} ${f(base - h + 3 * u)}L${f(X(52))} ${f(base - h + 3 * u)}L${f(X(52))} ${f(base - 25 * u)}L${f(X(22))} ${f(base - 25 * u)}Z` +
      `M${f(X(55))} ${f(base - h + 3 * u)}L${f(X(74))} ${f(base - h + 3 * u)}L${f(X(86))} ${f(base - 25 * u)}L${f(X(55))} ${f(base - 25 * u)}Z`,
    mix(s.light.glass[0], "#10202e", 0.35),
  );
  out +=
    circle(X(22), base - 8 * u, 8.5 * u, "#1b1d21") +
    circle(X(78), base - 8 * u, 8.5 * u, "#1b1d21");
  out +=
    circle(X(22), base - 8 * u, 4 * u, "#9aa0a6") + circle(X(78), base - 8 * u, 4 * u, "#9aa0a6");
  return group(out);
}

export function cone(x: number, base: number, h: number): string {
  const w = h * 0.62;
  let out = rect(x - w / 2, base - h * 0.08, w, h * 0.08, "#2b2b2b");
  out += path(
    poly([
      [x - w * 0.36, base - h * 0.08],
      [x - w * 0.08, base - h],
      [x + w * 0.08, base - h],
      [x + w * 0.36, base - h * 0.08],
    ]),
    "#ef6c00",
  );
  out += path(
    poly([
      [x - w * 0.27, base - h * 0.38],
      [x - w * 0.19, base - h * 0.62],
      [x + w * 0.19, base - h * 0.62],
      [x + w * 0.27, base - h * 0.38],
    ]),
    "#f5f5f5",
  );
  return out;
}

export function streetLight(s: Scene, x: number, base: number, h: number, dir: 1 | -1 = 1): string {
  const c = s.shade("#8b9299");
  let out = `<path d="M${f(x)} ${f(base)}V${f(base - h)}q0 ${f(-h * 0.06)} ${f(dir * h * 0.06)} ${f(-h * 0.06)}h${f(dir * h * 0.14)}" stroke="${c}" stroke-width="${f(h * 0.025)}" fill="none"/>`;
  const lx = x + dir * h * 0.2;
  out += rect(lx - h * 0.05, base - h * 1.07, h * 0.1, h * 0.035, c, { rx: 2 });
  if (s.light.name === "dusk" || s.light.name === "night") {
    out += ellipse(lx, base - h * 1.03, h * 0.06, h * 0.02, "#ffe2a0");
  }
  return out;
}

/** Steel tube scaffolding covering a rectangle, with boards every lift. */
export function scaffolding(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  bay: number,
): string {
  const c = s.shade("#9aa3ab");
  const cols = Math.max(1, Math.round(w / bay));
  const lifts = Math.max(1, Math.round(h / (bay * 0.7)));
  const bw = w / cols;
  const lh = h / lifts;
  let d = "";
  for (let i = 0; i <= cols; i++) d += line(x + i * bw, y, x + i * bw, y + h);
  for (let j = 0; j <= lifts; j++) d += line(x, y + j * lh, x + w, y + j * lh);
  for (let i = 0; i < cols; i += 2) d += line(x + i * bw, y + h, x + (i + 1) * bw, y);
  let boards = "";
  for (let j = 0; j < lifts; j++) boards += rectD(x, y + j * lh - 2, w, 4);
  return `<path d="${d}" stroke="${c}" stroke-width="${f(Math.max(1.4, bay * 0.03))}" fill="none"/>${path(boards, s.shade("#b58a4e"))}`;
}

/** Airliner silhouette, nose to the right; length `len`. */
export function airliner(
  x: number,
  y: number,
  len: number,
  color: string,
  facing: 1 | -1 = 1,
): string {
  const u = len / 100;
  const X = (v: number) => x + facing * v * u;
  const fuselage = `M${f(X(0))} ${f(y)}Q${f(X(2))} ${f(y - 5 * u)} ${f(X(10))} ${f(y - 5 * u)}L${f(X(88))} ${f(y - 5 * u)}Q${f(X(100))} ${f(y - 4 * u)} ${f(X(100))} ${f(y)}Q${f(X(98))} ${f(y + 3 * u)} ${f(X(88))} ${f(y + 3 * u)}L${f(X(10))} ${f(y + 3 * u)}Z`;
  const tail = `M${f(X(4))} ${f(y - 4 * u)}L${f(X(-2))} ${f(y - 22 * u)}L${f(X(6))} ${f(y - 22 * u)}L${f(X(18))} ${f(y - 4 * u)}Z`;
  const wing = `M${f(X(40))} ${f(y + 1 * u)}L${f(X(28))} ${f(y + 16 * u)}L${f(X(36))} ${f(y + 16 * u)}L${f(X(58))} ${f(y + 1 * u)}Z`;
  const stab = `M${f(X(4))} ${f(y - 1 * u)}L${f(X(-2))} ${f(y + 6 * u)}L${f(X(4))} ${f(y + 6 * u)}L${f(X(12))} ${f(y - 1 * u)}Z`;
  return path(fuselage + tail + wing + stab, color);
}

/** A shipping-container site office with windows. */
export function siteOffice(s: Scene, x: number, base: number, w: number, stacked: boolean): string {
  const h = w * 0.28;
  let out = "";
  const floors = stacked ? 2 : 1;
  for (let i = 0; i < floors; i++) {
    const y = base - h * (i + 1);
    out += rect(x, y, w, h, s.lit(i === 0 ? "#f1efe8" : "#e6e4dc"));
    out += rect(x, y, w, h * 0.1, BRAND.navy);
    let win = "";
    for (let k = 0; k < 3; k++)
      win += rectD(x + w * (0.1 + k * 0.3), y + h * 0.32, w * 0.18, h * 0.36);
    out += path(win, mix(s.light.glass[0], BRAND.navy, 0.3));
    out += rect(x + w * 0.86, y + h * 0.25, w * 0.08, h * 0.75, s.shade(BRAND.steel));
  }
  if (stacked) {
    // steel stair to the upper cabin
    const c = s.shade("#8d949b");
    let steps = "";
    for (let t = 0.1; t < 1; t += 0.14)
      steps += `M${f(x + w + h * t)} ${f(base - h * t)}h${f(h * 0.12)}`;
    out += `<path d="M${f(x + w)} ${f(base)}L${f(x + w + h)} ${f(base - h)}M${f(x + w + h * 0.12)} ${f(base)}L${f(x + w + h * 1.12)} ${f(base - h)}V${f(base)}${steps}M${f(x + w + h * 0.12)} ${f(base - h * 0.35)}L${f(x + w + h * 1.12)} ${f(base - h * 1.35)}" stroke="${c}" stroke-width="2.5" fill="none"/>`;
  }
  return group(out);
}
