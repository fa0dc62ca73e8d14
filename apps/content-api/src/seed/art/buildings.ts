/** Painters for building and infrastructure subjects. Each draws around a centre x on a base line. */
import { type BlockSpec, block, obliqueOffset } from "./block.ts";
import {
  airliner,
  car,
  HELMETS,
  palm,
  SKINS,
  scaffolding,
  siteOffice,
  streetLight,
  towerCrane,
  worker,
} from "./props.ts";
import type { Rng } from "./rng.ts";
import type { Scene } from "./scene.ts";
import {
  BRAND,
  circle,
  darken,
  ellipse,
  f,
  lighten,
  line,
  linearGradient,
  mix,
  path,
  poly,
  rect,
  rectD,
} from "./svg.ts";

export interface Placement {
  cx: number;
  base: number;
  /** Scale factor: 1 = a subject about 600 units tall. */
  k: number;
  /** Construction stage 0..1 (1 = completed). */
  stage: number;
  r: Rng;
}

export type Painter = (s: Scene, p: Placement) => string;

const SAND_STONE = "#e4d4b4";
const WHITE_STONE = "#eeebe3";
const WARM_GREY = "#cfc9bd";

function blk(s: Scene, p: Placement, spec: Omit<BlockSpec, "r"> & { r?: Rng }): string {
  return block(s, { r: p.r.fork(`${spec.x}:${spec.h}`), ...spec });
}

/* ---------------------------------------------------------------- tower */

export const tower: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  // neighbours behind
  out += blk(s, p, {
    x: cx - 330 * k,
    base,
    w: 160 * k,
    h: 330 * k,
    depth: 50 * k,
    material: WARM_GREY,
    facade: "punched",
    floors: 16,
    cols: 6,
    haze: 0.35,
  });
  out += blk(s, p, {
    x: cx + 160 * k,
    base,
    w: 190 * k,
    h: 420 * k,
    depth: 60 * k,
    material: "#9fb3c4",
    facade: "ribbon",
    floors: 20,
    cols: 7,
    haze: 0.3,
  });
  const w = 190 * k;
  const h = 660 * k;
  const x = cx - w / 2;
  const material = r.pick(["#7f9bb3", "#8aa2b8", "#6f8ca5"]);
  out += blk(s, p, {
    x,
    base,
    w,
    h,
    depth: 90 * k,
    material,
    facade: "curtain",
    floors: 44,
    cols: 8,
    stage: p.stage,
    roof: false,
  });
  if (p.stage >= 1) {
    const top = base - h;
    // crown: setback and spire
    out += blk(s, p, {
      x: x + w * 0.15,
      base: top,
      w: w * 0.7,
      h: 40 * k,
      depth: 70 * k,
      material,
      facade: "curtain",
      floors: 2,
      cols: 6,
      roof: false,
    });
    const [dx, dy] = obliqueOffset(70 * k);
    const sx = x + w * 0.5 + dx * 0.5;
    out += path(
      poly([
        [sx - 6 * k, top - 40 * k + dy * 0.5],
        [sx, top - 150 * k],
        [sx + 6 * k, top - 40 * k + dy * 0.5],
      ]),
      s.lit("#c9d2da"),
    );
    out += circle(sx, top - 150 * k, 3 * k, "#ff4b3a");
    // podium
    out += blk(s, p, {
      x: cx - 210 * k,
      base,
      w: 420 * k,
      h: 60 * k,
      depth: 60 * k,
      material: WHITE_STONE,
      facade: "ribbon",
      floors: 2,
      cols: 12,
      roof: false,
    });
  } else {
    out += towerCrane(s, cx + w * 0.9, base, h * p.stage + 200 * k, {
      dir: -1,
      jib: 380 * k,
      trolley: 0.5,
      hookDepth: 120 * k,
    });
  }
  return out;
};

/* ---------------------------------------------------------------- skyline */

function landmarkTower(s: Scene, x: number, base: number, w: number, h: number, k: number): string {
  // tapering tower with a parabolic opening at the top (a nod to Riyadh's skyline)
  const top = base - h;
  const shoulder = base - h * 0.72;
  const outer = `M${f(x)} ${f(base)}L${f(x + w * 0.08)} ${f(shoulder)}Q${f(x + w * 0.3)} ${f(top + h * 0.05)} ${f(x + w * 0.5)} ${f(top)}Q${f(x + w * 0.7)} ${f(top + h * 0.05)} ${f(x + w * 0.92)} ${f(shoulder)}L${f(x + w)} ${f(base)}Z`;
  const hole = `M${f(x + w * 0.2)} ${f(base - h * 0.74)}Q${f(x + w * 0.5)} ${f(top - h * 0.08)} ${f(x + w * 0.8)} ${f(base - h * 0.74)}Z`;
  const id = s.uid("lm");
  s.defs.push(
    linearGradient(
      id,
      [
        [0, s.lit(s.light.glass[1])],
        [1, s.shade(s.light.glass[0])],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0.3 },
    ),
  );
  let out = `<path d="${outer}${hole}" fill="url(#${id})" fill-rule="evenodd"/>`;
  let d = "";
  const floors = 30;
  for (let i = 1; i < floors; i++) {
    const y = base - (h * 0.72 * i) / floors;
    const inset = w * 0.08 * (i / floors);
    d += `M${f(x + inset)} ${f(y)}H${f(x + w - inset)}`;
  }
  out += `<path d="${d}" stroke="${mix(s.light.glass[0], BRAND.navy, 0.4)}" stroke-width="${f(1.2 * k)}" opacity="0.6"/>`;
  out += `<path d="M${f(x + w * 0.2)} ${f(base - h * 0.74)}H${f(x + w * 0.8)}" stroke="${s.lit("#dfe4ea")}" stroke-width="${f(5 * k)}"/>`;
  return out;
}

export const skyline: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  const count = r.int(7, 10);
  const span = 1250 * k;
  const specs: Array<{ x: number; w: number; h: number; kind: number }> = [];
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const centre = 1 - Math.abs(t - 0.5) * 1.6;
    const w = r.range(90, 160) * k;
    specs.push({
      x: cx - span / 2 + t * span - w / 2 + r.range(-20, 20) * k,
      w,
      h: (r.range(220, 380) + centre * 300) * k,
      kind: r.int(0, 4),
    });
  }
  // back row (hazy)
  for (const sp of specs) {
    out += blk(s, p, {
      x: sp.x + sp.w * 0.5,
      base: base - 4,
      w: sp.w * 0.8,
      h: sp.h * 0.7,
      depth: 30 * k,
      material: "#a7b6c4",
      facade: "ribbon",
      floors: 18,
      cols: 5,
      haze: 0.55,
      roof: false,
    });
  }
  const landmark = r.int(2, count - 3);
  specs.forEach((sp, i) => {
    if (i === landmark) {
      out += landmarkTower(s, sp.x, base, sp.w * 1.15, sp.h * 1.35, k);
      return;
    }
    const facade =
      (["curtain", "ribbon", "fins", "curtain", "punched"] as const)[sp.kind] ?? "curtain";
    const material = r.pick(["#7f9bb3", WARM_GREY, "#9aa9b5", SAND_STONE, "#6d8aa3"]);
    out += blk(s, p, {
      x: sp.x,
      base,
      w: sp.w,
      h: sp.h,
      depth: 40 * k,
      material,
      facade,
      floors: Math.round(sp.h / (16 * k)),
      cols: Math.max(4, Math.round(sp.w / (20 * k))),
      roof: sp.kind !== 0,
    });
    if (sp.kind === 0) {
      const [dx, dy] = obliqueOffset(40 * k);
      const tx = sp.x + sp.w / 2 + dx / 2;
      out += path(
        poly([
          [sp.x, base - sp.h],
          [tx, base - sp.h - 80 * k + dy / 2],
          [sp.x + sp.w + dx, base - sp.h + dy],
        ]),
        s.lit(lighten(material, 0.1)),
      );
    }
  });
  return out;
};

/* ---------------------------------------------------------------- office, hotel, housing */

