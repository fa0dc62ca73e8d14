/** Side views of construction machines, drawn in a local frame (ground at y = 0, about 1000 long). */
import { clouds, dunes, farCity, ground, sky, sun, vignette } from "./env.ts";
import { towerCrane } from "./props.ts";
import { createRng } from "./rng.ts";
import { createScene, LIGHTS, type LightName, type Scene } from "./scene.ts";
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

export const EQUIPMENT = [
  "excavator",
  "mobile-crane",
  "loader",
  "bulldozer",
  "dump-truck",
  "concrete-mixer",
  "roller",
  "generator",
] as const;
export type EquipmentKind = (typeof EQUIPMENT)[number];

interface Paint {
  body: string;
  bodyShade: string;
  dark: string;
  metal: string;
  glass: string;
  tyre: string;
  s: Scene;
}

interface Machine {
  /** Local bounding box: minX, minY (negative = up), maxX. */
  box: [number, number, number];
  draw(p: Paint): string;
}

/* ---------- parts ---------- */

function wheel(p: Paint, x: number, r: number, y = -r): string {
  let out = circle(x, y, r, p.tyre);
  // tread blocks
  let d = "";
  for (let i = 0; i < 20; i++) {
    const a = (i / 20) * Math.PI * 2;
    const x1 = x + Math.cos(a) * r * 0.92;
    const y1 = y + Math.sin(a) * r * 0.92;
    d += `M${f(x1)} ${f(y1)}L${f(x + Math.cos(a) * r)} ${f(y + Math.sin(a) * r)}`;
  }
  out += `<path d="${d}" stroke="${lighten(p.tyre, 0.15)}" stroke-width="${f(r * 0.08)}"/>`;
  out += circle(x, y, r * 0.62, lighten(p.tyre, 0.08));
  out += circle(x, y, r * 0.5, p.body);
  out += circle(x, y, r * 0.5, "none", { stroke: p.bodyShade, "stroke-width": r * 0.05 });
  let bolts = "";
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    bolts += rectD(
      x + Math.cos(a) * r * 0.33 - r * 0.03,
      y + Math.sin(a) * r * 0.33 - r * 0.03,
      r * 0.06,
      r * 0.06,
    );
  }
  out += path(bolts, p.dark);
  out += circle(x, y, r * 0.18, p.bodyShade) + circle(x, y, r * 0.09, p.dark);
  return out;
}

function track(p: Paint, x0: number, x1: number, h: number): string {
  const r = h / 2;
  let out = rect(x0, -h, x1 - x0, h, p.tyre, { rx: r });
  let pads = "";
  for (let x = x0 + r * 0.3; x < x1 - r * 0.3; x += h * 0.16)
    pads += `M${f(x)} ${f(-h)}v${f(h * 0.12)}M${f(x)} 0v${f(-h * 0.12)}`;
  out += `<path d="${pads}" stroke="${lighten(p.tyre, 0.2)}" stroke-width="${f(h * 0.05)}"/>`;
  out += rect(x0 + r * 0.5, -h * 0.82, x1 - x0 - r, h * 0.64, lighten(p.tyre, 0.1), {
    rx: h * 0.3,
  });
  out += circle(x0 + r, -r, r * 0.72, darken(p.metal, 0.35)) + circle(x0 + r, -r, r * 0.3, p.dark);
  out += circle(x1 - r, -r, r * 0.72, darken(p.metal, 0.35));
  let gear = "";
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    gear += `M${f(x1 - r + Math.cos(a) * r * 0.5)} ${f(-r + Math.sin(a) * r * 0.5)}L${f(x1 - r + Math.cos(a) * r * 0.75)} ${f(-r + Math.sin(a) * r * 0.75)}`;
  }
  out += `<path d="${gear}" stroke="${p.dark}" stroke-width="${f(r * 0.12)}"/>`;
  const rollers = Math.max(2, Math.floor((x1 - x0 - 2 * h) / (h * 0.55)));
  for (let i = 0; i < rollers; i++) {
    const rx = x0 + h + ((x1 - x0 - 2 * h) * (i + 0.5)) / rollers;
    out += circle(rx, -h * 0.3, h * 0.16, darken(p.metal, 0.3));
  }
  return out;
}

