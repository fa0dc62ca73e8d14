/** Maps a /storage URL to what should be drawn there: kind, subject, size and file format. */
import { SCENE_SUBJECTS } from "./compose.ts";
import { EQUIPMENT, type EquipmentKind } from "./equipment.ts";
import { ICONS } from "./icons.ts";
import { createRng, hashString } from "./rng.ts";

export type RasterFormat = "jpeg" | "webp" | "png" | "avif" | "gif" | "tiff";

export type AssetSpec =
  | {
      kind: "picture";
      subject: string;
      width: number;
      height: number;
      format: RasterFormat;
      /** 0 for covers, main pictures and banners; n for the n-th gallery picture. */
      variant: number;
      hero: boolean;
      seed: number;
    }
  | {
      kind: "certificate";
      number: string;
      year: string;
      width: number;
      height: number;
      format: RasterFormat;
      seed: number;
    }
  | { kind: "icon"; name: string; white: boolean; format: RasterFormat | "svg"; seed: number }
  | { kind: "pdf"; seed: number };

export const SPECIAL_SUBJECTS = ["blueprint", "meeting", "safety"] as const;

/** Every subject that has its own drawing. */
export const KNOWN_SUBJECTS: string[] = [
  ...Object.keys(SCENE_SUBJECTS),
  ...SPECIAL_SUBJECTS,
  ...EQUIPMENT,
];

/** Other words that mean a known subject. */
const SYNONYMS: Record<string, string> = {
  towers: "tower",
  skyscraper: "tower",
  highrise: "tower",
  city: "skyline",
  cityscape: "skyline",
  downtown: "skyline",
  urban: "skyline",
  riyadh: "skyline",
  jeddah: "skyline",
  dammam: "skyline",
  bridges: "bridge",
  flyover: "bridge",
  overpass: "bridge",
  viaduct: "bridge",
  construction: "site",
  works: "site",
  progress: "site",
  foundation: "site",
  foundations: "site",
  excavation: "site",
  earthworks: "site",
  structure: "site",
  cranes: "crane",
  road: "highway",
  roads: "highway",
  interchange: "highway",
  motorway: "highway",
  expressway: "highway",
  infrastructure: "highway",
  clinic: "hospital",
  medical: "hospital",
  healthcare: "hospital",
  university: "school",
  campus: "school",
  college: "school",
  education: "school",
  villas: "villa",
  residence: "villa",
  house: "villa",
  logistics: "warehouse",
  depot: "warehouse",
  distribution: "warehouse",
  masjid: "mosque",
  retail: "mall",
  shopping: "mall",
  commercial: "mall",
  water: "water-plant",
  desalination: "water-plant",
  treatment: "water-plant",
  sewage: "water-plant",
  wastewater: "water-plant",
  utilities: "water-plant",
  pumping: "water-plant",
  arena: "stadium",
  sports: "stadium",
  industrial: "factory",
  plant: "factory",
  manufacturing: "factory",
  residential: "housing",
  apartments: "housing",
  apartment: "housing",
  compound: "housing",
  homes: "housing",
  offices: "office",
  headquarters: "office",
  hq: "office",
  corporate: "office",
  hospitality: "hotel",
  resort: "hotel",
  tunnels: "tunnel",
  metro: "tunnel",
  rail: "tunnel",
  underpass: "tunnel",
  terminal: "airport",
  aviation: "airport",
  people: "team",
  staff: "team",
  workers: "team",
  engineers: "team",
  crew: "team",
  careers: "team",
  hse: "safety",
  ppe: "safety",
  helmet: "safety",
  meetings: "meeting",
  boardroom: "meeting",
  planning: "meeting",
  workshop: "meeting",
  management: "meeting",
  consulting: "meeting",
  consultancy: "meeting",
  design: "blueprint",
  drawing: "blueprint",
  drawings: "blueprint",
  plans: "blueprint",
  bim: "blueprint",
  architecture: "blueprint",
  engineering: "blueprint",
  digger: "excavator",
  dozer: "bulldozer",
  truck: "dump-truck",
  tipper: "dump-truck",
  hauler: "dump-truck",
  mixer: "concrete-mixer",
  compactor: "roller",
  genset: "generator",
};

const FOLDER_DEFAULTS: Record<string, readonly string[]> = {
  equipment: EQUIPMENT,
  hse: ["safety", "team", "site"],
  about: ["team", "skyline", "office"],
  overview: ["skyline", "site", "tower"],
  projects: ["site", "tower", "office", "bridge"],
  news: ["site", "crane", "team", "skyline"],
  services: ["site", "blueprint", "crane"],
  pages: ["skyline", "site", "tower"],
  banners: ["skyline", "site", "bridge", "tower"],
};
const GENERIC = ["skyline", "site", "tower", "office", "bridge", "highway"] as const;