export const office: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  out += blk(s, p, {
    x: cx - 470 * k,
    base,
    w: 240 * k,
    h: 260 * k,
    depth: 60 * k,
    material: WARM_GREY,
    facade: "ribbon",
    floors: 10,
    cols: 8,
    haze: 0.3,
  });
  const w = 440 * k;
  const h = 400 * k;
  out += blk(s, p, {
    x: cx - w / 2,
    base,
    w,
    h,
    depth: 120 * k,
    material: r.pick([WHITE_STONE, SAND_STONE, "#c8d2da"]),
    facade: "fins",
    floors: 12,
    cols: 14,
    stage: p.stage,
  });
  if (p.stage >= 1) {
    out += rect(cx - 90 * k, base - 48 * k, 180 * k, 10 * k, s.lit(BRAND.navy));
    out += rect(
      cx - 60 * k,
      base - 38 * k,
      120 * k,
      38 * k,
      mix(s.light.glass[0], BRAND.navy, 0.3),
    );
  } else {
    out += towerCrane(s, cx + w * 0.45, base, 560 * k, { dir: -1, jib: 420 * k });
    out += scaffolding(
      s,
      cx - w / 2 - 8 * k,
      base - h * p.stage * 0.7,
      60 * k,
      h * p.stage * 0.7,
      30 * k,
    );
  }
  return out;
};

export const hotel: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  const w = 300 * k;
  const h = 480 * k;
  const x = cx - w / 2;
  const material = r.pick([WHITE_STONE, SAND_STONE]);
  let out = "";
  out += blk(s, p, {
    x: cx - 420 * k,
    base,
    w: 160 * k,
    h: 240 * k,
    depth: 50 * k,
    material: "#aebdca",
    facade: "ribbon",
    floors: 10,
    cols: 6,
    haze: 0.35,
  });
  out += blk(s, p, {
    x,
    base,
    w,
    h,
    depth: 110 * k,
    material,
    facade: "balcony",
    floors: 28,
    cols: 10,
    stage: p.stage,
    roof: false,
  });
  if (p.stage >= 1) {
    // sail-like curved crown
    const top = base - h;
    out += path(
      `M${f(x)} ${f(top)}Q${f(x + w * 0.2)} ${f(top - 110 * k)} ${f(x + w)} ${f(top - 150 * k)}L${f(x + w)} ${f(top)}Z`,
      s.lit(mix(material, BRAND.steel, 0.25)),
    );
    out += `<path d="M${f(x)} ${f(top)}Q${f(x + w * 0.2)} ${f(top - 110 * k)} ${f(x + w)} ${f(top - 150 * k)}" stroke="${s.lit("#ffffff")}" stroke-width="${f(4 * k)}" fill="none"/>`;
    // wing and canopy
    out += blk(s, p, {
      x: x + w + 20 * k,
      base,
      w: 260 * k,
      h: 150 * k,
      depth: 80 * k,
      material,
      facade: "balcony",
      floors: 6,
      cols: 10,
    });
    out += path(
      poly([
        [cx - 120 * k, base - 60 * k],
        [cx + 120 * k, base - 60 * k],
        [cx + 140 * k, base - 46 * k],
        [cx - 140 * k, base - 46 * k],
      ]),
      s.lit(BRAND.navy),
    );
    out += rect(cx - 80 * k, base - 46 * k, 160 * k, 46 * k, s.light.windowLit, { opacity: 0.7 });
  } else {
    out += towerCrane(s, x - 40 * k, base, h * p.stage + 220 * k, { dir: 1, jib: 380 * k });
  }
  return out;
};

export const housing: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  const colors = [WHITE_STONE, SAND_STONE, "#efe6d6", "#dcd4c6"];
  for (let row = 0; row < 2; row++) {
    const n = row === 0 ? 4 : 3;
    const bw = 230 * k;
    const gap = 70 * k;
    const total = n * bw + (n - 1) * gap;
    for (let i = 0; i < n; i++) {
      const x = cx - total / 2 + i * (bw + gap) + (row === 0 ? 80 * k : 0);
      const h = (row === 0 ? r.range(250, 330) : r.range(200, 260)) * k;
      out += blk(s, p, {
        x,
        base: base - (row === 0 ? 40 * k : 0),
        w: bw,
        h,
        depth: 90 * k,
        material: r.pick(colors),
        facade: "balcony",
        floors: Math.round(h / (30 * k)),
        cols: 8,
        stage: row === 1 && i === n - 1 ? p.stage : 1,
        haze: row === 0 ? 0.25 : 0,
      });
    }
  }
  const rr = r.fork("palms");
  for (let i = 0; i < 6; i++)
    out += palm(
      s,
      cx + (i - 2.5) * 220 * k + rr.range(-30, 30) * k,
      base + 30 * k,
      rr.range(150, 200) * k,
      rr,
    );
  return out;
};

/* ---------------------------------------------------------------- villa */

function najdiParapet(x: number, y: number, w: number, size: number): string {
  let d = "";
  const n = Math.max(3, Math.floor(w / (size * 1.6)));
  const step = w / n;
  for (let i = 0; i < n; i++) {
    const sx = x + i * step + (step - size) / 2;
    d += poly([
      [sx, y],
      [sx + size / 2, y - size],
      [sx + size, y],
    ]);
  }
  return d;
}

export const villa: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  const stone = r.pick([SAND_STONE, "#e8d7b9", "#ddc7a2"]);
  const trim = darken(stone, 0.25);
  let out = "";
  // boundary wall
  const wallY = base + 40 * k;
  // volumes
  const g = { x: cx - 260 * k, w: 520 * k, h: 150 * k };
  const u = { x: cx - 200 * k, w: 320 * k, h: 130 * k };
  out += blk(s, p, {
    x: g.x,
    base,
    w: g.w,
    h: g.h,
    depth: 160 * k,
    material: stone,
    facade: "blank",
    floors: 1,
    cols: 1,
    roof: false,
    stage: p.stage >= 0.5 ? 1 : 0.6,
  });
  if (p.stage >= 0.5) {
    out += blk(s, p, {
      x: u.x,
      base: base - g.h,
      w: u.w,
      h: u.h,
      depth: 120 * k,
      material: lighten(stone, 0.1),
      facade: "blank",
      floors: 1,
      cols: 1,
      roof: false,
      stage: p.stage >= 0.8 ? 1 : 0.5,
    });
    // windows: tall slits and a wide glazed living room
    let d = "";
    for (let i = 0; i < 4; i++)
      d += rectD(u.x + 30 * k + i * 70 * k, base - g.h - u.h + 30 * k, 22 * k, 80 * k);
    d += rectD(g.x + 40 * k, base - 110 * k, 220 * k, 95 * k);
    d += rectD(g.x + 330 * k, base - 110 * k, 40 * k, 95 * k);
    d += rectD(g.x + 400 * k, base - 110 * k, 40 * k, 95 * k);
    out += path(d, mix(s.light.glass[0], BRAND.navy, 0.25));
    if (s.light.litRatio > 0.3)
      out += path(rectD(g.x + 40 * k, base - 110 * k, 220 * k, 95 * k), s.light.windowLit, {
        opacity: 0.75,
      });
    out += `<path d="M${f(g.x + 150 * k)} ${f(base - 110 * k)}V${f(base - 15 * k)}M${f(g.x + 40 * k)} ${f(base - 62 * k)}H${f(g.x + 260 * k)}" stroke="${trim}" stroke-width="${f(3 * k)}"/>`;
    // trims and crenellations
    out += rect(g.x - 6 * k, base - g.h - 4 * k, g.w + 12 * k, 10 * k, s.lit(trim));
    if (p.stage >= 0.8) {
      out += rect(u.x - 6 * k, base - g.h - u.h - 4 * k, u.w + 12 * k, 10 * k, s.lit(trim));
      out += path(najdiParapet(u.x, base - g.h - u.h - 4 * k, u.w, 16 * k), s.lit(trim));
      out += path(
        najdiParapet(
          u.x + u.w + 12 * k,
          base - g.h - 4 * k,
          g.x + g.w - u.x - u.w - 12 * k,
          16 * k,
        ),
        s.lit(trim),
      );
      // pergola
      let pg = "";
      for (let i = 0; i < 7; i++)
        pg += rectD(g.x + g.w - 6 * k - i * 14 * k, base - g.h - 50 * k, 6 * k, 46 * k);
      out += path(
        pg + rectD(g.x + g.w - 100 * k, base - g.h - 54 * k, 100 * k, 8 * k),
        s.shade("#8a6a4a"),
      );
    } else {
      out += scaffolding(s, u.x - 10 * k, base - g.h - u.h, u.w + 20 * k, u.h, 40 * k);
    }
  } else {
    out += scaffolding(s, g.x - 10 * k, base - g.h, g.w + 20 * k, g.h, 40 * k);
  }
  // boundary wall with gate
  out += rect(cx - 420 * k, wallY - 70 * k, 840 * k, 70 * k, s.lit(lighten(stone, 0.05)));
  out += rect(cx - 420 * k, wallY - 74 * k, 840 * k, 8 * k, s.lit(trim));
  out += rect(cx + 120 * k, wallY - 64 * k, 110 * k, 64 * k, s.shade(BRAND.navy));
  let bars = "";
  for (let i = 1; i < 10; i++)
    bars += `M${f(cx + 120 * k + i * 11 * k)} ${f(wallY - 64 * k)}v${f(64 * k)}`;
  out += `<path d="${bars}" stroke="${s.lit(BRAND.amber)}" stroke-width="${f(1.5 * k)}" opacity="0.7"/>`;
  const rr = r.fork("villa-palms");
  out += palm(s, cx - 330 * k, wallY - 40 * k, 300 * k, rr);
  out += palm(s, cx + 330 * k, wallY - 30 * k, 260 * k, rr);
  out += palm(s, cx - 250 * k, wallY - 30 * k, 200 * k, rr);
  return out;
};