function cabin(
  p: Paint,
  pts: ReadonlyArray<readonly [number, number]>,
  glassInset: ReadonlyArray<readonly [number, number]>,
): string {
  let out = path(poly(pts), p.body);
  out += path(poly(glassInset), p.glass);
  // reflection streak
  const [a, b] = [glassInset[0], glassInset[1]];
  if (a && b) {
    const minY = Math.min(...glassInset.map((q) => q[1]));
    const maxY = Math.max(...glassInset.map((q) => q[1]));
    const minX = Math.min(...glassInset.map((q) => q[0]));
    const maxX = Math.max(...glassInset.map((q) => q[0]));
    const w = maxX - minX;
    out += path(
      poly([
        [minX + w * 0.2, maxY],
        [minX + w * 0.45, maxY],
        [minX + w * 0.75, minY],
        [minX + w * 0.55, minY],
      ]),
      "#ffffff",
      { opacity: 0.18 },
    );
  }
  return out;
}

function cylinder(p: Paint, x1: number, y1: number, x2: number, y2: number, w: number): string {
  const mx = x1 + (x2 - x1) * 0.55;
  const my = y1 + (y2 - y1) * 0.55;
  return `<path d="M${f(x1)} ${f(y1)}L${f(mx)} ${f(my)}" stroke="${p.dark}" stroke-width="${f(w)}" stroke-linecap="round"/><path d="M${f(mx)} ${f(my)}L${f(x2)} ${f(y2)}" stroke="${p.metal}" stroke-width="${f(w * 0.55)}" stroke-linecap="round"/>`;
}

function stripe(x: number, y: number, w: number, h: number): string {
  // black/amber hazard chevrons on a bumper
  let d = "";
  for (let i = 0; i < w; i += h)
    d += poly([
      [x + i, y + h],
      [x + i + h * 0.5, y],
      [x + i + h, y],
      [x + i + h * 0.5, y + h],
    ]);
  return rect(x, y, w, h, BRAND.amber) + path(d, "#1d1f22");
}

/* ---------- machines ---------- */

