/** Environment layers: sky, sun, clouds, distant city, dunes, ground, roads, water. */
import type { Scene } from "./scene.ts";
import {
  BRAND,
  circle,
  darken,
  ellipse,
  f,
  group,
  lighten,
  linearGradient,
  mix,
  path,
  radialGradient,
  rect,
  rectD,
} from "./svg.ts";

export function sky(s: Scene): string {
  const id = s.uid("sky");
  const [top, mid, low] = s.light.sky;
  s.defs.push(
    linearGradient(id, [
      [0, top],
      [0.62, mid],
      [1, low],
    ]),
  );
  return rect(0, 0, s.W, s.horizon + 2, `url(#${id})`);
}

/** Sun (or moon at night) with a soft glow; returns the markup and its position. */
export function sun(s: Scene, xRatio?: number): string {
  const x = s.W * (xRatio ?? s.rnd.range(0.15, 0.85));
  const y = s.horizon - s.horizon * s.light.sunHeight - 40;
  const glow = s.uid("glow");
  const night = s.light.name === "night";
  s.defs.push(
    radialGradient(glow, [
      [0, s.light.sun, night ? 0.35 : 0.85],
      [0.25, s.light.sun, night ? 0.12 : 0.35],
      [1, s.light.sun, 0],
    ]),
  );
  const r = night ? 26 : s.light.name === "midday" ? 34 : 46;
  let out = circle(x, y, r * 9, `url(#${glow})`);
  out += circle(x, y, r, night ? "#eef2f7" : lighten(s.light.sun, 0.3), { opacity: 0.95 });
  if (night) {
    out += circle(x + 10, y - 6, r * 0.85, s.light.sky[1]);
    const stars = s.rnd.fork("stars");
    let d = "";
    for (let i = 0; i < 70; i++) {
      const sx = stars.range(0, s.W);
      const sy = stars.range(0, s.horizon * 0.7);
      const sr = stars.range(0.8, 2.2);
      d += `M${f(sx - sr)} ${f(sy)}a${f(sr)} ${f(sr)} 0 1 0 ${f(sr * 2)} 0a${f(sr)} ${f(sr)} 0 1 0 ${f(-sr * 2)} 0`;
    }
    out += path(d, "#ffffff", { opacity: 0.7 });
  }
  return out;
}

/** Flat stylised clouds made of overlapping rounded blobs. */
export function clouds(s: Scene, count?: number): string {
  const r = s.rnd.fork("clouds");
  const n = count ?? r.int(2, 5);
  let out = "";
  for (let i = 0; i < n; i++) {
    const cx = r.range(-100, s.W + 100);
    const cy = r.range(s.horizon * 0.12, s.horizon * 0.6);
    const scale = r.range(0.6, 1.4);
    let d = "";
    const puffs = r.int(3, 5);
    const baseW = 70 * scale;
    for (let p = 0; p < puffs; p++) {
      const px = cx + (p - puffs / 2) * baseW * 0.8;
      const pr = baseW * r.range(0.5, 0.9) * (p === 0 || p === puffs - 1 ? 0.7 : 1);
      d += `M${f(px - pr)} ${f(cy)}a${f(pr)} ${f(pr * 0.75)} 0 1 1 ${f(pr * 2)} 0Z`;
    }
    d += rectD(
      cx - (puffs / 2) * baseW * 0.8 - baseW * 0.3,
      cy - 1,
      puffs * baseW * 0.8 + baseW * 0.1,
      14 * scale,
    );
    out += path(d, s.light.cloud, { opacity: (s.light.cloudOpacity * r.range(0.6, 1)).toFixed(2) });
  }
  // a couple of long thin streaks near the horizon
  for (let i = 0; i < 3; i++) {
    const y = s.horizon * r.range(0.55, 0.9);
    const x = r.range(-200, s.W);
    out += ellipse(x, y, r.range(180, 420), r.range(4, 9), s.light.cloud, {
      opacity: (s.light.cloudOpacity * 0.5).toFixed(2),
    });
  }
  return out;
}