/* ---------------------------------------------------------------- hospital, school */

export const hospital: Painter = (s, p) => {
  const { cx, base, k } = p;
  let out = "";
  out += blk(s, p, {
    x: cx - 420 * k,
    base,
    w: 840 * k,
    h: 220 * k,
    depth: 140 * k,
    material: WHITE_STONE,
    facade: "ribbon",
    floors: 6,
    cols: 20,
    stage: p.stage,
  });
  if (p.stage >= 1) {
    out += blk(s, p, {
      x: cx - 90 * k,
      base,
      w: 180 * k,
      h: 320 * k,
      depth: 120 * k,
      material: "#d9e3ea",
      facade: "curtain",
      floors: 9,
      cols: 5,
      roof: false,
    });
    // sign: white cross on steel blue (no text)
    const sx = cx;
    const sy = base - 270 * k;
    out += rect(sx - 34 * k, sy - 34 * k, 68 * k, 68 * k, BRAND.steel, { rx: 8 * k });
    out += path(
      rectD(sx - 8 * k, sy - 24 * k, 16 * k, 48 * k) +
        rectD(sx - 24 * k, sy - 8 * k, 48 * k, 16 * k),
      "#ffffff",
    );
    // helipad on roof
    const [dx, dy] = obliqueOffset(140 * k);
    out += ellipse(
      cx + 300 * k + dx * 0.5,
      base - 220 * k + dy * 0.5,
      50 * k,
      14 * k,
      s.shade("#7d8791"),
    );
    out += ellipse(cx + 300 * k + dx * 0.5, base - 220 * k + dy * 0.5, 40 * k, 10 * k, "none", {
      stroke: "#ffffff",
      "stroke-width": 2 * k,
    });
    // entrance canopy
    out += path(
      poly([
        [cx - 160 * k, base - 56 * k],
        [cx + 160 * k, base - 56 * k],
        [cx + 180 * k, base - 44 * k],
        [cx - 180 * k, base - 44 * k],
      ]),
      s.lit(BRAND.steel),
    );
    out += car(s, cx - 250 * k, base + 40 * k, 130 * k, p.r.fork("amb"));
  } else {
    out += towerCrane(s, cx + 200 * k, base, 520 * k, { dir: -1, jib: 400 * k });
  }
  return out;
};

export const school: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  out += blk(s, p, {
    x: cx - 430 * k,
    base,
    w: 560 * k,
    h: 160 * k,
    depth: 110 * k,
    material: SAND_STONE,
    facade: "punched",
    floors: 3,
    cols: 14,
    stage: p.stage,
  });
  out += blk(s, p, {
    x: cx + 150 * k,
    base,
    w: 300 * k,
    h: 200 * k,
    depth: 110 * k,
    material: WHITE_STONE,
    facade: "ribbon",
    floors: 3,
    cols: 8,
    stage: p.stage,
  });
  if (p.stage >= 1) {
    // coloured accent panels
    let d = "";
    for (let i = 0; i < 5; i++)
      d += rectD(cx - 420 * k + i * 112 * k, base - 160 * k, 14 * k, 160 * k);
    out += path(d, s.lit(BRAND.amber));
    out += rect(cx + 150 * k, base - 200 * k, 300 * k, 14 * k, s.lit(BRAND.steel));
    // entrance
    out += rect(cx + 80 * k, base - 120 * k, 90 * k, 120 * k, s.lit(BRAND.navy));
    out += rect(cx + 95 * k, base - 70 * k, 60 * k, 70 * k, mix(s.light.glass[0], "#ffffff", 0.2));
    // flag pole and flag (plain green)
    out += `<path d="M${f(cx - 480 * k)} ${f(base + 20 * k)}V${f(base - 300 * k)}" stroke="${s.lit("#c7ccd1")}" stroke-width="${f(4 * k)}"/>`;
    out += path(
      `M${f(cx - 478 * k)} ${f(base - 298 * k)}q${f(40 * k)} ${f(-10 * k)} ${f(80 * k)} 0v${f(50 * k)}q${f(-40 * k)} ${f(-10 * k)} ${f(-80 * k)} 0Z`,
      s.lit("#1c7a45"),
    );
  } else {
    out += towerCrane(s, cx - 120 * k, base, 420 * k, { dir: 1, jib: 330 * k });
  }
  // playground court lines
  out += path(
    poly([
      [cx - 300 * k, base + 40 * k],
      [cx + 100 * k, base + 40 * k],
      [cx + 160 * k, base + 110 * k],
      [cx - 280 * k, base + 110 * k],
    ]),
    s.lit("#3b7a9c"),
  );
  out += `<path d="M${f(cx - 90 * k)} ${f(base + 40 * k)}L${f(cx - 60 * k)} ${f(base + 110 * k)}" stroke="#ffffff" stroke-width="${f(2.5 * k)}"/>`;
  const rr = r.fork("trees");
  for (let i = 0; i < 3; i++)
    out += palm(s, cx + (220 + i * 90) * k, base + 60 * k, rr.range(150, 210) * k, rr);
  return out;
};

/* ---------------------------------------------------------------- warehouse, factory */

function shed(
  s: Scene,
  x: number,
  base: number,
  w: number,
  h: number,
  depth: number,
  material: string,
  haze = 0,
): string {
  const col = (c: string) => s.atmos(c, haze);
  const [dx, dy] = obliqueOffset(depth);
  let out = "";
  out += path(
    poly([
      [x + w, base],
      [x + w, base - h],
      [x + w + dx, base - h + dy],
      [x + w + dx, base + dy],
    ]),
    col(s.shade(material)),
  );
  // low-pitch roof seen from the front (roof plane)
  out += path(
    poly([
      [x, base - h],
      [x + w, base - h],
      [x + w + dx, base - h + dy],
      [x + dx, base - h + dy],
    ]),
    col(lighten(s.lit(material), 0.15)),
  );
  out += rect(x, base - h, w, h, col(s.lit(material)));
  // corrugation
  let d = "";
  for (let cx = x + 6; cx < x + w; cx += 9) d += `M${f(cx)} ${f(base - h)}V${f(base)}`;
  out += `<path d="${d}" stroke="${col(darken(s.lit(material), 0.08))}" stroke-width="2"/>`;
  out += rect(x, base - h, w, h * 0.08, col(BRAND.navy));
  return out;
}

