/** Full-frame subjects that are not outdoor building scenes: blueprint sheets, meetings, safety gear. */

import { block } from "./block.ts";
import { clouds, dunes, farCity, ground, sky, sun, vignette } from "./env.ts";
import { cone, SKINS, siteOffice, towerCrane, worker } from "./props.ts";
import { createRng, type Rng } from "./rng.ts";
import { createScene, LIGHTS, type LightName } from "./scene.ts";
import {
  BRAND,
  circle,
  darken,
  ellipse,
  f,
  lighten,
  linearGradient,
  mix,
  path,
  poly,
  rect,
  rectD,
  svgDocument,
} from "./svg.ts";

export interface SpecialRequest {
  width: number;
  height: number;
  seed: number;
  variant: number;
}

/* ================================================================ blueprint */

interface Room {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Splits a rectangle into rooms; returns interior wall segments (with a door gap each). */
function partition(r: Rng, room: Room, depth: number, walls: number[][], doors: number[][]): void {
  const minSide = 120;
  if (depth <= 0 || (room.w < minSide * 2 && room.h < minSide * 2)) return;
  const vertical = room.w > room.h ? true : room.h > room.w ? false : r.chance(0.5);
  const side = vertical ? room.w : room.h;
  if (side < minSide * 2) return;
  const t = r.range(0.35, 0.65);
  const cut = Math.round((vertical ? room.x + room.w * t : room.y + room.h * t) / 10) * 10;
  const len = vertical ? room.h : room.w;
  const door = 50;
  const dp = r.range(20, len - door - 20);
  if (vertical) {
    walls.push([cut, room.y, cut, room.y + dp], [cut, room.y + dp + door, cut, room.y + room.h]);
    doors.push([cut, room.y + dp, door, 1]);
    partition(r, { x: room.x, y: room.y, w: cut - room.x, h: room.h }, depth - 1, walls, doors);
    partition(
      r,
      { x: cut, y: room.y, w: room.x + room.w - cut, h: room.h },
      depth - 1,
      walls,
      doors,
    );
  } else {
    walls.push([room.x, cut, room.x + dp, cut], [room.x + dp + door, cut, room.x + room.w, cut]);
    doors.push([room.x + dp, cut, door, 0]);
    partition(r, { x: room.x, y: room.y, w: room.w, h: cut - room.y }, depth - 1, walls, doors);
    partition(
      r,
      { x: room.x, y: cut, w: room.w, h: room.y + room.h - cut },
      depth - 1,
      walls,
      doors,
    );
  }
}

function dimension(x1: number, y1: number, x2: number, y2: number, offset: number): string {
  // horizontal or vertical dimension line with ticks and extension lines
  const horizontal = Math.abs(y2 - y1) < Math.abs(x2 - x1);
  let d = "";
  if (horizontal) {
    const y = y1 + offset;
    d += `M${f(x1)} ${f(y1 + Math.sign(offset) * 6)}V${f(y + Math.sign(offset) * 8)}M${f(x2)} ${f(y2 + Math.sign(offset) * 6)}V${f(y + Math.sign(offset) * 8)}`;
    d += `M${f(x1 - 8)} ${f(y)}H${f(x2 + 8)}`;
    d += `M${f(x1 - 6)} ${f(y + 6)}l12 -12M${f(x2 - 6)} ${f(y + 6)}l12 -12`;
  } else {
    const x = x1 + offset;
    d += `M${f(x1 + Math.sign(offset) * 6)} ${f(y1)}H${f(x + Math.sign(offset) * 8)}M${f(x2 + Math.sign(offset) * 6)} ${f(y2)}H${f(x + Math.sign(offset) * 8)}`;
    d += `M${f(x)} ${f(y1 - 8)}V${f(y2 + 8)}`;
    d += `M${f(x - 6)} ${f(y1 + 6)}l12 -12M${f(x - 6)} ${f(y2 + 6)}l12 -12`;
  }
  return d;
}

/** Short bars standing in for handwritten/CAD text. */
function textBars(
  r: Rng,
  x: number,
  y: number,
  w: number,
  lines: number,
  gap: number,
  h = 5,
): string {
  let d = "";
  for (let i = 0; i < lines; i++) d += rectD(x, y + i * gap, w * r.range(0.4, 1), h);
  return d;
}

export function composeBlueprint(req: SpecialRequest): string {
  const r = createRng(req.seed);
  const aspect = req.width / req.height;
  const H = 1000;
  const W = Math.round(H * aspect);
  const defs: string[] = [];
  const ink = "#eaf3fb";
  defs.push(
    linearGradient(
      "bpbg",
      [
        [0, "#22679a"],
        [1, "#143f63"],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ),
  );
  defs.push(
    `<pattern id="bpgrid" width="25" height="25" patternUnits="userSpaceOnUse"><path d="M25 0H0V25" fill="none" stroke="${ink}" stroke-width="0.6" opacity="0.12"/></pattern>`,
    `<pattern id="bpgrid2" width="125" height="125" patternUnits="userSpaceOnUse"><path d="M125 0H0V125" fill="none" stroke="${ink}" stroke-width="1" opacity="0.16"/></pattern>`,
  );
  let out =
    rect(0, 0, W, H, "url(#bpbg)") +
    rect(0, 0, W, H, "url(#bpgrid)") +
    rect(0, 0, W, H, "url(#bpgrid2)");
  // sheet frame
  out += `<rect x="30" y="30" width="${W - 60}" height="${H - 60}" fill="none" stroke="${ink}" stroke-width="3" opacity="0.9"/>`;
  out += `<rect x="44" y="44" width="${W - 88}" height="${H - 88}" fill="none" stroke="${ink}" stroke-width="1.2" opacity="0.6"/>`;
  // title block
  const tbW = Math.min(440, W * 0.3);
  const tbX = W - 44 - tbW;
  const tbY = H - 44 - 170;
  const tb = `M${tbX} ${tbY}H${W - 44}M${tbX} ${tbY}V${H - 44}M${tbX} ${tbY + 60}H${W - 44}M${tbX} ${tbY + 115}H${W - 44}M${tbX + tbW * 0.5} ${tbY + 60}V${H - 44}`;
  out += `<path d="${tb}" stroke="${ink}" stroke-width="1.6" fill="none" opacity="0.85"/>`;
  out += path(textBars(r, tbX + 80, tbY + 20, tbW - 110, 2, 16, 6), ink, { opacity: 0.7 });
  out += path(
    textBars(r, tbX + 14, tbY + 75, tbW * 0.4, 3, 12, 4) +
      textBars(r, tbX + tbW * 0.5 + 14, tbY + 75, tbW * 0.4, 3, 12, 4),
    ink,
    { opacity: 0.55 },
  );
  out += path(
    textBars(r, tbX + 14, tbY + 130, tbW * 0.4, 2, 14, 5) +
      textBars(r, tbX + tbW * 0.5 + 14, tbY + 130, tbW * 0.3, 2, 14, 5),
    ink,
    { opacity: 0.55 },
  );
  // brand mark in the title block: amber square with a white pillar glyph
  out += rect(tbX + 14, tbY + 12, 46, 38, BRAND.amber);
  out += path(
    rectD(tbX + 22, tbY + 20, 8, 22) +
      rectD(tbX + 34, tbY + 20, 8, 22) +
      rectD(tbX + 46, tbY + 20, 8, 22),
    BRAND.navy,
  );

  // ---- floor plan ----
  const planW = Math.min(W * 0.5, 760);
  const planH = Math.min(H * 0.56, planW * 0.68);
  const px = Math.round(W * 0.08 + 60);
  const py = Math.round(H * 0.2);
  const walls: number[][] = [];
  const doors: number[][] = [];
  partition(r, { x: px, y: py, w: planW, h: planH }, r.int(3, 4), walls, doors);
  // structural grid with bubbles
  const bays = r.int(3, 5);
  let axes = "";
  let bubbles = "";
  for (let i = 0; i <= bays; i++) {
    const ax = px + (planW * i) / bays;
    axes += `M${f(ax)} ${f(py - 70)}V${f(py + planH + 30)}`;
    bubbles += `M${f(ax - 14)} ${f(py - 84)}a14 14 0 1 0 28 0a14 14 0 1 0 -28 0`;
  }
  const rows = r.int(2, 3);
  for (let j = 0; j <= rows; j++) {
    const ay = py + (planH * j) / rows;
    axes += `M${f(px - 70)} ${f(ay)}H${f(px + planW + 30)}`;
    bubbles += `M${f(px - 98)} ${f(ay)}a14 14 0 1 0 28 0a14 14 0 1 0 -28 0`;
  }
  out += `<path d="${axes}" stroke="${ink}" stroke-width="1" stroke-dasharray="18 6 3 6" opacity="0.45"/>`;
  out += `<path d="${bubbles}" stroke="${ink}" stroke-width="1.6" fill="none" opacity="0.8"/>`;
  // columns
  let cols = "";
  for (let i = 0; i <= bays; i++)
    for (let j = 0; j <= rows; j++)
      cols += rectD(px + (planW * i) / bays - 9, py + (planH * j) / rows - 9, 18, 18);
  out += path(cols, ink, { opacity: 0.9 });
  // outer walls with window openings
  out += `<rect x="${px}" y="${py}" width="${f(planW)}" height="${f(planH)}" fill="none" stroke="${ink}" stroke-width="9"/>`;
  let win = "";
  for (let i = 0; i < bays; i++) {
    const wx = px + (planW * (i + 0.5)) / bays - 30;
    win += rectD(wx, py - 6, 60, 12) + rectD(wx, py + planH - 6, 60, 12);
  }
  out += path(win, "#1c5484");
  let winLines = "";
  for (let i = 0; i < bays; i++) {
    const wx = px + (planW * (i + 0.5)) / bays - 30;
    for (const wy of [py, py + planH])
      winLines += `M${f(wx)} ${f(wy - 5)}h60M${f(wx)} ${f(wy + 5)}h60M${f(wx)} ${f(wy)}h60`;
  }
  out += `<path d="${winLines}" stroke="${ink}" stroke-width="1.2"/>`;
  // interior walls and doors
  let wd = "";
  for (const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] of walls)
    wd += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
  out += `<path d="${wd}" stroke="${ink}" stroke-width="5" stroke-linecap="square"/>`;
  let dd = "";
  for (const [x = 0, y = 0, w = 0, v = 0] of doors) {
    if (v === 1)
      dd += `M${f(x)} ${f(y)}L${f(x + w)} ${f(y)}A${f(w)} ${f(w)} 0 0 1 ${f(x)} ${f(y + w)}`;
    else dd += `M${f(x)} ${f(y)}L${f(x)} ${f(y - w)}A${f(w)} ${f(w)} 0 0 1 ${f(x + w)} ${f(y)}`;
  }
  out += `<path d="${dd}" stroke="${ink}" stroke-width="1.4" fill="none" opacity="0.85"/>`;
  // stair
  const sx = px + planW - 150;
  const sy = py + planH - 110;
  let st = `M${sx} ${sy}h110v90h-110Z`;
  for (let i = 1; i < 10; i++) st += `M${sx + i * 11} ${sy}v90`;
  st += `M${sx} ${sy + 45}h110`;
  out += `<path d="${st}" stroke="${ink}" stroke-width="1.2" fill="none" opacity="0.8"/>`;
  // dimensions
  let dim = dimension(px, py, px + planW, py, -120);
  for (let i = 0; i < bays; i++)
    dim += dimension(
      px + (planW * i) / bays,
      py + planH,
      px + (planW * (i + 1)) / bays,
      py + planH,
      60,
    );
  dim += dimension(px + planW, py, px + planW, py + planH, 70);
  out += `<path d="${dim}" stroke="${ink}" stroke-width="1.3" fill="none"/>`;
  let labels = rectD(px + planW / 2 - 24, py - 134, 48, 6);
  for (let i = 0; i < bays; i++)
    labels += rectD(px + (planW * (i + 0.5)) / bays - 18, py + planH + 46, 36, 5);
  out += path(labels, ink, { opacity: 0.7 });
  // north arrow
  const nx = px - 40;
  const ny = py + planH + 110;
  out += circle(nx, ny, 26, "none", { stroke: ink, "stroke-width": 1.5 });
  out += path(
    poly([
      [nx, ny - 34],
      [nx + 10, ny + 10],
      [nx, ny + 2],
      [nx - 10, ny + 10],
    ]),
    ink,
  );

  // ---- elevation on the right ----
  const ex = px + planW + 170;
  const availW = tbX - ex + tbW - 40;
  if (availW > 200) {
    const ew = Math.min(availW - 40, 420);
    const floors = r.int(4, 7);
    const fh = Math.min(55, (tbY - 120 - 140) / floors);
    const eb = tbY - 60;
    let el = `M${f(ex - 40)} ${f(eb)}H${f(ex + ew + 40)}`;
    el += `M${f(ex)} ${f(eb)}V${f(eb - floors * fh)}H${f(ex + ew)}V${f(eb)}`;
    el += `M${f(ex - 6)} ${f(eb - floors * fh - 14)}H${f(ex + ew + 6)}V${f(eb - floors * fh)}H${f(ex - 6)}Z`;
    const wc = r.int(4, 6);
    for (let i = 0; i < floors; i++) {
      el += `M${f(ex)} ${f(eb - i * fh)}h${f(ew)}`;
      for (let c = 0; c < wc; c++) {
        const wx = ex + (ew * (c + 0.2)) / wc;
        el += `M${f(wx)} ${f(eb - i * fh - fh * 0.25)}h${f((ew / wc) * 0.6)}v${f(-fh * 0.5)}h${f(-(ew / wc) * 0.6)}Z`;
      }
    }
    out += `<path d="${el}" stroke="${ink}" stroke-width="1.6" fill="none" opacity="0.9"/>`;
    // level markers
    let lv = "";
    for (let i = 0; i <= floors; i++) {
      const y = eb - i * fh;
      lv += `M${f(ex - 36)} ${f(y)}l-8 -10h16Z`;
      lv += rectD(ex - 90, y - 14, 40, 4);
    }
    out += path(lv, ink, { opacity: 0.75 });
    out += path(textBars(r, ex, eb + 26, ew * 0.5, 1, 10, 7), ink, { opacity: 0.8 });
    // a detail callout
    out += circle(ex + ew * 0.8, eb - floors * fh * 0.5, 40, "none", {
      stroke: ink,
      "stroke-width": 1.4,
      "stroke-dasharray": "6 5",
    });
  }
  // amber review markup ("revision cloud")
  const cx = px + planW * r.range(0.2, 0.7);
  const cy = py + planH * r.range(0.3, 0.7);
  let cloud = "";
  const bumps = 12;
  for (let i = 0; i < bumps; i++) {
    const a1 = (i / bumps) * Math.PI * 2;
    const a2 = ((i + 1) / bumps) * Math.PI * 2;
    const x1 = cx + Math.cos(a1) * 80;
    const y1 = cy + Math.sin(a1) * 55;
    const x2 = cx + Math.cos(a2) * 80;
    const y2 = cy + Math.sin(a2) * 55;
    cloud += `${i === 0 ? `M${f(x1)} ${f(y1)}` : ""}A14 14 0 0 1 ${f(x2)} ${f(y2)}`;
  }
  out += `<path d="${cloud}" stroke="${BRAND.amber}" stroke-width="3" fill="none"/>`;
  out += path(
    poly([
      [cx + 86, cy - 60],
      [cx + 110, cy - 100],
      [cx + 134, cy - 60],
    ]),
    "none",
    { stroke: BRAND.amber, "stroke-width": 3 },
  );
  // drafting tools lying on the sheet: pencil and scale ruler
  const pa = r.range(-30, -15);
  out += `<g transform="translate(${f(W * 0.62)} ${f(H * 0.86)}) rotate(${f(pa)})">`;
  out +=
    rect(0, 0, 420, 26, "#f2a900") + rect(0, 0, 420, 8, "#ffc94a") + rect(0, 18, 420, 8, "#c98a00");
  out += path("M420 0L470 13L420 26Z", "#e9d3ae") + path("M458 10L470 13L458 16Z", "#333");
  out += rect(-30, 0, 30, 26, "#c0c5ca") + rect(-52, 2, 22, 22, "#e86a6a", { rx: 4 });
  out += `</g>`;
  out += `<g transform="translate(${f(W * 0.1)} ${f(H * 0.9)}) rotate(${f(r.range(-6, 4))})" opacity="0.95">`;
  out += path("M0 0H520L520 44L0 60Z", "#f1efe8");
  let ticks = "";
  for (let i = 0; i <= 52; i++) ticks += `M${i * 10} 0v${i % 5 === 0 ? 16 : 8}`;
  out += `<path d="${ticks}" stroke="#30465c" stroke-width="1.4"/>`;
  out += `</g>`;
  // soft light gradient like paper under a lamp
  defs.push(
    `<radialGradient id="bplamp" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></radialGradient>`,
  );
  out += rect(0, 0, W, H, "url(#bplamp)");
  return svgDocument(req.width, req.height, W, H, defs.join(""), out);
}

/* ================================================================ meeting */

export function composeMeeting(req: SpecialRequest): string {
  const r = createRng(req.seed);
  const aspect = req.width / req.height;
  const lightName: LightName = r.pick(["midday", "afternoon", "dusk", "midday"] as const);
  const s = createScene(aspect, r, LIGHTS[lightName], 0.7, `m${(req.seed % 997).toString(36)}`);
  const { W, H } = s;
  let out = "";
  // back wall and floor
  const wall = mix("#e8e4dc", s.light.litTint, 0.08);
  out += rect(0, 0, W, H * 0.72, wall);
  out += rect(0, H * 0.6, W, H * 0.12, darken(wall, 0.05));
  out += rect(0, H * 0.72, W, H * 0.28, "#b9a58a");
  // window with the site outside (nested svg clips the view)
  const wx = W * 0.08;
  const wy = H * 0.08;
  const ww = W * 0.5;
  const wh = H * 0.5;
  const outside = createScene(
    ww / wh,
    r.fork("out"),
    LIGHTS[lightName],
    0.8,
    `mo${(req.seed % 997).toString(36)}`,
  );
  let view =
    sky(outside) +
    sun(outside, 0.7) +
    clouds(outside, 2) +
    farCity(outside, { maxHeight: 200, haze: 0.4 }) +
    ground(outside);
  view += block(outside, {
    x: outside.W * 0.45,
    base: outside.horizon + 20,
    w: 380,
    h: 560,
    depth: 100,
    material: "#eeebe3",
    facade: "punched",
    floors: 16,
    cols: 9,
    stage: 0.55,
    r: r.fork("b"),
  });
  view += towerCrane(outside, outside.W * 0.3, outside.horizon + 20, 720, { dir: 1, jib: 520 });
  s.defs.push(...outside.defs);
  out += `<svg x="${f(wx)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}" viewBox="0 0 ${outside.W} ${outside.H}" preserveAspectRatio="xMidYMid slice">${view}</svg>`;
  // window frame and mullions
  out += `<path d="M${f(wx)} ${f(wy)}h${f(ww)}v${f(wh)}h${f(-ww)}ZM${f(wx + ww / 3)} ${f(wy)}v${f(wh)}M${f(wx + (2 * ww) / 3)} ${f(wy)}v${f(wh)}" stroke="#3d4752" stroke-width="10" fill="none"/>`;
  out += rect(wx - 12, wy + wh, ww + 24, 14, "#d5d0c6");
  // blinds shadow
  out += path(
    poly([
      [wx, wy],
      [wx + ww, wy],
      [wx + ww, wy + 30],
      [wx, wy + 30],
    ]),
    "#3d4752",
    { opacity: 0.6 },
  );
  // wall board with pinned drawings and a programme chart
  const bx = W * 0.64;
  const by = H * 0.1;
  const bw = W * 0.3;
  const bh = H * 0.42;
  out += rect(bx, by, bw, bh, "#fbfaf7", { stroke: "#8c939a", "stroke-width": 6 });
  out += rect(bx + 20, by + 20, bw * 0.45, bh * 0.5, "#1f5f8b");
  let sheet = "";
  for (let i = 0; i < 4; i++) sheet += `M${f(bx + 34)} ${f(by + 44 + i * 26)}h${f(bw * 0.45 - 30)}`;
  sheet += `M${f(bx + 50)} ${f(by + 40)}v${f(bh * 0.5 - 40)}`;
  out += `<path d="${sheet}" stroke="#eaf3fb" stroke-width="2" opacity="0.8"/>`;
  let gantt = "";
  for (let i = 0; i < 7; i++) {
    const start = r.range(0, 0.5);
    gantt += rectD(
      bx + bw * 0.55 + start * bw * 0.4,
      by + 30 + i * 22,
      bw * r.range(0.08, 0.2),
      12,
    );
  }
  out += path(gantt, BRAND.amber);
  out += path(rectD(bx + bw * 0.55, by + 24, 2, 160), "#8c939a");
  out += rect(bx + 20, by + bh * 0.62, bw - 40, bh * 0.3, "#e9dcc3");
  out += path(textBars(r, bx + 34, by + bh * 0.66, bw - 80, 4, 18, 6), "#8b7d66");
  for (const [px2, py2] of [
    [bx + 24, by + 24],
    [bx + 24 + bw * 0.45 - 8, by + 24],
  ] as const)
    out += circle(px2, py2, 6, "#d23b3b");
  // people behind the table
  const people = r.int(3, 4);
  const tableTop = H * 0.66;
  for (let i = 0; i < people; i++) {
    const x = W * (0.22 + (0.56 * i) / (people - 1));
    out += worker(s, x, tableTop + 150, 420, {
      helmet: i === 1 ? "#ffffff" : "none",
      vest: i % 2 === 0 ? "#f7b500" : "none",
      shirt: r.pick([BRAND.steel, "#e9e6df", BRAND.navy, "#6d7d8c"]),
      skin: r.pick(SKINS),
      pose: i === people - 1 ? "point" : "stand",
      facing: i < people / 2 ? 1 : -1,
    });
  }
  // table in perspective
  out += path(
    poly([
      [W * 0.08, H],
      [W * 0.2, tableTop],
      [W * 0.8, tableTop],
      [W * 0.92, H],
    ]),
    "#f4f1ea",
  );
  out += path(
    poly([
      [W * 0.2, tableTop],
      [W * 0.8, tableTop],
      [W * 0.81, tableTop + 12],
      [W * 0.19, tableTop + 12],
    ]),
    "#c9c3b7",
  );
  // drawings on the table
  out += `<g transform="translate(${f(W * 0.42)} ${f(H * 0.83)}) rotate(-4)">`;
  out += path(
    poly([
      [-260, 90],
      [-200, -80],
      [230, -80],
      [280, 90],
    ]),
    "#1f5f8b",
  );
  let lines2 = "";
  for (let i = 0; i < 5; i++) lines2 += `M${f(-180 + i * 90)} -70L${f(-220 + i * 110)} 80`;
  lines2 += "M-215 -10H250M-235 40H265";
  out += `<path d="${lines2}" stroke="#eaf3fb" stroke-width="2.2" opacity="0.75"/>`;
  out += `<path d="M-100 -40h120v60h-140Z" stroke="${BRAND.amber}" stroke-width="3" fill="none"/>`;
  out += `</g>`;
  // rolled drawings, hard hat, laptop, cup
  out += path(
    poly([
      [W * 0.68, H * 0.9],
      [W * 0.86, H * 0.8],
      [W * 0.87, H * 0.82],
      [W * 0.69, H * 0.92],
    ]),
    "#f1efe6",
  );
  out += circle(W * 0.865, H * 0.81, 12, "#dcd7ca");
  const hx = W * 0.17;
  const hy = H * 0.8;
  out += path(
    `M${f(hx - 70)} ${f(hy)}Q${f(hx - 66)} ${f(hy - 80)} ${f(hx)} ${f(hy - 82)}Q${f(hx + 66)} ${f(hy - 80)} ${f(hx + 70)} ${f(hy)}Z`,
    BRAND.amber,
  );
  out += path(
    `M${f(hx - 90)} ${f(hy)}h180q-6 14 -20 14h-140q-14 0 -20 -14Z`,
    darken(BRAND.amber, 0.15),
  );
  out += path(`M${f(hx - 8)} ${f(hy - 82)}h16v80h-16Z`, lighten(BRAND.amber, 0.25));
  const lx = W * 0.62;
  const ly = H * 0.74;
  out += path(
    poly([
      [lx, ly],
      [lx + 150, ly],
      [lx + 160, ly - 110],
      [lx + 10, ly - 110],
    ]),
    "#2b3036",
  );
  out += path(
    poly([
      [lx + 8, ly - 6],
      [lx + 142, ly - 6],
      [lx + 151, ly - 102],
      [lx + 17, ly - 102],
    ]),
    "#1f5f8b",
  );
  out += path(
    rectD(lx + 30, ly - 50, 16, 36) +
      rectD(lx + 56, ly - 70, 16, 56) +
      rectD(lx + 82, ly - 40, 16, 26) +
      rectD(lx + 108, ly - 80, 16, 66),
    BRAND.amber,
  );
  out += path(
    poly([
      [lx - 10, ly],
      [lx + 160, ly],
      [lx + 176, ly + 22],
      [lx - 26, ly + 22],
    ]),
    "#8d949b",
  );
  out +=
    rect(W * 0.3, H * 0.7, 36, 44, "#ffffff", { rx: 4 }) +
    ellipse(W * 0.3 + 18, H * 0.7, 18, 5, "#6b4a3a");
  out += vignette(s);
  return svgDocument(req.width, req.height, W, H, s.defs.join(""), out);
}

/* ================================================================ safety */

function pictogram(x: number, y: number, r: number, kind: number): string {
  let o =
    circle(x, y, r, "#1f5f8b") +
    circle(x, y, r * 0.86, "none", { stroke: "#ffffff", "stroke-width": r * 0.06 });
  const u = r / 10;
  switch (kind) {
    case 0: // helmet
      o += path(
        `M${f(x - 6 * u)} ${f(y + 2 * u)}Q${f(x - 6 * u)} ${f(y - 6 * u)} ${f(x)} ${f(y - 6 * u)}Q${f(x + 6 * u)} ${f(y - 6 * u)} ${f(x + 6 * u)} ${f(y + 2 * u)}Z`,
        "#ffffff",
      );
      o += rect(x - 7.5 * u, y + 2 * u, 15 * u, 2 * u, "#ffffff");
      break;
    case 1: // boot
      o += path(
        `M${f(x - 4 * u)} ${f(y - 6 * u)}h${f(5 * u)}v${f(7 * u)}l${f(5 * u)} ${f(2 * u)}v${f(3 * u)}h${f(-10 * u)}Z`,
        "#ffffff",
      );
      break;
    case 2: // vest
      o += path(
        `M${f(x - 5 * u)} ${f(y - 6 * u)}l${f(3 * u)} 0l${f(2 * u)} ${f(4 * u)}l${f(2 * u)} ${f(-4 * u)}l${f(3 * u)} 0l${f(1 * u)} ${f(12 * u)}h${f(-12 * u)}Z`,
        "#ffffff",
      );
      break;
    default: // gloves
      o += path(
        `M${f(x - 4 * u)} ${f(y + 6 * u)}v${f(-8 * u)}h${f(1.6 * u)}v${f(-3 * u)}h${f(1.6 * u)}v${f(3 * u)}h${f(1.6 * u)}v${f(-3.5 * u)}h${f(1.6 * u)}v${f(3.5 * u)}l${f(2.5 * u)} ${f(-2 * u)}l${f(1 * u)} ${f(1.2 * u)}l${f(-2 * u)} ${f(4 * u)}v${f(5 * u)}Z`,
        "#ffffff",
      );
  }
  return o;
}

export function composeSafety(req: SpecialRequest): string {
  const r = createRng(req.seed);
  const aspect = req.width / req.height;
  const lightName: LightName = r.pick(["midday", "afternoon", "dawn", "midday"] as const);
  const s = createScene(aspect, r, LIGHTS[lightName], 0.6, `h${(req.seed % 997).toString(36)}`);
  const { W, H } = s;
  let out =
    sky(s) +
    sun(s, r.range(0.6, 0.9)) +
    clouds(s, 3) +
    dunes(s, undefined, 50) +
    farCity(s, { maxHeight: 160, haze: 0.5 });
  out += `<g opacity="0.6">${block(s, { x: W * 0.55, base: s.horizon + 10, w: 320, h: 420, depth: 80, material: "#eeebe3", facade: "punched", floors: 14, cols: 8, stage: 0.5, haze: 0.3, r: r.fork("bb") })}${towerCrane(s, W * 0.5, s.horizon + 10, 480, { dir: -1, jib: 320, load: false })}</g>`;
  out += ground(s);
  out += siteOffice(s, W * 0.05, s.horizon + 60, 220, false);
  // jersey barriers
  let red = "";
  let white = "";
  const barY = s.horizon + 150;
  for (let i = 0; i < 12; i++) {
    const x = -20 + i * 150;
    const d = poly([
      [x, barY],
      [x + 20, barY - 70],
      [x + 120, barY - 70],
      [x + 140, barY],
    ]);
    if (i % 2 === 0) red += d;
    else white += d;
  }
  out += path(red, s.lit("#d64541")) + path(white, s.lit("#f4f4f2"));
  // safety sign board on posts
  const sx = W * 0.3;
  const sy = s.horizon - 60;
  const sw = 520;
  const sh = 260;
  out += path(
    rectD(sx + 40, sy + sh, 14, 240) + rectD(sx + sw - 54, sy + sh, 14, 240),
    s.shade("#8d949b"),
  );
  out += rect(sx, sy, sw, sh, "#ffffff", { stroke: "#c9ced3", "stroke-width": 4 });
  out += rect(sx, sy, sw, 50, BRAND.navy);
  out += rect(sx, sy + 50, sw, 8, BRAND.amber);
  for (let i = 0; i < 4; i++) out += pictogram(sx + 70 + i * 110, sy + 140, 44, i);
  out += path(
    poly([
      [sx + 200, sy + 244],
      [sx + 260, sy + 200],
      [sx + 320, sy + 244],
    ]),
    "none",
  );
  let bars = "";
  for (let i = 0; i < 4; i++) bars += rectD(sx + 40 + i * 110, sy + 204, 60, 8);
  out += path(bars, "#9aa3ab");
  // warning triangle sign on its own post
  const tx = W * 0.2;
  const ty = s.horizon + 20;
  out += rect(tx - 6, ty, 12, 150, s.shade("#8d949b"));
  out += path(
    poly([
      [tx, ty - 120],
      [tx + 80, ty + 15],
      [tx - 80, ty + 15],
    ]),
    "#1d1f22",
  );
  out += path(
    poly([
      [tx, ty - 100],
      [tx + 64, ty + 5],
      [tx - 64, ty + 5],
    ]),
    "#f2c200",
  );
  out += path(rectD(tx - 6, ty - 60, 12, 40) + rectD(tx - 6, ty - 12, 12, 12), "#1d1f22");
  // barrier tape
  const tapeY = s.H * 0.78;
  out += `<path d="M-20 ${f(tapeY)}Q${f(W / 2)} ${f(tapeY + 30)} ${f(W + 20)} ${f(tapeY - 10)}" stroke="${BRAND.amber}" stroke-width="22" fill="none"/>`;
  out += `<path d="M-20 ${f(tapeY)}Q${f(W / 2)} ${f(tapeY + 30)} ${f(W + 20)} ${f(tapeY - 10)}" stroke="#1d1f22" stroke-width="22" stroke-dasharray="22 22" fill="none"/>`;
  // cones in the foreground
  out += cone(W * 0.1, H - 40, 190) + cone(W * 0.22, H - 70, 150) + cone(W * 0.31, H - 90, 110);
  // big hard hat and folded vest on a pallet
  const hx = W * 0.76;
  const hy = H - 120;
  out +=
    rect(hx - 230, hy, 460, 30, "#b58a4e") +
    rect(hx - 230, hy + 30, 40, 30, "#8a6a3a") +
    rect(hx - 20, hy + 30, 40, 30, "#8a6a3a") +
    rect(hx + 190, hy + 30, 40, 30, "#8a6a3a");
  out += path(
    poly([
      [hx - 220, hy],
      [hx - 200, hy - 40],
      [hx + 10, hy - 40],
      [hx + 20, hy],
    ]),
    "#f7b500",
  );
  out += path(rectD(hx - 212, hy - 26, 226, 8) + rectD(hx - 214, hy - 12, 230, 8), "#e6e9ec");
  const helmet = s.lit(BRAND.amber);
  out += path(
    `M${f(hx - 10)} ${f(hy - 40)}Q${f(hx - 5)} ${f(hy - 240)} ${f(hx + 110)} ${f(hy - 244)}Q${f(hx + 225)} ${f(hy - 240)} ${f(hx + 230)} ${f(hy - 40)}Z`,
    helmet,
  );
  out += path(
    `M${f(hx + 92)} ${f(hy - 243)}h36q8 100 4 200h-44q-4 -100 4 -200Z`,
    lighten(helmet, 0.2),
  );
  out += path(
    `M${f(hx - 40)} ${f(hy - 40)}h300q-10 30 -40 30h-220q-30 0 -40 -30Z`,
    darken(helmet, 0.15),
  );
  out += path(
    `M${f(hx + 10)} ${f(hy - 120)}Q${f(hx + 40)} ${f(hy - 200)} ${f(hx + 90)} ${f(hy - 220)}`,
    "none",
    { stroke: "#ffffff", "stroke-width": 10, opacity: 0.4, "stroke-linecap": "round" },
  );
  out += vignette(s);
  return svgDocument(req.width, req.height, W, H, s.defs.join(""), out);
}