/** Distant city silhouette sitting on the horizon. */
export function farCity(
  s: Scene,
  options: { from?: number; to?: number; maxHeight?: number; haze?: number; density?: number } = {},
): string {
  const r = s.rnd.fork(`far${options.haze ?? 0}`);
  const from = options.from ?? -20;
  const to = options.to ?? s.W + 20;
  const maxH = options.maxHeight ?? 160;
  const color = s.atmos(s.light.far, options.haze ?? 0);
  let d = "";
  let x = from;
  while (x < to) {
    const w = r.range(18, 60) * (options.density ?? 1);
    const tall = r.chance(0.15);
    const h = tall ? r.range(maxH * 0.6, maxH) : r.range(maxH * 0.12, maxH * 0.45);
    const top = s.horizon - h;
    if (tall && r.chance(0.4)) {
      // tapered tower with spire
      d += `M${f(x)} ${f(s.horizon)}L${f(x)} ${f(top + 20)}L${f(x + w / 2)} ${f(top)}L${f(x + w)} ${f(top + 20)}L${f(x + w)} ${f(s.horizon)}Z`;
      d += rectD(x + w / 2 - 1.5, top - 40, 3, 40);
    } else if (tall && r.chance(0.3)) {
      // stepped tower
      d += rectD(x, top + h * 0.3, w, h * 0.7);
      d += rectD(x + w * 0.15, top + h * 0.12, w * 0.7, h * 0.2);
      d += rectD(x + w * 0.3, top, w * 0.4, h * 0.14);
    } else {
      d += rectD(x, top, w, h);
    }
    x += w + (r.chance(0.3) ? r.range(2, 30) : 0);
  }
  return path(d, color);
}

/** Soft desert dunes or low hills along the horizon. */
export function dunes(s: Scene, color?: string, height = 60, seed = "dunes"): string {
  const r = s.rnd.fork(seed);
  const c = color ?? s.atmos(mix(s.light.ground[0], s.light.far, 0.5), 0.2);
  let d = `M-10 ${f(s.horizon + 2)}`;
  let x = -10;
  while (x < s.W + 10) {
    const w = r.range(200, 500);
    const h = r.range(height * 0.3, height);
    d += `Q${f(x + w * 0.45)} ${f(s.horizon - h)} ${f(x + w)} ${f(s.horizon + 2)}`;
    x += w;
  }
  d += `L${f(s.W + 10)} ${f(s.horizon + 4)}L-10 ${f(s.horizon + 4)}Z`;
  return path(d, c);
}

/** Ground plane from the horizon down, with faint texture streaks. */
export function ground(s: Scene, colors?: readonly [string, string]): string {
  const [near, far] = colors ?? s.light.ground;
  const id = s.uid("gnd");
  s.defs.push(
    linearGradient(id, [
      [0, s.atmos(near, 0.35)],
      [1, far],
    ]),
  );
  let out = rect(0, s.horizon, s.W, s.H - s.horizon, `url(#${id})`);
  const r = s.rnd.fork("streaks");
  let d = "";
  for (let i = 0; i < 14; i++) {
    const y = r.range(s.horizon + 10, s.H);
    const t = (y - s.horizon) / (s.H - s.horizon);
    d += `M${f(r.range(-100, s.W))} ${f(y)}h${f(r.range(80, 400) * (0.4 + t))}`;
  }
  out += `<path d="${d}" stroke="${darken(near, 0.12)}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`;
  return out;
}

/** A straight road band across the picture with lane markings and kerbs. */
export function road(
  s: Scene,
  y: number,
  height: number,
  options: { lanes?: number } = {},
): string {
  const lanes = options.lanes ?? 2;
  let out = rect(-10, y, s.W + 20, height, s.light.asphalt);
  out += rect(-10, y - 6, s.W + 20, 6, mix(BRAND.concreteLight, s.light.asphalt, 0.2));
  out += rect(-10, y + height, s.W + 20, 8, mix(BRAND.concrete, s.light.asphalt, 0.3));
  const markW = Math.max(2, height * 0.04);
  for (let l = 1; l < lanes; l++) {
    const ly = y + (height * l) / lanes;
    out += `<path d="M-10 ${f(ly)}H${f(s.W + 10)}" stroke="${l === lanes / 2 ? BRAND.amber : "#f1f1ea"}" stroke-width="${f(markW)}" stroke-dasharray="${f(height * 0.6)} ${f(height * 0.5)}" opacity="0.85"/>`;
  }
  return out;
}