const ISO_YEARS: Record<string, string> = {
  "9001": "2015",
  "14001": "2015",
  "45001": "2018",
  "50001": "2018",
  "27001": "2022",
  "37001": "2016",
  "19650": "2018",
};

const RASTER: Record<string, RasterFormat> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  webp: "webp",
  png: "png",
  avif: "avif",
  gif: "gif",
  tif: "tiff",
  tiff: "tiff",
};

/** The subject named at the end of a file name, or undefined. */
export function subjectOf(baseName: string): string | undefined {
  const tokens = baseName
    .toLowerCase()
    .split(/[-_\s.]+/)
    .filter(Boolean);
  for (let n = Math.min(3, tokens.length); n >= 1; n--) {
    const candidate = tokens.slice(tokens.length - n).join("-");
    if (KNOWN_SUBJECTS.includes(candidate)) return candidate;
  }
  const last = tokens[tokens.length - 1];
  if (last !== undefined && SYNONYMS[last]) return SYNONYMS[last];
  // any known word or synonym, scanning from the end
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i] ?? "";
    const pair = i > 0 ? `${tokens[i - 1]}-${t}` : "";
    if (pair && KNOWN_SUBJECTS.includes(pair)) return pair;
    if (KNOWN_SUBJECTS.includes(t)) return t;
    if (SYNONYMS[t]) return SYNONYMS[t];
  }
  return undefined;
}

/** Relative path inside the storage folder for a /storage URL, or null when it is not one (or unsafe). */
export function storageRelative(url: string): string | null {
  const clean = url.split(/[?#]/)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    return null;
  }
  const match = /^(?:https?:\/\/[^/]+)?\/storage\/(.+)$/.exec(decoded);
  const rel = match?.[1];
  if (!rel) return null;
  const parts = rel.split("/");
  if (
    parts.some((p) => p === "" || p === "." || p === ".." || p.includes("\\") || p.includes("\0"))
  )
    return null;
  return parts.join("/");
}

export function describe(rel: string): AssetSpec {
  const seed = hashString(rel);
  const parts = rel.split("/");
  const folder = (parts.length > 1 ? parts[0] : "")?.toLowerCase() ?? "";
  const file = parts[parts.length - 1] ?? rel;
  const dot = file.lastIndexOf(".");
  const ext = dot > 0 ? file.slice(dot + 1).toLowerCase() : "";
  const base = dot > 0 ? file.slice(0, dot) : file;
  const lower = base.toLowerCase();

  if (ext === "pdf") return { kind: "pdf", seed };

  if (ext === "svg" || folder === "icons") {
    const white = /-white$/.test(lower);
    const name = lower.replace(/-white$/, "");
    const known = ICONS[name]
      ? name
      : (Object.keys(ICONS).find((k) => name.split("-").includes(k)) ?? "building");
    return {
      kind: "icon",
      name: known,
      white,
      format: ext === "svg" ? "svg" : (RASTER[ext] ?? "png"),
      seed,
    };
  }

  const format: RasterFormat = RASTER[ext] ?? "png";
  const iso = /iso[-_]?(\d{4,5})(?:[-_:](\d{4}))?/.exec(lower);
  if (folder === "iso" || (iso && !subjectOf(lower))) {
    const number = iso?.[1] ?? "9001";
    return {
      kind: "certificate",
      number,
      year: iso?.[2] ?? ISO_YEARS[number] ?? "2015",
      width: 800,
      height: 1100,
      format,
      seed,
    };
  }

  let width = 1200;
  let height = 800;
  let variant = 0;
  let hero = false;
  const tokens = lower.split("-");
  if (folder === "banners") {
    width = 1920;
    height = 1080;
    hero = true;
  } else if (
    folder === "pages" ||
    ((folder === "services" || folder === "news") && tokens.includes("banner"))
  ) {
    width = 1920;
    height = 640;
    hero = true;
  } else if (folder === "equipment") {
    width = 800;
    height = 600;
  } else if (folder === "projects") {
    if (lower.startsWith("cover")) {
      width = 800;
      height = 600;
    } else {
      const n = /^(\d+)(?:-|$)/.exec(lower);
      if (n?.[1]) variant = Math.max(1, Number(n[1]));
    }
  }

  let subject = subjectOf(lower);
  if (!subject) {
    const choices = FOLDER_DEFAULTS[folder] ?? GENERIC;
    subject = createRng(seed).pick(choices);
  }
  // pictures of the same project share a seed so that a gallery shows one building
  let pictureSeed = seed;
  if (folder === "projects" && parts.length >= 3)
    pictureSeed = hashString(parts.slice(0, -1).join("/") + subject);
  return { kind: "picture", subject, width, height, format, variant, hero, seed: pictureSeed };
}

export function isEquipment(subject: string): subject is EquipmentKind {
  return (EQUIPMENT as readonly string[]).includes(subject);
}