const MACHINES: Record<EquipmentKind, Machine> = {
  excavator: {
    box: [60, -640, 1020],
    draw: (p) => {
      let o = track(p, 80, 640, 120);
      o += rect(200, -150, 380, 34, p.dark);
      // house
      o += path(
        poly([
          [150, -150],
          [150, -300],
          [190, -330],
          [600, -330],
          [610, -150],
        ]),
        p.body,
      );
      o += path(
        poly([
          [150, -150],
          [150, -300],
          [190, -330],
          [260, -330],
          [260, -150],
        ]),
        p.bodyShade,
      );
      o +=
        rect(160, -290, 90, 10, p.dark) +
        rect(160, -265, 90, 10, p.dark) +
        rect(160, -240, 90, 10, p.dark);
      o += rect(290, -375, 14, 50, p.dark);
      o += cabin(
        p,
        [
          [420, -330],
          [420, -560],
          [450, -590],
          [590, -590],
          [600, -330],
        ],
        [
          [436, -350],
          [436, -550],
          [458, -572],
          [578, -572],
          [586, -350],
        ],
      );
      o += rect(420, -600, 185, 14, p.bodyShade, { rx: 4 });
      // boom and stick
      const boom = `M560 -220C620 -420 700 -600 840 -620L870 -580C760 -560 680 -420 620 -200Z`;
      o += path(boom, p.body);
      o += `<path d="M575 -240C630 -420 705 -585 842 -605" stroke="${p.bodyShade}" stroke-width="10" fill="none"/>`;
      o += path(
        poly([
          [830, -630],
          [880, -600],
          [960, -300],
          [925, -285],
        ]),
        p.body,
      );
      o += path(
        poly([
          [860, -610],
          [880, -600],
          [960, -300],
          [945, -294],
        ]),
        p.bodyShade,
      );
      o += cylinder(p, 560, -160, 720, -470, 30);
      o += cylinder(p, 700, -520, 860, -650, 24);
      o += cylinder(p, 880, -560, 950, -360, 22);
      o +=
        circle(560, -220, 20, p.dark) +
        circle(850, -600, 18, p.dark) +
        circle(945, -300, 16, p.dark);
      // bucket
      o += path("M930 -320Q1010 -300 1010 -200L990 -120L950 -110Q960 -200 905 -250Z", p.bodyShade);
      o += path("M990 -120l-10 22l-14 -18l-10 22l-12 -18Z", p.metal);
      return o;
    },
  },
  "mobile-crane": {
    box: [-20, -980, 1030],
    draw: (p) => {
      let o = "";
      // outriggers
      o +=
        rect(60, -150, 60, 20, p.dark) +
        rect(70, -130, 16, 110, p.metal) +
        rect(40, -24, 76, 24, p.dark);
      o +=
        rect(800, -150, 60, 20, p.dark) +
        rect(826, -130, 16, 110, p.metal) +
        rect(800, -24, 76, 24, p.dark);
      // carrier
      o += rect(30, -230, 830, 90, p.body);
      o += rect(30, -160, 830, 20, p.bodyShade);
      o += stripe(30, -142, 830, 14);
      for (const x of [150, 290, 560, 700]) o += wheel(p, x, 70);
      o += cabin(
        p,
        [
          [860, -140],
          [860, -360],
          [930, -370],
          [1010, -250],
          [1010, -140],
        ],
        [
          [875, -240],
          [875, -345],
          [925, -352],
          [985, -250],
        ],
      );
      o += rect(860, -140, 150, 30, p.dark);
      o += wheel(p, 930, 70);
      // superstructure
      o += rect(320, -290, 330, 60, p.body);
      o += rect(250, -330, 120, 100, p.bodyShade);
      o += rect(255, -320, 110, 12, p.dark) + rect(255, -295, 110, 12, p.dark);
      o += cabin(
        p,
        [
          [560, -290],
          [560, -400],
          [640, -400],
          [660, -290],
        ],
        [
          [572, -300],
          [572, -388],
          [632, -388],
          [646, -300],
        ],
      );
      // telescopic boom, raised
      const ang = -56;
      o += `<g transform="translate(480 -300) rotate(${ang})">`;
      o += rect(-40, -32, 440, 64, p.body, { rx: 6 });
      o += rect(-40, 8, 440, 24, p.bodyShade);
      o += rect(390, -26, 240, 52, lighten(p.body, 0.1));
      o += rect(620, -20, 170, 40, lighten(p.body, 0.2));
      o += rect(780, -24, 36, 48, p.dark, { rx: 8 });
      o += `</g>`;
      o += cylinder(p, 430, -240, 600, -500, 36);
      o += circle(480, -300, 24, p.dark);
      // hook line from the boom tip
      const a = (ang * Math.PI) / 180;
      const tx = 480 + Math.cos(a) * 800;
      const ty = -300 + Math.sin(a) * 800;
      o += `<path d="M${f(tx)} ${f(ty + 20)}V-470" stroke="${p.dark}" stroke-width="4"/>`;
      o +=
        rect(tx - 22, -480, 44, 50, p.body, { rx: 6 }) +
        path(`M${f(tx)} -430q0 30 -20 30q-16 0 -16 -16`, "none", {
          stroke: p.dark,
          "stroke-width": 8,
        });
      return o;
    },
  },
  loader: {
    box: [0, -600, 1050],
    draw: (p) => {
      let o = "";
      // rear body
      o += path(
        poly([
          [20, -170],
          [20, -340],
          [60, -380],
          [420, -380],
          [440, -170],
        ]),
        p.body,
      );
      o += path(
        poly([
          [20, -170],
          [20, -340],
          [60, -380],
          [120, -380],
          [120, -170],
        ]),
        p.bodyShade,
      );
      for (let i = 0; i < 5; i++) o += rect(150 + i * 40, -350, 22, 120, p.dark, { opacity: 0.7 });
      o += rect(110, -440, 16, 70, p.dark);
      o += cabin(
        p,
        [
          [400, -380],
          [420, -600],
          [620, -600],
          [630, -300],
          [440, -300],
        ],
        [
          [418, -395],
          [434, -582],
          [606, -582],
          [612, -320],
          [452, -320],
        ],
      );
      o += rect(395, -612, 245, 18, p.bodyShade, { rx: 4 });
      // front frame and lift arms
      o += path(
        poly([
          [440, -170],
          [440, -320],
          [700, -320],
          [760, -170],
        ]),
        p.body,
      );
      o += path(
        poly([
          [560, -330],
          [600, -360],
          [900, -200],
          [880, -150],
        ]),
        p.bodyShade,
      );
      o += cylinder(p, 600, -250, 860, -300, 30);
      // bucket
      o += path(
        "M860 -360Q1040 -360 1040 -210L1040 -40L850 -40L870 -120Q880 -260 860 -360Z",
        p.body,
      );
      o += path("M1040 -210L1040 -40L850 -40L860 -80L1010 -80Z", p.bodyShade);
      o += rect(845, -48, 205, 14, p.metal);
      o += wheel(p, 250, 150) + wheel(p, 700, 150);
      o +=
        path("M130 -300a130 130 0 0 1 240 0Z", p.bodyShade) +
        path("M580 -300a130 130 0 0 1 240 0Z", p.bodyShade, { opacity: 0.9 });
      return o;
    },
  },
  bulldozer: {
    box: [-40, -560, 1010],
    draw: (p) => {
      let o = track(p, 130, 800, 150);
      // ripper
      o += path(
        poly([
          [60, -300],
          [150, -250],
          [150, -200],
          [60, -240],
        ]),
        p.body,
      );
      o += path(
        poly([
          [40, -250],
          [70, -250],
          [60, -40],
          [20, -20],
        ]),
        p.dark,
      );
      // body and hood
      o += path(
        poly([
          [150, -170],
          [150, -360],
          [690, -330],
          [760, -300],
          [760, -170],
        ]),
        p.body,
      );
      o += path(
        poly([
          [150, -170],
          [150, -360],
          [280, -352],
          [280, -170],
        ]),
        p.bodyShade,
      );
      for (let i = 0; i < 6; i++) o += rect(470 + i * 38, -320, 20, 110, p.dark, { opacity: 0.7 });
      o += rect(620, -400, 18, 70, p.dark);
      // cab with ROPS
      o += cabin(
        p,
        [
          [250, -356],
          [270, -560],
          [480, -560],
          [500, -345],
        ],
        [
          [268, -370],
          [284, -545],
          [466, -545],
          [482, -360],
        ],
      );
      o += rect(240, -575, 270, 18, p.bodyShade, { rx: 4 });
      // push arm and blade
      o += path(
        poly([
          [520, -180],
          [880, -220],
          [880, -170],
          [520, -130],
        ]),
        p.bodyShade,
      );
      o += cylinder(p, 700, -330, 880, -300, 26);
      o += path("M880 -400Q960 -360 960 -200Q960 -60 900 -10L860 -10Q900 -120 870 -400Z", p.body);
      o += path("M900 -10L960 -10L960 -40L905 -40Z", p.metal);
      o += path("M880 -400Q940 -360 945 -210", "none", { stroke: p.bodyShade, "stroke-width": 14 });
      return o;
    },
  },
  "dump-truck": {
    box: [0, -520, 1040],
    draw: (p) => {
      let o = "";
      o += rect(40, -200, 840, 50, p.dark);
      o += stripe(40, -160, 120, 16);
      // tipper body, slightly raised
      o += `<g transform="rotate(-6 80 -200)">`;
      o += path(
        poly([
          [60, -210],
          [40, -470],
          [760, -470],
          [730, -210],
        ]),
        p.body,
      );
      o += path(
        poly([
          [40, -470],
          [760, -470],
          [760, -500],
          [40, -500],
        ]),
        p.bodyShade,
      );
      let ribs = "";
      for (let i = 0; i < 6; i++) ribs += rectD(110 + i * 110, -470, 20, 255);
      o += path(ribs, p.bodyShade);
      o += path(
        poly([
          [760, -500],
          [820, -500],
          [820, -470],
          [760, -430],
        ]),
        p.bodyShade,
      );
      o += `</g>`;
      o += cylinder(p, 560, -190, 600, -320, 34);
      o += cabin(
        p,
        [
          [780, -160],
          [780, -430],
          [900, -450],
          [1030, -300],
          [1030, -160],
        ],
        [
          [800, -300],
          [800, -410],
          [895, -425],
          [995, -300],
        ],
      );
      o += rect(780, -180, 250, 24, p.dark);
      o += rect(1000, -230, 36, 50, p.metal);
      o += wheel(p, 190, 85) + wheel(p, 370, 85) + wheel(p, 900, 85);
      return o;
    },
  },
  "concrete-mixer": {
    box: [0, -560, 1040],
    draw: (p) => {
      let o = "";
      o += rect(40, -210, 820, 50, p.dark);
      // drum on its frame
      o += path(
        poly([
          [140, -210],
          [160, -330],
          [220, -330],
          [220, -210],
        ]),
        p.metal,
      );
      o += path(
        poly([
          [640, -210],
          [660, -300],
          [720, -300],
          [740, -210],
        ]),
        p.metal,
      );
      o += `<g transform="rotate(-10 450 -370)">`;
      const drum =
        "M120 -370Q120 -520 300 -540L640 -520Q760 -500 780 -400Q790 -330 760 -300L640 -250Q520 -220 300 -220Q120 -230 120 -370Z";
      o += path(drum, p.body);
      o += path(
        "M120 -370Q120 -250 300 -220Q520 -220 640 -250L760 -300Q790 -330 780 -360L300 -330Z",
        p.bodyShade,
      );
      let spiral = "";
      for (let i = 0; i < 5; i++) {
        const x = 210 + i * 115;
        spiral += `M${f(x)} -535L${f(x + 80)} -235L${f(x + 118)} -236L${f(x + 38)} -538Z`;
      }
      o += path(spiral, BRAND.navy, { opacity: 0.85 });
      o += rect(60, -410, 70, 90, p.metal, { rx: 10 });
      o += `</g>`;
      o += path("M70 -300L20 -200L40 -190L95 -280Z", p.metal);
      o += rect(660, -330, 110, 26, p.dark, { rx: 12 });
      o += cabin(
        p,
        [
          [800, -170],
          [800, -430],
          [910, -450],
          [1030, -310],
          [1030, -170],
        ],
        [
          [818, -310],
          [818, -410],
          [905, -425],
          [995, -310],
        ],
      );
      o += rect(800, -190, 230, 24, p.dark);
      o += wheel(p, 200, 85) + wheel(p, 380, 85) + wheel(p, 910, 85);
      return o;
    },
  },
  roller: {
    box: [0, -650, 1000],
    draw: (p) => {
      let o = "";
      o += path(
        poly([
          [80, -170],
          [80, -380],
          [120, -400],
          [620, -400],
          [660, -170],
        ]),
        p.body,
      );
      o += path(
        poly([
          [80, -170],
          [80, -380],
          [120, -400],
          [200, -400],
          [200, -170],
        ]),
        p.bodyShade,
      );
      for (let i = 0; i < 5; i++) o += rect(230 + i * 36, -370, 20, 110, p.dark, { opacity: 0.7 });
      // ROPS canopy
      o += `<path d="M300 -400V-640M560 -400V-640" stroke="${p.dark}" stroke-width="18"/>`;
      o += rect(280, -660, 300, 30, p.bodyShade, { rx: 6 });
      o += rect(380, -470, 100, 70, p.dark, { rx: 6 });
      // front drum and yoke
      o += path(
        poly([
          [620, -380],
          [820, -380],
          [900, -170],
          [660, -170],
        ]),
        p.body,
      );
      o += circle(790, -160, 160, p.metal);
      o += circle(790, -160, 160, "none", { stroke: darken(p.metal, 0.25), "stroke-width": 10 });
      o +=
        circle(790, -160, 90, darken(p.metal, 0.12)) +
        circle(790, -160, 40, p.body) +
        circle(790, -160, 16, p.dark);
      o += path(
        poly([
          [640, -330],
          [940, -330],
          [940, -300],
          [640, -300],
        ]),
        p.bodyShade,
      );
      o += wheel(p, 240, 150);
      return o;
    },
  },
  generator: {
    box: [20, -560, 980],
    draw: (p) => {
      let o = "";
      o += rect(60, -140, 880, 40, p.dark);
      o += rect(440, -100, 100, 30, p.dark);
      o += wheel(p, 330, 80, -70) + wheel(p, 520, 80, -70);
      o += rect(900, -120, 80, 14, p.metal);
      // enclosure
      o += rect(80, -480, 840, 340, p.body, { rx: 8 });
      o += rect(80, -480, 840, 30, p.bodyShade, { rx: 8 });
      let louvres = "";
      for (const bx of [130, 660])
        for (let i = 0; i < 9; i++) louvres += rectD(bx, -420 + i * 28, 200, 12);
      o += path(louvres, p.bodyShade);
      o += rect(380, -420, 110, 240, lighten(p.body, 0.08), {
        stroke: p.bodyShade,
        "stroke-width": 6,
      });
      o += rect(510, -420, 110, 240, lighten(p.body, 0.08), {
        stroke: p.bodyShade,
        "stroke-width": 6,
      });
      o += rect(470, -310, 12, 40, p.dark) + rect(518, -310, 12, 40, p.dark);
      o += rect(400, -400, 70, 50, p.dark, { rx: 4 });
      o += rect(410, -390, 50, 20, "#7fd17f");
      // exhaust and lifting eyes
      o += rect(760, -560, 36, 80, p.metal) + rect(752, -566, 52, 12, p.dark);
      o += `<path d="M150 -480a20 20 0 0 1 40 0M810 -480a20 20 0 0 1 40 0" stroke="${p.dark}" stroke-width="8" fill="none"/>`;
      o += stripe(80, -160, 840, 16);
      return o;
    },
  },
};

