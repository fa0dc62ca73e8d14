/** The workhorse: an oblique-projection building block with a detailed facade and a construction stage. */
import type { Rng } from "./rng.ts";
import type { Scene } from "./scene.ts";
import { BRAND, darken, f, lighten, linearGradient, mix, path, poly, rect, rectD } from "./svg.ts";

export type Facade = "punched" | "ribbon" | "curtain" | "fins" | "balcony" | "blank";

export interface BlockSpec {
  x: number;
  base: number;
  w: number;
  h: number;
  /** Oblique depth (0 = flat elevation). */
  depth: number;
  /** Side face on the right (1) or left (-1). */
  side?: 1 | -1;
  material: string;
  facade: Facade;
  floors: number;
  cols: number;
  /** 0..1: share of the building that is built; frame shows above the cladding. */
  stage?: number;
  /** Amount of haze (distance). */
  haze?: number;
  r: Rng;
  /** Parapet / roof plant on top. */
  roof?: boolean;
}

/** Offset of the receding edges for a given depth. */
export function obliqueOffset(depth: number, side: 1 | -1 = 1): [number, number] {
  return [depth * 0.62 * side, -depth * 0.34];
}

export function block(s: Scene, b: BlockSpec): string {
  const side = b.side ?? 1;
  const haze = b.haze ?? 0;
  const stage = Math.max(0, Math.min(1, b.stage ?? 1));
  const [dx, dy] = obliqueOffset(b.depth, side);
  const floorH = b.h / b.floors;
  const builtFloors = stage >= 1 ? b.floors : Math.max(1, Math.round(b.floors * stage));
  const cladFloors = stage >= 1 ? b.floors : Math.max(0, Math.round(builtFloors * 0.62) - 1);
  const topBuilt = b.base - floorH * builtFloors;
  const topClad = b.base - floorH * cladFloors;
  const col = (c: string) => (haze > 0 ? s.atmos(c, haze) : c);
  const front = col(s.lit(b.material));
  const sideC = col(s.shade(b.material));
  const roofC = col(lighten(s.lit(b.material), 0.12));
  const xr = side === 1 ? b.x + b.w : b.x; // edge where the side face starts
  let out = "";

  // ----- clad part -----
  if (cladFloors > 0) {
    if (b.depth > 0) {
      out += path(
        poly([
          [xr, b.base],
          [xr, topClad],
          [xr + dx, topClad + dy],
          [xr + dx, b.base + dy],
        ]),
        sideC,
      );
    }
    out += rect(b.x, topClad, b.w, b.base - topClad, front);
    out += facadeMarkup(s, b, topClad, cladFloors, floorH, dx, dy, xr, haze);
    if (stage >= 1) {
      if (b.depth > 0) {
        out += path(
          poly([
            [b.x, topClad],
            [b.x + b.w, topClad],
            [b.x + b.w + dx, topClad + dy],
            [b.x + dx, topClad + dy],
          ]),
          roofC,
        );
      }
      // parapet
      out += rect(b.x - 2, topClad - 6, b.w + 4, 8, col(darken(front, 0.08)));
      if (b.roof ?? true) {
        const r = b.r.fork("roof");
        const pw = b.w * r.range(0.2, 0.35);
        const px = b.x + b.w * r.range(0.1, 0.55);
        out += rect(px, topClad - 22, pw, 16, col(s.shade(BRAND.concreteLight)));
        out += rect(px + pw * 0.1, topClad - 26, pw * 0.3, 4, col(s.shade(BRAND.concrete)));
      }
    }
  }

  // ----- exposed frame above the cladding -----
  if (builtFloors > cladFloors) {
    const interior = col(mix(darken(s.light.shadeTint, 0.2), BRAND.navy, 0.3));
    // see-through frame: only the core and a faint shadow behind the columns
    out += rect(b.x, topBuilt, b.w, topClad - topBuilt, interior, { opacity: 0.18 });
    out += rect(
      b.x + b.w * 0.38,
      topBuilt,
      b.w * 0.24,
      topClad - topBuilt,
      col(s.shade(BRAND.concrete)),
    );
    if (b.depth > 0) {
      out += path(
        poly([
          [xr, topClad],
          [xr, topBuilt],
          [xr + dx, topBuilt + dy],
          [xr + dx, topClad + dy],
        ]),
        darken(interior, 0.15),
        { opacity: 0.25 },
      );
    }
    const concrete = col(s.lit(BRAND.concreteLight));
    let slabs = "";
    for (let i = cladFloors; i <= builtFloors; i++) {
      const y = b.base - floorH * i;
      slabs += rectD(b.x - 3, y - floorH * 0.12, b.w + 6, floorH * 0.12);
      if (b.depth > 0) {
        slabs += poly([
          [xr, y - floorH * 0.12],
          [xr + dx, y - floorH * 0.12 + dy],
          [xr + dx, y + dy],
          [xr, y],
        ]);
      }
    }
    const bays = Math.max(2, Math.round(b.cols / 2));
    for (let c = 0; c <= bays; c++) {
      const cx = b.x + (b.w - floorH * 0.14) * (c / bays);
      slabs += rectD(cx, topBuilt, floorH * 0.14, topClad - topBuilt);
    }
    out += path(slabs, concrete);
    let under = "";
    for (let i = cladFloors; i <= builtFloors; i++) {
      under += rectD(b.x, b.base - floorH * i, b.w, floorH * 0.06);
    }
    out += path(under, col(s.shade(BRAND.concrete)));
    // formwork edge and safety barrier on the top deck
    out += rect(b.x - 3, topBuilt - floorH * 0.42, b.w + 6, floorH * 0.3, "none", {
      stroke: BRAND.amber,
      "stroke-width": Math.max(1.2, floorH * 0.05),
      "stroke-dasharray": `${f(floorH * 0.25)} ${f(floorH * 0.15)}`,
    });
    // rebar starters
    let rebar = "";
    for (let c = 0; c <= bays; c++) {
      const cx = b.x + (b.w - floorH * 0.14) * (c / bays) + floorH * 0.07;
      rebar += `M${f(cx - 3)} ${f(topBuilt)}v${f(-floorH * 0.5)}M${f(cx + 3)} ${f(topBuilt)}v${f(-floorH * 0.5)}`;
    }
    out += `<path d="${rebar}" stroke="${col("#6b4a3a")}" stroke-width="1.6"/>`;
  }
  return out;
}

