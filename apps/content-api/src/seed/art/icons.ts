/** 64×64 line icons (stroke 2.5, round caps): navy with an amber accent, or all white. */

interface IconPart {
  d: string;
  accent?: boolean;
  /** Filled instead of stroked (small dots and windows). */
  fill?: boolean;
}

/** Outline of a gear with `teeth` teeth, as path data. */
function gear(cx: number, cy: number, outer: number, inner: number, teeth: number): string {
  const pts: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    const corners: Array<[number, number]> = [
      [a - step * 0.25, inner],
      [a - step * 0.15, outer],
      [a + step * 0.15, outer],
      [a + step * 0.25, inner],
    ];
    for (const [ang, r] of corners) {
      pts.push(`${(cx + Math.cos(ang) * r).toFixed(1)} ${(cy + Math.sin(ang) * r).toFixed(1)}`);
    }
  }
  return `M${pts.join("L")}Z`;
}

export const ICONS: Record<string, IconPart[]> = {
  building: [
    { d: "M8 56H56" },
    { d: "M16 56V14L34 8V56" },
    { d: "M34 24H48V56" },
    { d: "M21 18h3M27 16h3M21 26h3M27 24h3M21 34h3M27 32h3M21 42h3M27 40h3" },
    { d: "M40 32h3M40 40h3", accent: true },
    { d: "M39 56v-8h6v8", accent: true },
  ],
  road: [
    { d: "M14 56L26 8M50 56L38 8" },
    { d: "M8 56H56" },
    { d: "M32 12v6M32 26v7M32 42v9", accent: true },
  ],
  bridge: [
    { d: "M4 38H60M4 44H60" },
    { d: "M8 38Q32 4 56 38", accent: true },
    { d: "M16 25V38M24 19V38M32 17V38M40 19V38M48 25V38" },
    { d: "M14 44V56M50 44V56" },
    { d: "M4 56c4 -3 8 -3 12 0s8 3 12 0s8 -3 12 0s8 3 12 0s8 -3 12 0" },
  ],
  mep: [{ d: gear(32, 32, 24, 19, 8) }, { d: "M34 14L26 33H34L30 50L40 28H32Z", accent: true }],
  consulting: [
    { d: "M8 12H40V32H22L14 40V32H8Z" },
    { d: "M46 22H56V46H50V54L42 46H28V38", accent: true },
    { d: "M15 20H33M15 26H27" },
  ],
  design: [
    { d: "M32 8V14" },
    { d: "M32 14L16 56M32 14L48 56" },
    { d: "M32 18a4 4 0 1 0 0 .1" },
    { d: "M20 44Q32 52 44 44", accent: true },
    { d: "M8 56H56" },
  ],
  maintenance: [
    {
      d: "M40 10a10 10 0 0 0 -9 14L10 45a5 5 0 0 0 7 7L38 31a10 10 0 0 0 14 -9l-7 4l-5 -5l4 -7a10 10 0 0 0 -4 -4Z",
    },
    {
      d: "M46 40v4M46 56v4M38 50h4M50 50h4M40 44l2.5 2.5M50 54l2.5 2.5M40 56l2.5 -2.5M50 46l2.5 -2.5",
      accent: true,
    },
    { d: "M46 46a4 4 0 1 1 0 8a4 4 0 1 1 0 -8", accent: true },
  ],
  management: [
    { d: "M16 12H48V58H16Z" },
    { d: "M26 8H38V16H26Z" },
    { d: "M22 28l3 3l5 -6M22 40l3 3l5 -6M22 52l3 3l5 -6", accent: true },
    { d: "M35 29H42M35 41H42M35 53H42" },
  ],
  steel: [
    { d: "M6 24H30V30H21V48H30V54H6V48H15V30H6Z" },
    {
      d: "M6 24L30 12H54L30 24M30 12V12M54 12V18L45 22.5M54 18L30 30M45 22.5V40.5M54 36V42L30 54M54 36L45 40.5",
    },
    { d: "M36 15h.1M44 15h.1", accent: true },
    { d: "M10 51h.1M26 51h.1M10 27h.1M26 27h.1", accent: true },
  ],
  water: [
    { d: "M32 6C24 18 16 26 16 36a16 16 0 0 0 32 0C48 26 40 18 32 6Z" },
    { d: "M24 38q4 -3 8 0t8 0", accent: true },
    { d: "M8 58c4 -3 8 -3 12 0s8 3 12 0s8 -3 12 0s8 3 12 0", accent: true },
  ],
  helmet: [
    { d: "M12 42C12 26 20 16 32 16S52 26 52 42" },
    { d: "M6 42H58V48H6Z" },
    { d: "M27 17V30M37 17V30", accent: true },
    { d: "M20 54H44" },
  ],
  quality: [
    { d: "M32 6L52 14V30C52 44 42 52 32 58C22 52 12 44 12 30V14Z" },
    { d: "M22 32l7 7l13 -14", accent: true },
  ],
  clock: [
    { d: "M32 8a24 24 0 1 0 0.1 0" },
    { d: "M32 18V32L42 38", accent: true },
    { d: "M32 12v3M32 49v3M12 32h3M49 32h3" },
  ],
  team: [
    { d: "M32 14a7 7 0 1 0 0.1 0", accent: true },
    { d: "M20 44a12 12 0 0 1 24 0V50H20Z", accent: true },
    { d: "M14 22a5 5 0 1 0 0.1 0M50 22a5 5 0 1 0 0.1 0" },
    { d: "M4 48V44a9 9 0 0 1 13 -8M60 48V44a9 9 0 0 0 -13 -8" },
    { d: "M8 56H56" },
  ],
  award: [
    { d: "M20 8H44V24a12 12 0 0 1 -24 0Z" },
    { d: "M20 12H10v4a10 10 0 0 0 10 10M44 12H54v4a10 10 0 0 1 -10 10" },
    { d: "M32 36V46M24 56H40M26 46H38L40 56H24Z" },
    {
      d: "M32 12l2.4 5l5.4 .6l-4 3.6l1.2 5.3l-5 -2.8l-5 2.8l1.2 -5.3l-4 -3.6l5.4 -.6Z",
      accent: true,
    },
  ],
  crane: [
    { d: "M18 58V12M24 58V12M18 18L24 24M24 30L18 36M18 42L24 48" },
    { d: "M6 12H58M10 12V16H16" },
    { d: "M21 12L21 4L50 12M21 4L8 12" },
    { d: "M46 12V30", accent: true },
    { d: "M40 30H52V38H40Z", accent: true },
    { d: "M10 58H32" },
  ],
};

/** Icon names that exist; anything else renders as the generic "building" icon. */
export function iconNames(): string[] {
  return Object.keys(ICONS);
}

export function renderIcon(name: string, white: boolean): string {
  const parts = ICONS[name] ?? ICONS.building ?? [];
  const navy = white ? "#ffffff" : "#0f2a44";
  const amber = white ? "#ffffff" : "#f2a900";
  const body = parts
    .map((p) => {
      const color = p.accent ? amber : navy;
      return p.fill ? `<path d="${p.d}" fill="${color}"/>` : `<path d="${p.d}" stroke="${color}"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" fill="none" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">${body}</svg>\n`;
}
