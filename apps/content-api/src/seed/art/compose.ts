/** Composes a full picture for a subject: sky, background, the subject, and foreground. */
import * as B from "./buildings.ts";
import {
  clouds,
  dunes,
  farCity,
  ground,
  hoarding,
  perspectiveRoad,
  road,
  sky,
  sun,
  vignette,
  water,
} from "./env.ts";
import { car, cone, palm, siteOffice, streetLight, towerCrane } from "./props.ts";
import { createRng, hashString } from "./rng.ts";
import { createScene, LIGHTS, type LightName, type Scene } from "./scene.ts";
import { svgDocument } from "./svg.ts";

export type Setting = "city" | "desert" | "water" | "road" | "site" | "people";

interface SubjectDef {
  paint: B.Painter;
  setting: Setting;
  /** Scale at which the subject fills a 3:2 frame nicely. */
  k: number;
  /** Subjects that are inherently about construction work. */
  building?: boolean;
}

export const SCENE_SUBJECTS: Record<string, SubjectDef> = {
  skyline: { paint: B.skyline, setting: "city", k: 0.72 },
  tower: { paint: B.tower, setting: "city", k: 0.78 },
  office: { paint: B.office, setting: "city", k: 1 },
  hotel: { paint: B.hotel, setting: "city", k: 0.8 },
  housing: { paint: B.housing, setting: "city", k: 1 },
  villa: { paint: B.villa, setting: "desert", k: 1.05 },
  hospital: { paint: B.hospital, setting: "city", k: 0.95 },
  school: { paint: B.school, setting: "city", k: 1 },
  warehouse: { paint: B.warehouse, setting: "desert", k: 0.95 },
  factory: { paint: B.factory, setting: "desert", k: 1 },
  mosque: { paint: B.mosque, setting: "city", k: 1 },
  mall: { paint: B.mall, setting: "city", k: 0.95 },
  "water-plant": { paint: B.waterPlant, setting: "desert", k: 0.95 },
  stadium: { paint: B.stadium, setting: "city", k: 0.95 },
  airport: { paint: B.airport, setting: "desert", k: 0.95 },
  site: { paint: B.site, setting: "site", k: 0.95, building: true },
  crane: { paint: B.craneSubject, setting: "site", k: 0.9, building: true },
  bridge: { paint: B.bridge, setting: "water", k: 0.9 },
  highway: { paint: B.highway, setting: "road", k: 1 },
  tunnel: { paint: B.tunnel, setting: "road", k: 1 },
  team: { paint: B.team, setting: "people", k: 1 },
};

export interface SceneRequest {
  subject: string;
  width: number;
  height: number;
  /** Seed (hash of the path). */
  seed: number;
  /** 0 for covers/main/banners; n for the n-th gallery picture. */
  variant: number;
  /** Hero banners keep the left side calm for overlaid text. */
  hero?: boolean;
}

const LIGHT_ORDER: LightName[] = [
  "midday",
  "dusk",
  "afternoon",
  "dawn",
  "midday",
  "dusk",
  "afternoon",
  "night",
];
const STAGES = [1, 0.4, 0.75, 1, 0.55, 1];

export function pickLight(seed: number, variant: number): LightName {
  return (
    LIGHT_ORDER[(seed + variant * 3) % (LIGHT_ORDER.length - (variant === 0 ? 1 : 0))] ?? "midday"
  );
}

export function composeScene(req: SceneRequest): string {
  const def = SCENE_SUBJECTS[req.subject] ?? SCENE_SUBJECTS.skyline;
  if (!def) throw new Error("scene registry is empty");
  const rnd = createRng(req.seed);
  const aspect = req.width / req.height;
  const light = LIGHTS[pickLight(req.seed, req.variant)];
  const panoramic = aspect > 2.2;
  const horizonRatio =
    def.setting === "people" ? 0.66 : panoramic ? 0.78 : aspect > 1.6 ? 0.74 : 0.72;
  const s = createScene(aspect, rnd, light, horizonRatio, `s${(req.seed % 997).toString(36)}`);
  const variant = req.variant;
  const stage = def.building ? 0.55 + 0.2 * rnd.next() : (STAGES[variant % STAGES.length] ?? 1);
  const zoom = variant > 0 && variant % 3 === 2 ? 1.3 : 1;
  const mirror = variant > 0 ? variant % 2 === 1 : rnd.chance(0.4);
  let k = def.k * zoom * 1.28;
  if (panoramic) k *= 1.12;
  if (aspect < 1.4) k *= 0.85;
  const base = s.horizon + (def.setting === "people" ? 150 : 40);
  let cx = s.W * (req.hero ? 0.64 : 0.5);
  if (zoom > 1) cx += s.W * 0.1 * (rnd.chance(0.5) ? 1 : -1);
  const placement: B.Placement = { cx, base, k, stage, r: rnd.fork("subject") };

  let body = sky(s) + sun(s) + clouds(s);
  body += background(s, def.setting, placement);
  body += def.paint(s, placement);
  body += foreground(s, def.setting, placement, req.subject);
  if (
    stage < 0.6 &&
    def.setting !== "site" &&
    def.setting !== "people" &&
    req.subject !== "skyline"
  ) {
    // early works: branded site hoarding and cones in front
    body += hoarding(s, -10, s.H - 95, s.W + 20, 80);
    const cr = rnd.fork("cones");
    for (let i = 0; i < 3; i++) body += cone(cr.range(40, s.W - 40), s.H - 4, 36);
  }
  body += vignette(s);
  if (mirror) body = `<g transform="translate(${s.W} 0) scale(-1 1)">${body}</g>`;
  return svgDocument(req.width, req.height, s.W, s.H, s.defs.join(""), body);
}