export const warehouse: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  out += shed(s, cx - 200 * k, base - 60 * k, 700 * k, 160 * k, 220 * k, "#b9c3cc", 0.3);
  const x = cx - 450 * k;
  const w = 780 * k;
  const h = 210 * k;
  if (p.stage < 0.6) {
    // steel portal frames going up
    let d = "";
    for (let i = 0; i <= 10; i++) {
      const fx = x + (w * i) / 10;
      d += `M${f(fx)} ${f(base)}V${f(base - h)}`;
    }
    d += `M${f(x)} ${f(base - h)}H${f(x + w)}`;
    for (let i = 0; i < 10; i++)
      d += line(x + (w * i) / 10, base - h, x + (w * (i + 1)) / 10, base - h * 0.8);
    out += `<path d="${d}" stroke="${s.lit(BRAND.steel)}" stroke-width="${f(7 * k)}" fill="none"/>`;
    out += towerCrane(s, x + w * 0.7, base, 420 * k, { dir: -1, jib: 300 * k });
  } else {
    out += shed(s, x, base, w, h, 260 * k, r.pick(["#dfe3e6", "#e8e4da", "#cfd8df"]));
    // loading docks
    let doors = "";
    let slats = "";
    for (let i = 0; i < 5; i++) {
      const dxp = x + 60 * k + i * 140 * k;
      doors += rectD(dxp, base - 120 * k, 90 * k, 110 * k);
      for (let j = 1; j < 8; j++)
        slats += `M${f(dxp)} ${f(base - 120 * k + j * 14 * k)}h${f(90 * k)}`;
    }
    out += path(doors, s.shade("#9aa4ad"));
    out += `<path d="${slats}" stroke="${s.shade("#7d868f")}" stroke-width="${f(1.5 * k)}"/>`;
    out += rect(x, base - 14 * k, w, 14 * k, s.shade(BRAND.concrete));
    out += path(rectD(x, base - h * 0.55, w, 8 * k), s.lit(BRAND.amber));
  }
  // trailer at a dock
  const tx = cx - 220 * k;
  out += rect(tx, base + 10 * k - 120 * k, 300 * k, 105 * k, s.lit("#f2f2ee"));
  out += rect(tx, base + 10 * k - 120 * k, 300 * k, 12 * k, s.lit(BRAND.steel));
  out += rect(tx + 300 * k, base + 10 * k - 90 * k, 70 * k, 75 * k, s.lit(BRAND.navy), {
    rx: 6 * k,
  });
  out += rect(
    tx + 330 * k,
    base + 10 * k - 82 * k,
    34 * k,
    28 * k,
    mix(s.light.glass[0], BRAND.navy, 0.2),
  );
  for (const wx of [tx + 40 * k, tx + 80 * k, tx + 250 * k, tx + 340 * k])
    out += circle(wx, base, 16 * k, "#1d1f22") + circle(wx, base, 6 * k, "#9aa0a6");
  return out;
};

export const factory: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  // chimneys with smoke
  for (const [i, cxp] of [cx + 120 * k, cx + 200 * k].entries()) {
    const ch = (420 - i * 60) * k;
    out += path(
      poly([
        [cxp - 22 * k, base],
        [cxp - 15 * k, base - ch],
        [cxp + 15 * k, base - ch],
        [cxp + 22 * k, base],
      ]),
      s.lit(WHITE_STONE),
    );
    out += path(
      rectD(cxp - 16 * k, base - ch + 10 * k, 32 * k, 18 * k) +
        rectD(cxp - 17 * k, base - ch + 50 * k, 34 * k, 18 * k),
      s.lit("#c0392b"),
    );
    let smoke = "";
    for (let j = 0; j < 5; j++) {
      const rr = (18 + j * 9) * k;
      smoke += `M${f(cxp - j * 30 * k - rr)} ${f(base - ch - 20 * k - j * 22 * k)}a${f(rr)} ${f(rr * 0.8)} 0 1 0 ${f(rr * 2)} 0a${f(rr)} ${f(rr * 0.8)} 0 1 0 ${f(-rr * 2)} 0`;
    }
    out += path(smoke, lighten(s.light.cloud, 0.2), { opacity: 0.5 });
  }
  // silos
  for (let i = 0; i < 3; i++) {
    const sx = cx - 420 * k + i * 70 * k;
    out += rect(sx, base - 300 * k, 60 * k, 300 * k, s.lit("#d4d8dc"));
    out += rect(sx + 40 * k, base - 300 * k, 20 * k, 300 * k, s.shade("#d4d8dc"));
    out += ellipse(sx + 30 * k, base - 300 * k, 30 * k, 10 * k, s.lit("#e6e9ec"));
  }
  // conveyor
  out += `<path d="M${f(cx - 240 * k)} ${f(base - 290 * k)}L${f(cx - 20 * k)} ${f(base - 150 * k)}" stroke="${s.shade(BRAND.steel)}" stroke-width="${f(10 * k)}"/>`;
  // sawtooth shed
  const x = cx - 210 * k;
  const w = 620 * k;
  const h = 150 * k;
  out += rect(x, base - h, w, h, s.lit("#dcdfe2"));
  let teeth = "";
  let glass = "";
  const n = 7;
  for (let i = 0; i < n; i++) {
    const tx = x + (w * i) / n;
    const tw = w / n;
    teeth += poly([
      [tx, base - h],
      [tx + tw, base - h],
      [tx + tw, base - h - 60 * k],
    ]);
    glass += poly([
      [tx + tw - 2, base - h - 2],
      [tx + tw - 2, base - h - 56 * k],
      [tx + tw - 12 * k, base - h - 46 * k],
      [tx + tw - 12 * k, base - h - 4],
    ]);
  }
  out += path(teeth, s.lit("#aab3bb")) + path(glass, s.light.glass[1], { opacity: 0.7 });
  let win = "";
  for (let i = 0; i < 12; i++)
    win += rectD(x + 20 * k + i * 50 * k, base - 110 * k, 30 * k, 40 * k);
  out += path(win, s.light.windowDark);
  out += rect(x, base - h, w, 10 * k, s.lit(BRAND.steel));
  // pipe rack
  out += `<path d="M${f(x - 120 * k)} ${f(base - 60 * k)}H${f(x + 40 * k)}M${f(x - 120 * k)} ${f(base - 75 * k)}H${f(x + 40 * k)}" stroke="${s.lit(r.pick([BRAND.amber, "#3a8f5e"]))}" stroke-width="${f(8 * k)}"/>`;
  if (p.stage < 1) out += towerCrane(s, x + w * 0.8, base, 380 * k, { dir: -1, jib: 300 * k });
  return out;
};

/* ---------------------------------------------------------------- mosque */