export interface EquipmentRequest {
  kind: EquipmentKind;
  width: number;
  height: number;
  seed: number;
}

export function composeEquipment(req: EquipmentRequest): string {
  const rnd = createRng(req.seed);
  const lightName: LightName = rnd.pick([
    "midday",
    "afternoon",
    "midday",
    "dawn",
    "afternoon",
  ] as const);
  const light = LIGHTS[lightName];
  const aspect = req.width / req.height;
  const s = createScene(aspect, rnd, light, 0.66, `e${(req.seed % 997).toString(36)}`);
  let body = sky(s) + sun(s, rnd.range(0.6, 0.9)) + clouds(s, 3);
  body += dunes(s, undefined, 60, "ed");
  body += farCity(s, { maxHeight: 150, haze: 0.55 });
  body += `<g opacity="0.5">${towerCrane(s, s.W * rnd.range(0.12, 0.3), s.horizon + 6, 420, { dir: 1, jib: 300, load: false })}</g>`;
  body += ground(s, [mix("#d9c29a", light.ground[0], 0.5), mix("#b08e63", light.ground[1], 0.5)]);
  // tyre ruts and a spoil heap
  body += `<path d="M-20 ${f(s.H - 60)}Q${f(s.W / 2)} ${f(s.H - 140)} ${f(s.W + 20)} ${f(s.H - 90)}M-20 ${f(s.H - 30)}Q${f(s.W / 2)} ${f(s.H - 110)} ${f(s.W + 20)} ${f(s.H - 60)}" stroke="${darken(light.ground[1], 0.12)}" stroke-width="10" fill="none" opacity="0.35"/>`;
  const heapX = rnd.chance(0.5) ? s.W * 0.08 : s.W * 0.92;
  body += path(
    `M${f(heapX - 220)} ${f(s.horizon + 90)}Q${f(heapX)} ${f(s.horizon - 60)} ${f(heapX + 220)} ${f(s.horizon + 90)}Z`,
    mix("#b4915f", light.ground[1], 0.3),
  );

  const machine = MACHINES[req.kind];
  const paint: Paint = {
    body: s.lit("#f2b20a"),
    bodyShade: s.shade("#f2b20a"),
    dark: "#23272c",
    metal: s.lit("#c3c8cd"),
    glass: "",
    tyre: "#1e2125",
    s,
  };
  const gid = s.uid("eg");
  s.defs.push(
    linearGradient(
      gid,
      [
        [0, lighten(light.glass[1], 0.2)],
        [1, darken(light.glass[0], 0.35)],
      ],
      { x1: 0, y1: 0, x2: 0.6, y2: 1 },
    ),
  );
  paint.glass = `url(#${gid})`;
  const [minX, minY, maxX] = machine.box;
  const baseY = s.H - 150;
  const scale = Math.min((s.W * 0.8) / (maxX - minX), (baseY - 90) / -minY);
  const ox = (s.W - (maxX - minX) * scale) / 2 - minX * scale;
  body += ellipse(
    ox + ((minX + maxX) / 2) * scale,
    baseY + 4,
    ((maxX - minX) / 2) * scale * 1.05,
    26,
    "#000000",
    { opacity: 0.22 },
  );
  const flip = rnd.chance(0.3);
  const transform = flip
    ? `translate(${f(s.W - ox)} ${f(baseY)}) scale(${(-scale).toFixed(4)} ${scale.toFixed(4)})`
    : `translate(${f(ox)} ${f(baseY)}) scale(${scale.toFixed(4)})`;
  body += `<g transform="${transform}">${machine.draw(paint)}</g>`;
  body += vignette(s);
  return svgDocument(req.width, req.height, s.W, s.H, s.defs.join(""), body);
}