function facadeMarkup(
  s: Scene,
  b: BlockSpec,
  top: number,
  floors: number,
  floorH: number,
  dx: number,
  dy: number,
  xr: number,
  haze: number,
): string {
  const r = b.r.fork("win");
  const col = (c: string) => (haze > 0 ? s.atmos(c, haze) : c);
  const dark = col(s.light.windowDark);
  const litC = col(s.light.windowLit);
  const litRatio = s.light.litRatio;
  const colW = b.w / b.cols;
  let darkD = "";
  let litD = "";
  let frameD = "";
  let sideD = "";
  let sideLitD = "";
  const sideCols = Math.max(1, Math.round((b.depth * 0.62) / colW));
  const add = (d: string, lit: boolean) => {
    if (lit) litD += d;
    else darkD += d;
  };
  let out = "";
  switch (b.facade) {
    case "curtain": {
      const id = s.uid("glass");
      s.defs.push(
        linearGradient(
          id,
          [
            [0, col(s.light.glass[1])],
            [0.55, col(mix(s.light.glass[0], s.light.glass[1], 0.35))],
            [1, col(s.light.glass[0])],
          ],
          { x1: 0, y1: 0, x2: 0.4, y2: 1 },
        ),
      );
      const m = Math.max(2, colW * 0.06);
      out += rect(b.x + m, top + m, b.w - 2 * m, b.base - top - 2 * m, `url(#${id})`);
      // lit offices at dusk
      for (let fl = 0; fl < floors; fl++) {
        for (let c = 0; c < b.cols; c++) {
          if (r.chance(litRatio * 0.8)) {
            litD += rectD(b.x + c * colW + m, b.base - (fl + 1) * floorH + m, colW - m, floorH - m);
          }
        }
      }
      for (let c = 1; c < b.cols; c++) frameD += `M${f(b.x + c * colW)} ${f(top)}V${f(b.base)}`;
      for (let fl = 1; fl < floors; fl++)
        frameD += `M${f(b.x)} ${f(b.base - fl * floorH)}H${f(b.x + b.w)}`;
      // side face glass
      const sg = col(darken(s.light.glass[0], 0.25));
      for (let fl = 0; fl < floors; fl++) {
        const y0 = b.base - (fl + 1) * floorH;
        sideD += poly([
          [xr + dx * 0.04, y0 + m + dy * 0.04],
          [xr + dx * 0.96, y0 + m + dy * 0.96],
          [xr + dx * 0.96, y0 + floorH + dy * 0.96],
          [xr + dx * 0.04, y0 + floorH + dy * 0.04],
        ]);
      }
      out += path(sideD, sg);
      sideD = "";
      break;
    }
    case "ribbon": {
      for (let fl = 0; fl < floors; fl++) {
        const y = b.base - (fl + 1) * floorH + floorH * 0.28;
        for (let c = 0; c < b.cols; c++) {
          add(rectD(b.x + c * colW + 1, y, colW - 2, floorH * 0.48), r.chance(litRatio));
        }
        for (let c = 0; c < sideCols; c++) {
          const t0 = c / sideCols;
          const t1 = (c + 0.9) / sideCols;
          sideD += poly([
            [xr + dx * t0, y + dy * t0],
            [xr + dx * t1, y + dy * t1],
            [xr + dx * t1, y + floorH * 0.48 + dy * t1],
            [xr + dx * t0, y + floorH * 0.48 + dy * t0],
          ]);
        }
      }
      break;
    }
    case "fins":
    case "punched":
    case "balcony": {
      const ww = b.facade === "fins" ? colW * 0.78 : colW * 0.5;
      const wh = b.facade === "fins" ? floorH * 0.7 : floorH * 0.52;
      for (let fl = 0; fl < floors; fl++) {
        const y = b.base - (fl + 1) * floorH + (floorH - wh) * 0.45;
        for (let c = 0; c < b.cols; c++) {
          const x = b.x + c * colW + (colW - ww) / 2;
          add(rectD(x, y, ww, wh), r.chance(litRatio));
          if (b.facade === "balcony" && c % 2 === 0 && fl > 0) {
            frameD += `M${f(x - colW * 0.15)} ${f(y + wh)}h${f(ww + colW * 0.3)}`;
          }
        }
        for (let c = 0; c < sideCols; c++) {
          const t0 = (c + 0.25) / sideCols;
          const t1 = (c + 0.75) / sideCols;
          const d = poly([
            [xr + dx * t0, y + dy * t0],
            [xr + dx * t1, y + dy * t1],
            [xr + dx * t1, y + wh + dy * t1],
            [xr + dx * t0, y + wh + dy * t0],
          ]);
          if (r.chance(litRatio * 0.6)) sideLitD += d;
          else sideD += d;
        }
      }
      if (b.facade === "fins") {
        for (let c = 0; c <= b.cols; c++) {
          frameD += rectD(b.x + c * colW - colW * 0.06, top, colW * 0.12, b.base - top);
        }
      }
      break;
    }
    case "blank":
      break;
  }
  out += path(darkD, dark);
  if (litD) out += path(litD, litC, { opacity: 0.92 });
  if (sideD) out += path(sideD, col(darken(s.light.windowDark, 0.2)));
  if (sideLitD) out += path(sideLitD, col(darken(s.light.windowLit, 0.15)));
  if (frameD) {
    const frameColor = col(
      b.facade === "curtain"
        ? mix(BRAND.navy, s.lit(b.material), 0.5)
        : lighten(s.lit(b.material), 0.25),
    );
    if (b.facade === "fins") out += path(frameD, col(lighten(s.lit(b.material), 0.2)));
    else
      out += `<path d="${frameD}" stroke="${frameColor}" stroke-width="${f(Math.max(1.2, colW * 0.05))}" fill="none"/>`;
  }
  if (b.facade === "blank" || floors < 3) return out;
  // ground-floor lobby band
  out += rect(
    b.x,
    b.base - floorH * 0.9,
    b.w,
    floorH * 0.9,
    col(mix(s.light.glass[0], BRAND.navy, 0.35)),
  );
  out += rect(b.x, b.base - floorH * 0.98, b.w, floorH * 0.12, col(s.lit(BRAND.concreteLight)));
  return out;
}