export const mosque: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  const stone = r.pick([WHITE_STONE, SAND_STONE, "#efe7d8"]);
  const domeC = r.pick(["#2f7f86", BRAND.steel, "#c9a45c", "#e8e2d4"]);
  let out = "";
  const w = 560 * k;
  const h = 170 * k;
  const x = cx - w / 2;
  out += blk(s, p, {
    x,
    base,
    w,
    h,
    depth: 180 * k,
    material: stone,
    facade: "blank",
    floors: 1,
    cols: 1,
    roof: false,
    stage: 1,
  });
  // arcade of pointed arches
  let arches = "";
  const n = 9;
  const aw = (w - 40 * k) / n;
  for (let i = 0; i < n; i++) {
    const ax = x + 20 * k + i * aw + aw * 0.15;
    const awi = aw * 0.7;
    const ay = base - 10 * k;
    arches += `M${f(ax)} ${f(ay)}V${f(ay - 80 * k)}Q${f(ax)} ${f(ay - 115 * k)} ${f(ax + awi / 2)} ${f(ay - 130 * k)}Q${f(ax + awi)} ${f(ay - 115 * k)} ${f(ax + awi)} ${f(ay - 80 * k)}V${f(ay)}Z`;
  }
  out += path(arches, s.shade(mix(stone, BRAND.navy, 0.35)));
  out += rect(x - 5 * k, base - h - 6 * k, w + 10 * k, 12 * k, s.lit(darken(stone, 0.12)));
  // drum and dome
  const [dx, dy] = obliqueOffset(180 * k);
  const dcx = cx + dx * 0.5;
  const dby = base - h + dy * 0.5;
  const dr = 130 * k;
  out += rect(dcx - dr * 0.95, dby - 60 * k, dr * 1.9, 60 * k, s.lit(stone));
  let win = "";
  for (let i = 0; i < 8; i++)
    win += rectD(dcx - dr * 0.8 + i * dr * 0.22, dby - 48 * k, 10 * k, 32 * k);
  out += path(win, s.shade(mix(stone, BRAND.navy, 0.4)));
  const id = s.uid("dome");
  s.defs.push(
    linearGradient(
      id,
      [
        [0, lighten(s.lit(domeC), 0.25)],
        [1, s.shade(domeC)],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0.3 },
    ),
  );
  out += path(
    `M${f(dcx - dr)} ${f(dby - 60 * k)}C${f(dcx - dr)} ${f(dby - 60 * k - dr * 1.1)} ${f(dcx - 8 * k)} ${f(dby - 60 * k - dr * 1.2)} ${f(dcx)} ${f(dby - 60 * k - dr * 1.35)}C${f(dcx + 8 * k)} ${f(dby - 60 * k - dr * 1.2)} ${f(dcx + dr)} ${f(dby - 60 * k - dr * 1.1)} ${f(dcx + dr)} ${f(dby - 60 * k)}Z`,
    `url(#${id})`,
  );
  const tipY = dby - 60 * k - dr * 1.35;
  out += `<path d="M${f(dcx)} ${f(tipY)}V${f(tipY - 40 * k)}" stroke="${BRAND.amber}" stroke-width="${f(4 * k)}"/>`;
  out += crescent(dcx, tipY - 52 * k, 12 * k, BRAND.amber);
  // minarets
  for (const mx of [x - 40 * k, x + w + 40 * k].slice(0, r.chance(0.5) ? 2 : 1)) {
    out += minaret(s, mx, base, 430 * k, stone, domeC, k);
  }
  return out;
};

function crescent(x: number, y: number, r: number, color: string): string {
  return path(
    `M${f(x + r * 0.3)} ${f(y - r)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r * 0.3)} ${f(y + r)}A${f(r * 0.8)} ${f(r * 0.8)} 0 1 1 ${f(x + r * 0.3)} ${f(y - r)}Z`,
    color,
  );
}

function minaret(
  s: Scene,
  x: number,
  base: number,
  h: number,
  stone: string,
  cap: string,
  k: number,
): string {
  const w = 46 * k;
  let out = rect(x - w / 2, base - h, w, h, s.lit(stone));
  out += rect(x + w * 0.15, base - h, w * 0.35, h, s.shade(stone), { opacity: 0.6 });
  for (const t of [0.55, 0.8]) {
    out += rect(x - w * 0.75, base - h * t - 10 * k, w * 1.5, 14 * k, s.lit(darken(stone, 0.1)));
  }
  let d = "";
  for (let i = 0; i < 3; i++) d += rectD(x - 5 * k, base - h * (0.2 + i * 0.18), 10 * k, 40 * k);
  out += path(d, s.shade(mix(stone, BRAND.navy, 0.4)));
  out += path(
    `M${f(x - w * 0.55)} ${f(base - h)}Q${f(x - w * 0.5)} ${f(base - h - 60 * k)} ${f(x)} ${f(base - h - 80 * k)}Q${f(x + w * 0.5)} ${f(base - h - 60 * k)} ${f(x + w * 0.55)} ${f(base - h)}Z`,
    s.lit(cap),
  );
  out += crescent(x, base - h - 100 * k, 9 * k, BRAND.amber);
  return out;
}

/* ---------------------------------------------------------------- mall */

export const mall: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  const w = 900 * k;
  const h = 190 * k;
  const x = cx - w / 2;
  out += blk(s, p, {
    x,
    base,
    w,
    h,
    depth: 200 * k,
    material: r.pick([SAND_STONE, WHITE_STONE]),
    facade: "blank",
    floors: 3,
    cols: 10,
    stage: p.stage,
    roof: false,
  });
  if (p.stage >= 1) {
    // glazed atrium with a curved roof
    const aw = 280 * k;
    const ax = cx - aw / 2;
    out += blk(s, p, {
      x: ax,
      base,
      w: aw,
      h: h + 60 * k,
      depth: 160 * k,
      material: "#8fa9bd",
      facade: "curtain",
      floors: 6,
      cols: 8,
      roof: false,
    });
    out += path(
      `M${f(ax - 10 * k)} ${f(base - h - 60 * k)}Q${f(cx)} ${f(base - h - 140 * k)} ${f(ax + aw + 10 * k)} ${f(base - h - 60 * k)}Z`,
      s.lit("#d6dde3"),
    );
    // blank signage bands and shopfronts
    out += path(
      rectD(x + 40 * k, base - h + 30 * k, 200 * k, 36 * k) +
        rectD(x + w - 240 * k, base - h + 30 * k, 200 * k, 36 * k),
      s.lit(BRAND.navy),
    );
    out += path(
      rectD(x + 60 * k, base - h + 44 * k, 160 * k, 8 * k) +
        rectD(x + w - 220 * k, base - h + 44 * k, 160 * k, 8 * k),
      BRAND.amber,
    );
    let shop = "";
    for (let i = 0; i < 8; i++) {
      const sx = x + 20 * k + i * 110 * k;
      if (sx > ax - 100 * k && sx < ax + aw) continue;
      shop += rectD(sx, base - 80 * k, 90 * k, 80 * k);
    }
    out += path(
      shop,
      s.light.litRatio > 0.3 ? s.light.windowLit : mix(s.light.glass[0], "#ffffff", 0.2),
      { opacity: 0.85 },
    );
    out += rect(x, base - 92 * k, w, 12 * k, s.lit(BRAND.steel));
  } else {
    out += towerCrane(s, cx + 200 * k, base, 430 * k, { dir: -1, jib: 360 * k });
  }
  // parking lot with cars and lamps
  const rr = r.fork("cars");
  for (let row = 0; row < 2; row++) {
    const y = base + (70 + row * 90) * k;
    for (let i = 0; i < 9; i++) {
      if (rr.chance(0.3)) continue;
      out += car(
        s,
        cx - 520 * k + i * 130 * k + row * 40 * k,
        y,
        110 * k * (1 + row * 0.15),
        rr,
        rr.chance(0.5) ? 1 : -1,
      );
    }
  }
  for (let i = 0; i < 4; i++)
    out += streetLight(s, cx - 450 * k + i * 300 * k, base + 120 * k, 190 * k, 1);
  return out;
};

/* ---------------------------------------------------------------- water plant */