/** A road seen in perspective, running from the bottom edge to a vanishing point on the horizon. */
export function perspectiveRoad(
  s: Scene,
  vx: number,
  bottomLeft: number,
  bottomRight: number,
): string {
  const top = s.horizon;
  const vw = 8;
  let out = path(
    `M${f(vx - vw)} ${f(top)}L${f(vx + vw)} ${f(top)}L${f(bottomRight)} ${f(s.H)}L${f(bottomLeft)} ${f(s.H)}Z`,
    s.light.asphalt,
  );
  // shoulders
  const edge = (bx: number, side: number) =>
    path(
      `M${f(vx + side * vw)} ${f(top)}L${f(bx)} ${f(s.H)}L${f(bx + side * 40)} ${f(s.H)}L${f(vx + side * (vw + 1))} ${f(top)}Z`,
      mix(BRAND.concreteLight, s.light.ground[0], 0.3),
    );
  out += edge(bottomLeft, -1) + edge(bottomRight, 1);
  // lane dashes: perspective spacing
  const lanes = 4;
  for (let l = 1; l < lanes; l++) {
    const bx = bottomLeft + ((bottomRight - bottomLeft) * l) / lanes;
    const tx = vx - vw + (2 * vw * l) / lanes;
    let d = "";
    for (let k = 0; k < 14; k++) {
      const t1 = (k / 14) ** 2.2;
      const t2 = ((k + 0.5) / 14) ** 2.2;
      const y1 = top + (s.H - top) * t1;
      const y2 = top + (s.H - top) * t2;
      const x1 = tx + (bx - tx) * t1;
      const x2 = tx + (bx - tx) * t2;
      const w1 = 1 + 10 * t1;
      const w2 = 1 + 10 * t2;
      d += `M${f(x1 - w1 / 2)} ${f(y1)}L${f(x1 + w1 / 2)} ${f(y1)}L${f(x2 + w2 / 2)} ${f(y2)}L${f(x2 - w2 / 2)} ${f(y2)}Z`;
    }
    out += path(d, l === 2 ? BRAND.amber : "#f3f1e8", { opacity: 0.9 });
  }
  return out;
}

/** Still water between the horizon and a given depth, with reflection streaks. */
export function water(s: Scene, top: number, bottom: number): string {
  const id = s.uid("wat");
  const base = mix(s.light.sky[1], BRAND.steel, 0.45);
  s.defs.push(
    linearGradient(id, [
      [0, mix(s.light.sky[2], base, 0.4)],
      [1, darken(base, 0.25)],
    ]),
  );
  let out = rect(-10, top, s.W + 20, bottom - top, `url(#${id})`);
  const r = s.rnd.fork("ripples");
  let d = "";
  for (let i = 0; i < 40; i++) {
    const y = r.range(top + 4, bottom);
    const t = (y - top) / (bottom - top);
    d += `M${f(r.range(-50, s.W))} ${f(y)}h${f(r.range(20, 140) * (0.3 + t))}`;
  }
  out += `<path d="${d}" stroke="${lighten(s.light.sky[2], 0.3)}" stroke-width="2.5" stroke-linecap="round" opacity="0.45"/>`;
  return out;
}

/** Darkens the picture edges slightly, like a photograph. */
export function vignette(s: Scene): string {
  const id = s.uid("vig");
  s.defs.push(
    `<radialGradient id="${id}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#0a1626" stop-opacity="0.35"/></radialGradient>`,
  );
  return rect(0, 0, s.W, s.H, `url(#${id})`);
}

/** A low boundary wall or site hoarding with amber/white stripes. */
export function hoarding(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  branded = true,
): string {
  let out = rect(x, y, w, h, branded ? "#f4f2ec" : s.lit(BRAND.concreteLight));
  if (branded) {
    out += rect(x, y, w, h * 0.22, BRAND.navy);
    out += rect(x, y + h * 0.22, w, h * 0.08, BRAND.amber);
    // posts
    let d = "";
    for (let px = x; px < x + w; px += 120) d += rectD(px, y, 4, h);
    out += path(d, mix(BRAND.navy, "#ffffff", 0.2), { opacity: 0.6 });
  }
  out += rect(x, y + h - 4, w, 4, darken(BRAND.concrete, 0.2));
  return group(out);
}
