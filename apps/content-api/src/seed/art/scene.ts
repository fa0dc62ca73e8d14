/** The drawing context shared by all scene painters, and the light (time of day) presets. */
import type { Rng } from "./rng.ts";
import { mix } from "./svg.ts";

export type LightName = "dawn" | "midday" | "afternoon" | "dusk" | "night";

export interface Light {
  name: LightName;
  /** Sky gradient: top, middle, horizon. */
  sky: readonly [string, string, string];
  sun: string;
  /** Sun height above the horizon, as a fraction of the horizon height. */
  sunHeight: number;
  haze: string;
  /** Colour of the farthest silhouettes. */
  far: string;
  cloud: string;
  cloudOpacity: number;
  /** Tint added to faces that look at the sun, and its strength. */
  litTint: string;
  litAmount: number;
  /** Tint added to faces in shadow, and its strength. */
  shadeTint: string;
  shadeAmount: number;
  glass: readonly [string, string];
  windowDark: string;
  windowLit: string;
  /** Share of windows that glow. */
  litRatio: number;
  ground: readonly [string, string];
  asphalt: string;
  foliage: string;
  /** Ink for fine lines (cables, railings) against the sky. */
  ink: string;
}

export const LIGHTS: Record<LightName, Light> = {
  dawn: {
    name: "dawn",
    sky: ["#2e4d78", "#c99a93", "#f6d7ae"],
    sun: "#fff0cf",
    sunHeight: 0.12,
    haze: "#f7dcb7",
    far: "#a9a7b4",
    cloud: "#f7d2bf",
    cloudOpacity: 0.55,
    litTint: "#ffd09a",
    litAmount: 0.18,
    shadeTint: "#3a4d74",
    shadeAmount: 0.38,
    glass: ["#6d7f9c", "#e6b99a"],
    windowDark: "#3a4a66",
    windowLit: "#ffd27a",
    litRatio: 0.18,
    ground: ["#e2c9a0", "#b8946a"],
    asphalt: "#4a4c55",
    foliage: "#3e5e45",
    ink: "#2b3550",
  },
  midday: {
    name: "midday",
    sky: ["#2c6aa3", "#79b0da", "#dcebf3"],
    sun: "#fffdf0",
    sunHeight: 0.78,
    haze: "#e8f1f4",
    far: "#a8bccb",
    cloud: "#ffffff",
    cloudOpacity: 0.8,
    litTint: "#ffffff",
    litAmount: 0.08,
    shadeTint: "#2c4a6b",
    shadeAmount: 0.32,
    glass: ["#2f6a96", "#a9cde6"],
    windowDark: "#2f5878",
    windowLit: "#bfe0f2",
    litRatio: 0.1,
    ground: ["#ecdcbc", "#d3b98c"],
    asphalt: "#3f444b",
    foliage: "#3f6b3a",
    ink: "#24384f",
  },
  afternoon: {
    name: "afternoon",
    sky: ["#4a7fae", "#a9c6da", "#efe3c9"],
    sun: "#fff4d8",
    sunHeight: 0.45,
    haze: "#f1e6cf",
    far: "#b9bcb8",
    cloud: "#fff8ea",
    cloudOpacity: 0.7,
    litTint: "#ffe2a8",
    litAmount: 0.12,
    shadeTint: "#34506e",
    shadeAmount: 0.34,
    glass: ["#3d6f93", "#d8c9a8"],
    windowDark: "#34566f",
    windowLit: "#f6e0a6",
    litRatio: 0.08,
    ground: ["#ead6ae", "#cdae7c"],
    asphalt: "#44474c",
    foliage: "#46693b",
    ink: "#26384c",
  },
  dusk: {
    name: "dusk",
    sky: ["#0f2a44", "#5b4a78", "#f0975a"],
    sun: "#ffc67a",
    sunHeight: 0.05,
    haze: "#f3a86a",
    far: "#4b4766",
    cloud: "#f1a07a",
    cloudOpacity: 0.45,
    litTint: "#f2a25c",
    litAmount: 0.25,
    shadeTint: "#1a2440",
    shadeAmount: 0.55,
    glass: ["#2c3556", "#c8825e"],
    windowDark: "#262f4a",
    windowLit: "#ffc45e",
    litRatio: 0.45,
    ground: ["#9c7a62", "#4d3f44"],
    asphalt: "#2c2c38",
    foliage: "#2a2f3b",
    ink: "#161d33",
  },
  night: {
    name: "night",
    sky: ["#06111e", "#0f2a44", "#2a5f86"],
    sun: "#e9eef5",
    sunHeight: 0.7,
    haze: "#3f6e94",
    far: "#1d3a57",
    cloud: "#4f6f8f",
    cloudOpacity: 0.3,
    litTint: "#2a5f86",
    litAmount: 0.35,
    shadeTint: "#050d18",
    shadeAmount: 0.6,
    glass: ["#14263c", "#2f5f85"],
    windowDark: "#162537",
    windowLit: "#ffcf6b",
    litRatio: 0.6,
    ground: ["#34404c", "#141c25"],
    asphalt: "#1c2129",
    foliage: "#142028",
    ink: "#0a1420",
  },
};

export interface Scene {
  /** Virtual width; the height is always 1000 units. */
  W: number;
  H: number;
  horizon: number;
  rnd: Rng;
  light: Light;
  /** Gradient and pattern definitions collected while drawing. */
  defs: string[];
  uid(prefix: string): string;
  /** Material colour as seen on a face lit by the sun or in shade. */
  lit(material: string): string;
  shade(material: string): string;
  /** Push a colour toward the far haze (0 = unchanged, 1 = haze). */
  atmos(color: string, amount: number): string;
}

export function createScene(
  aspect: number,
  rnd: Rng,
  light: Light,
  horizonRatio: number,
  prefix: string,
): Scene {
  let counter = 0;
  const H = 1000;
  return {
    W: Math.round(H * aspect),
    H,
    horizon: Math.round(H * horizonRatio),
    rnd,
    light,
    defs: [],
    uid: (p) => `${prefix}${p}${counter++}`,
    lit: (m) => mix(m, light.litTint, light.litAmount),
    shade: (m) => mix(m, light.shadeTint, light.shadeAmount),
    atmos: (c, a) => mix(c, light.haze, a),
  };
}