export const waterPlant: Painter = (s, p) => {
  const { cx, base, k } = p;
  let out = "";
  // process building
  out += blk(s, p, {
    x: cx - 460 * k,
    base,
    w: 300 * k,
    h: 150 * k,
    depth: 120 * k,
    material: WHITE_STONE,
    facade: "ribbon",
    floors: 2,
    cols: 10,
    stage: p.stage,
  });
  // tanks
  const tank = (tx: number, tw: number, th: number, c: string) => {
    let t = rect(tx - tw / 2, base - th, tw, th, s.lit(c));
    t += rect(tx + tw * 0.15, base - th, tw * 0.35, th, s.shade(c), { opacity: 0.7 });
    t += ellipse(tx, base - th, tw / 2, tw * 0.12, lighten(s.lit(c), 0.15));
    let bands = "";
    for (let i = 1; i < 5; i++) bands += `M${f(tx - tw / 2)} ${f(base - (th * i) / 5)}h${f(tw)}`;
    t += `<path d="${bands}" stroke="${darken(s.lit(c), 0.12)}" stroke-width="${f(2 * k)}"/>`;
    t += `<path d="M${f(tx - tw * 0.3)} ${f(base)}L${f(tx - tw * 0.3)} ${f(base - th)}l${f(tw * 0.2)} ${f(-tw * 0.06)}" stroke="${s.shade("#8d949b")}" stroke-width="${f(2.5 * k)}" fill="none"/>`;
    return t;
  };
  out += tank(cx - 40 * k, 180 * k, 230 * k, "#dfe6ea");
  out += tank(cx + 170 * k, 180 * k, 230 * k, "#dfe6ea");
  out += tank(cx + 350 * k, 120 * k, 160 * k, "#cfe0ea");
  // clarifier in front
  const ccx = cx - 300 * k;
  const ccy = base + 80 * k;
  out += ellipse(ccx, ccy, 200 * k, 46 * k, s.shade(BRAND.concrete));
  out += ellipse(ccx, ccy - 6 * k, 184 * k, 38 * k, mix(BRAND.steel, s.light.sky[1], 0.4));
  out += `<path d="M${f(ccx - 184 * k)} ${f(ccy - 6 * k)}H${f(ccx + 184 * k)}" stroke="${s.lit("#d9dde0")}" stroke-width="${f(6 * k)}"/>`;
  out += circle(ccx, ccy - 8 * k, 12 * k, s.lit(BRAND.amber));
  // pipes
  out += `<path d="M${f(cx - 160 * k)} ${f(base - 40 * k)}H${f(cx + 400 * k)}M${f(cx - 160 * k)} ${f(base - 70 * k)}H${f(cx - 40 * k)}V${f(base - 200 * k)}" stroke="${s.lit(BRAND.steel)}" stroke-width="${f(12 * k)}" fill="none"/>`;
  out += `<path d="M${f(cx + 80 * k)} ${f(base - 90 * k)}H${f(cx + 300 * k)}" stroke="${s.lit(BRAND.amber)}" stroke-width="${f(9 * k)}"/>`;
  if (p.stage < 1) out += towerCrane(s, cx + 60 * k, base, 460 * k, { dir: 1, jib: 330 * k });
  return out;
};

/* ---------------------------------------------------------------- stadium */

export const stadium: Painter = (s, p) => {
  const { cx, base, k } = p;
  const w = 940 * k;
  const h = 210 * k;
  let out = "";
  // bowl body
  out += path(
    `M${f(cx - w / 2)} ${f(base)}L${f(cx - w / 2 + 30 * k)} ${f(base - h)}Q${f(cx)} ${f(base - h - 50 * k)} ${f(cx + w / 2 - 30 * k)} ${f(base - h)}L${f(cx + w / 2)} ${f(base)}Z`,
    s.lit("#e4e7ea"),
  );
  // ribs
  let ribs = "";
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    const bx = cx - w / 2 + w * t;
    const topY = base - h - Math.sin(Math.PI * t) * 50 * k + 4 * k;
    ribs += `M${f(bx)} ${f(base)}L${f(cx - w / 2 + 30 * k + (w - 60 * k) * t)} ${f(topY)}`;
  }
  out += `<path d="${ribs}" stroke="${s.shade("#9aa5ae")}" stroke-width="${f(5 * k)}"/>`;
  // glazed concourse band
  out += rect(
    cx - w / 2 + 14 * k,
    base - 70 * k,
    w - 28 * k,
    40 * k,
    mix(s.light.glass[0], BRAND.navy, 0.3),
  );
  if (s.light.litRatio > 0.3)
    out += rect(cx - w / 2 + 14 * k, base - 70 * k, w - 28 * k, 40 * k, s.light.windowLit, {
      opacity: 0.6,
    });
  // cantilevered roof
  if (p.stage >= 0.7) {
    out += path(
      `M${f(cx - w / 2 + 20 * k)} ${f(base - h - 6 * k)}Q${f(cx)} ${f(base - h - 70 * k)} ${f(cx + w / 2 - 20 * k)} ${f(base - h - 6 * k)}L${f(cx + w / 2 - 40 * k)} ${f(base - h + 20 * k)}Q${f(cx)} ${f(base - h - 40 * k)} ${f(cx - w / 2 + 40 * k)} ${f(base - h + 20 * k)}Z`,
      s.lit(BRAND.steel),
    );
  } else {
    out += towerCrane(s, cx, base, 480 * k, { dir: 1, jib: 380 * k });
  }
  // floodlight masts
  for (const mx of [cx - w / 2 - 40 * k, cx + w / 2 + 40 * k]) {
    out += `<path d="M${f(mx)} ${f(base)}V${f(base - 380 * k)}" stroke="${s.lit("#c3c9ce")}" stroke-width="${f(8 * k)}"/>`;
    out += rect(mx - 34 * k, base - 420 * k, 68 * k, 40 * k, s.shade(BRAND.navy));
    let lamps = "";
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 2; j++)
        lamps += rectD(mx - 30 * k + i * 16 * k, base - 416 * k + j * 18 * k, 12 * k, 14 * k);
    out += path(lamps, s.light.litRatio > 0.3 ? "#fff6d8" : "#e6eef3");
  }
  return out;
};

/* ---------------------------------------------------------------- airport */

export const airport: Painter = (s, p) => {
  const { cx, base, k } = p;
  let out = "";
  // control tower
  const tx = cx + 380 * k;
  out += path(
    poly([
      [tx - 22 * k, base],
      [tx - 16 * k, base - 420 * k],
      [tx + 16 * k, base - 420 * k],
      [tx + 22 * k, base],
    ]),
    s.lit(WHITE_STONE),
  );
  out += path(
    poly([
      [tx - 30 * k, base - 420 * k],
      [tx - 55 * k, base - 470 * k],
      [tx + 55 * k, base - 470 * k],
      [tx + 30 * k, base - 420 * k],
    ]),
    s.lit("#d6dbe0"),
  );
  out += path(
    poly([
      [tx - 55 * k, base - 470 * k],
      [tx - 60 * k, base - 505 * k],
      [tx + 60 * k, base - 505 * k],
      [tx + 55 * k, base - 470 * k],
    ]),
    mix(s.light.glass[0], BRAND.navy, 0.3),
  );
  out += rect(tx - 50 * k, base - 520 * k, 100 * k, 15 * k, s.lit(BRAND.navy));
  out += `<path d="M${f(tx)} ${f(base - 520 * k)}v${f(-40 * k)}" stroke="${s.lit("#c7ccd1")}" stroke-width="${f(3 * k)}"/>`;
  // terminal with a wave roof
  const w = 900 * k;
  const x = cx - 560 * k;
  const h = 130 * k;
  const stage = p.stage;
  out += blk(s, p, {
    x,
    base,
    w,
    h,
    depth: 200 * k,
    material: "#8fa9bd",
    facade: "curtain",
    floors: 3,
    cols: 30,
    stage,
    roof: false,
  });
  if (stage >= 1) {
    let roof = `M${f(x - 40 * k)} ${f(base - h)}`;
    const waves = 3;
    for (let i = 0; i < waves; i++) {
      const x0 = x - 40 * k + ((w + 80 * k) * i) / waves;
      const x1 = x - 40 * k + ((w + 80 * k) * (i + 1)) / waves;
      roof += `Q${f((x0 + x1) / 2)} ${f(base - h - 110 * k)} ${f(x1)} ${f(base - h)}`;
    }
    roof += `L${f(x + w + 40 * k)} ${f(base - h + 18 * k)}L${f(x - 40 * k)} ${f(base - h + 18 * k)}Z`;
    out += path(roof, s.lit("#eef0f2"));
    out += `<path d="${roof}" fill="none" stroke="${s.shade("#aab4bd")}" stroke-width="${f(2 * k)}"/>`;
  } else {
    out += towerCrane(s, x + w * 0.4, base, 420 * k, { dir: 1, jib: 330 * k });
  }
  // jet bridge and aircraft on the apron
  out += rect(x + w * 0.62, base - 60 * k, 140 * k, 26 * k, s.lit("#c8ced4"));
  out += airliner(x + w * 0.55, base + 60 * k, 420 * k, s.lit("#f3f5f7"));
  out += path(rectD(x + w * 0.55 + 180 * k, base + 48 * k, 160 * k, 4 * k), BRAND.steel);
  out += airliner(cx - 200 * k, s.horizon * 0.35, 220 * k, s.atmos("#ffffff", 0.1));
  return out;
};