function background(s: Scene, setting: Setting, p: B.Placement): string {
  const r = s.rnd.fork("bg");
  let out = "";
  switch (setting) {
    case "city":
      out += farCity(s, { maxHeight: 220, haze: 0.45 });
      out += farCity(s, { maxHeight: 120, haze: 0.2, density: 1.4 });
      out += ground(s);
      break;
    case "desert":
      out += dunes(s, undefined, 70, "d1");
      out += farCity(s, {
        from: s.W * r.range(0, 0.5),
        to: s.W * r.range(0.6, 1),
        maxHeight: 90,
        haze: 0.55,
      });
      out += ground(s);
      break;
    case "water":
      out += farCity(s, { maxHeight: 180, haze: 0.5 });
      out += ground(s);
      out += water(s, s.horizon + 6, s.H);
      break;
    case "road":
      out += dunes(s, undefined, 90, "d2");
      out += farCity(s, { maxHeight: 150, haze: 0.5 });
      out += ground(s);
      out += perspectiveRoad(s, p.cx, p.cx - s.W * 0.55, p.cx + s.W * 0.55);
      break;
    case "site":
      out += farCity(s, { maxHeight: 200, haze: 0.45 });
      out += ground(s, [s.light.ground[0], s.light.ground[1]]);
      break;
    case "people": {
      out += farCity(s, { maxHeight: 180, haze: 0.5 });
      out += ground(s);
      // blurred-looking construction backdrop
      out += `<g opacity="0.55">${towerCrane(s, s.W * 0.2, s.horizon + 10, 420, { dir: 1, jib: 340, load: false })}${towerCrane(s, s.W * 0.85, s.horizon + 10, 470, { dir: -1, jib: 380, load: false })}</g>`;
      out += siteOffice(s, s.W * 0.05, s.horizon + 40, 200, true);
      break;
    }
  }
  return out;
}

function foreground(s: Scene, setting: Setting, p: B.Placement, subject: string): string {
  const r = s.rnd.fork("fg");
  let out = "";
  const roadY = p.base + 120;
  switch (setting) {
    case "city":
      if (subject === "mall" || subject === "school") break;
      if (roadY + 90 < s.H + 40) {
        out += road(s, roadY, 90, { lanes: 2 });
        for (let i = 0; i < 6; i++)
          if (r.chance(0.6))
            out += car(
              s,
              r.range(0, s.W),
              roadY + (r.chance(0.5) ? 40 : 84),
              110,
              r,
              r.chance(0.5) ? 1 : -1,
            );
      }
      for (let x = r.range(-50, 100); x < s.W; x += r.range(220, 420)) {
        out += palm(s, x, roadY - 6, r.range(170, 230), r);
        out += streetLight(s, x + 110, roadY - 6, 200, 1);
      }
      break;
    case "desert":
      for (let i = 0; i < 3; i++)
        out += palm(
          s,
          r.chance(0.5) ? r.range(0, s.W * 0.2) : r.range(s.W * 0.82, s.W),
          s.H - r.range(20, 80),
          r.range(220, 300),
          r,
        );
      break;
    case "site":
      out += hoarding(s, -10, s.H - 110, s.W + 20, 90);
      for (let i = 0; i < 4; i++) out += cone(r.range(40, s.W - 40), s.H - 6, 40);
      break;
    case "road":
      for (let i = 0; i < 5; i++) {
        const t = (i + 1) / 6;
        const y = s.horizon + (s.H - s.horizon) * t * t;
        out += streetLight(s, p.cx - s.W * 0.55 * t - 30 * t, y, 260 * t + 20, 1);
        out += streetLight(s, p.cx + s.W * 0.55 * t + 30 * t, y, 260 * t + 20, -1);
      }
      for (let i = 0; i < 3; i++) {
        const t = r.range(0.25, 0.85);
        const lane = r.pick([-0.35, -0.12, 0.12, 0.35]);
        out += car(
          s,
          p.cx + lane * s.W * 1.1 * t,
          s.horizon + (s.H - s.horizon) * t * t * 0.9 + 10,
          30 + 260 * t * t,
          r,
          r.chance(0.5) ? 1 : -1,
        );
      }
      break;
    case "water":
    case "people":
      break;
  }
  return out;
}

export function sceneSeed(path: string): number {
  return hashString(path);
}