/* ---------------------------------------------------------------- factory-ish: site, crane */

export const site: Painter = (s, p) => {
  const { base, k, r } = p;
  const stage = Math.min(p.stage, 0.75);
  const flip = r.chance(0.5) ? 1 : -1;
  const cx = p.cx + flip * r.range(-60, 60) * k;
  let out = "";
  const w = r.range(340, 480) * k;
  const h = r.range(420, 580) * k;
  const floors = Math.round(h / (32 * k));
  const bx = cx - w / 2 - flip * 60 * k;
  // a finished neighbour behind, sometimes
  if (r.chance(0.5)) {
    out += blk(s, p, {
      x: cx + flip * 260 * k - 110 * k,
      base: base - 10 * k,
      w: 220 * k,
      h: r.range(300, 420) * k,
      depth: 70 * k,
      material: r.pick(["#9fb3c4", WARM_GREY]),
      facade: r.pick(["ribbon", "curtain"] as const),
      floors: 14,
      cols: 7,
      haze: 0.35,
    });
  }
  out += blk(s, p, {
    x: bx,
    base,
    w,
    h,
    depth: r.range(100, 160) * k,
    material: r.pick([WHITE_STONE, SAND_STONE, "#dfe3e6"]),
    facade: r.pick(["punched", "ribbon", "balcony"] as const),
    floors,
    cols: Math.round(w / (40 * k)),
    stage: Math.max(0.3, stage),
  });
  const scafX = flip === 1 ? bx - 80 * k : bx + w + 10 * k;
  out += scaffolding(s, scafX, base - h * stage * 0.62, 70 * k, h * stage * 0.62, 34 * k);
  out += towerCrane(
    s,
    cx + flip * w * 0.45,
    base,
    h * Math.max(0.3, stage) + r.range(200, 300) * k,
    {
      dir: flip === 1 ? -1 : 1,
      jib: r.range(400, 520) * k,
      trolley: r.range(0.4, 0.7),
      hookDepth: r.range(120, 220) * k,
    },
  );
  if (r.chance(0.6)) {
    out += towerCrane(s, cx - flip * w * 1.3, base - 20 * k, r.range(360, 460) * k, {
      dir: flip === 1 ? 1 : -1,
      jib: 300 * k,
      load: false,
      hookDepth: 80 * k,
    });
  }
  // site cabins, materials, workers
  out += siteOffice(
    s,
    cx + flip * 200 * k - (flip === 1 ? 0 : 180 * k),
    base + 40 * k,
    180 * k,
    r.chance(0.7),
  );
  let bars = "";
  const mx = cx - flip * 420 * k - (flip === 1 ? 0 : 200 * k);
  for (let i = 0; i < 6; i++) bars += rectD(mx, base + (50 + i * 5) * k, 200 * k, 3 * k);
  out += path(bars, s.shade("#6b4a3a"));
  out += path(
    rectD(cx - flip * 200 * k, base + 30 * k, 80 * k, 24 * k) +
      rectD(cx - flip * 190 * k, base + 6 * k, 60 * k, 24 * k),
    s.lit("#b58a4e"),
  );
  const rr = r.fork("workers");
  const crew = rr.int(2, 5);
  for (let i = 0; i < crew; i++) {
    out += worker(s, cx - 60 * k + i * 55 * k, base + 70 * k, 70 * k, {
      helmet: rr.pick(HELMETS),
      skin: rr.pick(SKINS),
      pose: i === 1 ? "point" : "stand",
    });
  }
  return out;
};

export const craneSubject: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  out += blk(s, p, {
    x: cx + 60 * k,
    base,
    w: 360 * k,
    h: 600 * k,
    depth: 120 * k,
    material: WHITE_STONE,
    facade: "ribbon",
    floors: 20,
    cols: 10,
    stage: Math.min(0.6, p.stage),
    haze: 0.1,
  });
  const ch = Math.min(820 * k, base - 200);
  out += towerCrane(s, cx - 40 * k, base, ch, {
    dir: 1,
    jib: 640 * k,
    counter: 200 * k,
    trolley: r.range(0.45, 0.7),
    hookDepth: ch * 0.32,
  });
  return out;
};

/* ---------------------------------------------------------------- bridge, highway, tunnel */

export const bridge: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  const deckY = base - 140 * k;
  const span = 1500 * k;
  let out = "";
  const deckC = s.lit(BRAND.concreteLight);
  const arch = r.chance(0.35);
  // piers
  let piers = "";
  for (let i = -3; i <= 3; i++) {
    const px = cx + i * 230 * k;
    piers += rectD(px - 12 * k, deckY, 24 * k, base - deckY + 60 * k);
  }
  out += path(piers, s.shade(BRAND.concrete));
  if (arch) {
    const aw = 900 * k;
    const ah = 300 * k;
    const a = `M${f(cx - aw / 2)} ${f(deckY + 20 * k)}Q${f(cx)} ${f(deckY - ah * 2)} ${f(cx + aw / 2)} ${f(deckY + 20 * k)}`;
    let hangers = "";
    for (let i = 1; i < 16; i++) {
      const t = i / 16;
      const x = cx - aw / 2 + aw * t;
      const y = deckY + 20 * k - 2 * t * (1 - t) * (ah * 2 + 20 * k);
      hangers += `M${f(x)} ${f(deckY)}V${f(y)}`;
    }
    out += `<path d="${hangers}" stroke="${s.light.ink}" stroke-width="${f(2 * k)}" opacity="0.8"/>`;
    out += `<path d="${a}" stroke="${s.lit(BRAND.steel)}" stroke-width="${f(22 * k)}" fill="none"/>`;
    out += `<path d="${a}" stroke="${lighten(s.lit(BRAND.steel), 0.3)}" stroke-width="${f(5 * k)}" fill="none" transform="translate(0 ${f(-7 * k)})"/>`;
  } else {
    // cable-stayed: two H pylons with fan cables
    for (const px of [cx - 330 * k, cx + 330 * k]) {
      const top = deckY - 420 * k;
      out += path(
        poly([
          [px - 30 * k, base + 60 * k],
          [px - 14 * k, top],
          [px - 2 * k, top],
          [px - 12 * k, base + 60 * k],
        ]),
        s.lit(BRAND.concreteLight),
      );
      out += path(
        poly([
          [px + 12 * k, base + 60 * k],
          [px + 2 * k, top],
          [px + 14 * k, top],
          [px + 30 * k, base + 60 * k],
        ]),
        s.shade(BRAND.concreteLight),
      );
      out += rect(px - 28 * k, deckY + 30 * k, 56 * k, 14 * k, s.shade(BRAND.concrete));
      let cables = "";
      for (let i = 1; i <= 10; i++) {
        const ay = top + 10 * k + i * 8 * k;
        cables += `M${f(px)} ${f(ay)}L${f(px - i * 30 * k)} ${f(deckY)}M${f(px)} ${f(ay)}L${f(px + i * 30 * k)} ${f(deckY)}`;
      }
      out += `<path d="${cables}" stroke="${s.lit("#eef1f4")}" stroke-width="${f(1.6 * k)}" opacity="0.9"/>`;
      out += circle(px, top - 4 * k, 4 * k, "#ff4b3a");
    }
  }
  // deck
  out += rect(cx - span / 2, deckY, span, 34 * k, deckC);
  out += rect(cx - span / 2, deckY + 20 * k, span, 14 * k, s.shade(BRAND.concrete));
  out += `<path d="M${f(cx - span / 2)} ${f(deckY - 8 * k)}H${f(cx + span / 2)}" stroke="${s.shade("#9aa3ab")}" stroke-width="${f(3 * k)}"/>`;
  const rr = r.fork("bcars");
  for (let i = 0; i < 7; i++)
    out += car(
      s,
      cx - 650 * k + i * 190 * k + rr.range(-40, 40) * k,
      deckY,
      60 * k,
      rr,
      rr.chance(0.5) ? 1 : -1,
    );
  let lamps = "";
  for (let i = -6; i <= 6; i++)
    lamps += `M${f(cx + i * 120 * k)} ${f(deckY)}v${f(-40 * k)}h${f(8 * k)}`;
  out += `<path d="${lamps}" stroke="${s.shade("#9aa3ab")}" stroke-width="${f(2 * k)}" fill="none"/>`;
  if (p.stage < 1)
    out += `<rect x="${f(cx + 200 * k)}" y="${f(deckY - 60 * k)}" width="${f(300 * k)}" height="${f(60 * k)}" fill="none" stroke="${BRAND.amber}" stroke-width="${f(3 * k)}"/>`;
  return out;
};

export const highway: Painter = (s, p) => {
  const { cx, base, k } = p;
  let out = "";
  // interchange overpass crossing the view
  const deckY = base - 150 * k;
  let piers = "";
  for (let i = -4; i <= 4; i++)
    piers += rectD(cx + i * 240 * k - 14 * k, deckY + 30 * k, 28 * k, 140 * k);
  out += path(piers, s.shade(BRAND.concrete));
  out += path(
    `M${f(-10)} ${f(deckY + 60 * k)}Q${f(cx)} ${f(deckY - 40 * k)} ${f(s.W + 10)} ${f(deckY + 60 * k)}L${f(s.W + 10)} ${f(deckY + 96 * k)}Q${f(cx)} ${f(deckY - 4 * k)} ${f(-10)} ${f(deckY + 96 * k)}Z`,
    s.lit(BRAND.concreteLight),
  );
  out += `<path d="M${f(-10)} ${f(deckY + 56 * k)}Q${f(cx)} ${f(deckY - 44 * k)} ${f(s.W + 10)} ${f(deckY + 56 * k)}" stroke="${s.shade("#9aa3ab")}" stroke-width="${f(6 * k)}" fill="none"/>`;
  // gantry sign
  const gy = base - 40 * k;
  out += `<path d="M${f(cx - 260 * k)} ${f(s.H)}V${f(gy - 230 * k)}H${f(cx + 260 * k)}V${f(s.H)}" stroke="${s.lit("#aab3bb")}" stroke-width="${f(10 * k)}" fill="none"/>`;
  out += rect(cx - 220 * k, gy - 220 * k, 200 * k, 90 * k, "#1d6b45", {
    rx: 6 * k,
    stroke: "#ffffff",
    "stroke-width": 3 * k,
  });
  out += rect(cx + 20 * k, gy - 220 * k, 200 * k, 90 * k, "#1d6b45", {
    rx: 6 * k,
    stroke: "#ffffff",
    "stroke-width": 3 * k,
  });
  out += path(
    `M${f(cx - 120 * k)} ${f(gy - 150 * k)}v${f(-40 * k)}l${f(-12 * k)} ${f(12 * k)}m${f(12 * k)} ${f(-12 * k)}l${f(12 * k)} ${f(12 * k)}M${f(cx + 120 * k)} ${f(gy - 150 * k)}v${f(-30 * k)}l${f(24 * k)} ${f(-16 * k)}`,
    "none",
    { stroke: "#ffffff", "stroke-width": 5 * k, "stroke-linecap": "round" },
  );
  return out;
};

export const tunnel: Painter = (s, p) => {
  const { cx, base, k } = p;
  let out = "";
  // rock mass
  const rock = mix("#b08a63", s.light.ground[1], 0.3);
  out += path(
    `M${f(cx - 900 * k)} ${f(base + 10)}Q${f(cx - 600 * k)} ${f(base - 380 * k)} ${f(cx - 150 * k)} ${f(base - 460 * k)}Q${f(cx + 250 * k)} ${f(base - 520 * k)} ${f(cx + 500 * k)} ${f(base - 340 * k)}Q${f(cx + 800 * k)} ${f(base - 200 * k)} ${f(cx + 1000 * k)} ${f(base + 10)}Z`,
    s.lit(rock),
  );
  let strata = "";
  for (let i = 0; i < 6; i++) {
    const y = base - (60 + i * 60) * k;
    strata += `M${f(cx - 760 * k + i * 90 * k)} ${f(y)}q${f(300 * k)} ${f(-30 * k)} ${f(600 * k - i * 60 * k)} ${f(10 * k)}`;
  }
  out += `<path d="${strata}" stroke="${darken(s.lit(rock), 0.18)}" stroke-width="${f(5 * k)}" fill="none" opacity="0.6"/>`;
  // portal face and arch
  const pw = 520 * k;
  const ph = 330 * k;
  out += rect(cx - pw / 2, base - ph, pw, ph, s.lit(BRAND.concreteLight));
  out += rect(cx - pw / 2 - 10 * k, base - ph - 20 * k, pw + 20 * k, 24 * k, s.lit(BRAND.concrete));
  const aw = 380 * k;
  const id = s.uid("tun");
  s.defs.push(
    `<radialGradient id="${id}" cx="0.5" cy="0.85" r="0.6"><stop offset="0" stop-color="#f7c66a"/><stop offset="0.35" stop-color="#3b3a3f"/><stop offset="1" stop-color="#121419"/></radialGradient>`,
  );
  const arch = `M${f(cx - aw / 2)} ${f(base)}V${f(base - 150 * k)}A${f(aw / 2)} ${f((aw / 2) * 0.75)} 0 0 1 ${f(cx + aw / 2)} ${f(base - 150 * k)}V${f(base)}Z`;
  out += path(arch, `url(#${id})`);
  let lights = "";
  for (let i = 0; i < 9; i++) {
    const t = i / 9;
    const y = base - 150 * k - (aw / 2) * 0.6 * (1 - t) + 20 * k * t;
    const r2 = (6 - 4 * t) * k;
    lights += `M${f(cx - aw * 0.35 * (1 - t) - r2)} ${f(y)}h${f(r2 * 2)}M${f(cx + aw * 0.35 * (1 - t) - r2)} ${f(y)}h${f(r2 * 2)}`;
  }
  out += `<path d="${lights}" stroke="#ffd27a" stroke-width="${f(5 * k)}" stroke-linecap="round"/>`;
  out += `<path d="${arch}" fill="none" stroke="${s.lit(BRAND.amber)}" stroke-width="${f(8 * k)}"/>`;
  if (p.stage < 1) out += scaffolding(s, cx + aw / 2 + 10 * k, base - ph, 60 * k, ph, 30 * k);
  return out;
};

/* ---------------------------------------------------------------- people */

export const team: Painter = (s, p) => {
  const { cx, base, k, r } = p;
  let out = "";
  const n = r.int(4, 6);
  const size = 360 * k;
  const poses = ["stand", "plans", "point", "tablet", "stand", "stand"] as const;
  const vests = ["#f7b500", "#c6e22b", "#f7b500", "#ff8f1f"];
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => Math.abs(b - (n - 1) / 2) - Math.abs(a - (n - 1) / 2),
  );
  for (const i of order) {
    const x = cx + (i - (n - 1) / 2) * size * 0.38;
    const centre = Math.abs(i - (n - 1) / 2);
    out += worker(s, x, base + 40 * k + centre * 12 * k, size * (1 - centre * 0.04), {
      helmet: i === 0 ? "#ffffff" : r.pick(HELMETS),
      vest: r.pick(vests),
      shirt: r.pick([BRAND.steel, BRAND.navy, "#e9e6df", "#5d6d7e"]),
      skin: r.pick(SKINS),
      pose: poses[i % poses.length],
      facing: i < n / 2 ? 1 : -1,
    });
  }
  return out;
};
