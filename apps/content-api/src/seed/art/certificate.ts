/** ISO certificate pictures (portrait), with a guilloche border and an embossed-looking seal. */
import { text, wrap } from "./fonts.ts";
import { createRng, hashString } from "./rng.ts";
import { BRAND, circle, f, path, rect } from "./svg.ts";

export const STANDARDS: Record<string, string> = {
  "9001": "Quality Management Systems",
  "14001": "Environmental Management Systems",
  "45001": "Occupational Health and Safety Management Systems",
  "50001": "Energy Management Systems",
  "27001": "Information Security Management Systems",
  "37001": "Anti-bribery Management Systems",
  "19650": "Information Management using Building Information Modelling",
};

export const COMPANY = "Arkan Contracting & Engineering Consultants";
export const CERTIFIER = "Gulf Certification Bureau";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Points along a rounded rectangle's centre line, with inward normals. */
function frameWave(
  x: number,
  y: number,
  w: number,
  h: number,
  amp: number,
  wavelength: number,
  phase: number,
): string {
  const per = 2 * (w + h);
  const step = 2;
  let d = "";
  for (let t = 0; t <= per; t += step) {
    let px: number;
    let py: number;
    let nx: number;
    let ny: number;
    if (t < w) {
      px = x + t;
      py = y;
      nx = 0;
      ny = 1;
    } else if (t < w + h) {
      px = x + w;
      py = y + (t - w);
      nx = -1;
      ny = 0;
    } else if (t < 2 * w + h) {
      px = x + w - (t - w - h);
      py = y + h;
      nx = 0;
      ny = -1;
    } else {
      px = x;
      py = y + h - (t - 2 * w - h);
      nx = 1;
      ny = 0;
    }
    const o = amp * Math.sin((t / wavelength) * Math.PI * 2 + phase);
    d += `${t === 0 ? "M" : "L"}${f(px + nx * o)} ${f(py + ny * o)}`;
  }
  return `${d}Z`;
}

/** A hypotrochoid rosette (spirograph), typical of security printing. */
function rosette(
  cx: number,
  cy: number,
  R: number,
  r: number,
  d: number,
  scale: number,
  turns: number,
  rot = 0,
): string {
  let out = "";
  const steps = 720;
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps) * Math.PI * 2 * turns;
    const x = (R - r) * Math.cos(t) + d * Math.cos(((R - r) / r) * t);
    const y = (R - r) * Math.sin(t) - d * Math.sin(((R - r) / r) * t);
    const xr = x * Math.cos(rot) - y * Math.sin(rot);
    const yr = x * Math.sin(rot) + y * Math.cos(rot);
    out += `${i === 0 ? "M" : "L"}${f(cx + xr * scale)} ${f(cy + yr * scale)}`;
  }
  return out;
}

export function renderCertificate(
  number: string,
  year: string,
  width: number,
  height: number,
  seedPath: string,
): string {
  const W = 800;
  const H = 1100;
  const r = createRng(hashString(seedPath));
  const standard = STANDARDS[number] ?? "Management System";
  const navy = BRAND.navy;
  const steel = BRAND.steel;
  const amber = BRAND.amber;
  const grey = "#5b6670";
  let out = "";
  const defs = `<radialGradient id="paper" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#fffdf7"/><stop offset="1" stop-color="#f1ebdc"/></radialGradient><radialGradient id="seal" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffd45a"/><stop offset="1" stop-color="#c98a00"/></radialGradient>`;
  out += rect(0, 0, W, H, "url(#paper)");
  // guilloche border band
  out += rect(22, 22, W - 44, H - 44, "none", { stroke: navy, "stroke-width": 3 });
  const bx = 46;
  const bw = W - 92;
  const bh = H - 92;
  let waves = "";
  for (let i = 0; i < 4; i++) waves += frameWave(bx, bx, bw, bh, 13, 22, (i * Math.PI) / 2);
  out += `<path d="${waves}" fill="none" stroke="${steel}" stroke-width="0.9" opacity="0.75"/>`;
  let waves2 = "";
  for (let i = 0; i < 2; i++) waves2 += frameWave(bx, bx, bw, bh, 8, 44, i * Math.PI);
  out += `<path d="${waves2}" fill="none" stroke="${navy}" stroke-width="1.1" opacity="0.8"/>`;
  out += rect(70, 70, W - 140, H - 140, "none", { stroke: navy, "stroke-width": 1.5 });
  out += rect(76, 76, W - 152, H - 152, "none", { stroke: amber, "stroke-width": 1.2 });
  // corner rosettes
  for (const [cx, cy] of [
    [46, 46],
    [W - 46, 46],
    [46, H - 46],
    [W - 46, H - 46],
  ] as const) {
    out += circle(cx, cy, 20, "#fbf7ee", { stroke: navy, "stroke-width": 1.5 });
    out += `<path d="${rosette(cx, cy, 5, 3, 4, 3, 3)}" fill="none" stroke="${steel}" stroke-width="0.8"/>`;
  }
  // faint watermark
  out += `<path d="${rosette(W / 2, 560, 10, 3, 7, 26, 3)}${rosette(W / 2, 560, 10, 3, 5, 20, 3, 0.3)}" fill="none" stroke="${steel}" stroke-width="1" opacity="0.07"/>`;
  // certification body emblem
  const ex = W / 2;
  const ey = 160;
  out += circle(ex, ey, 44, navy);
  out += circle(ex, ey, 38, "none", { stroke: amber, "stroke-width": 2 });
  out += `<path d="M${ex - 30} ${ey}H${ex + 30}M${ex} ${ey - 30}V${ey + 30}M${ex - 26} ${ey - 15}Q${ex} ${ey - 8} ${ex + 26} ${ey - 15}M${ex - 26} ${ey + 15}Q${ex} ${ey + 8} ${ex + 26} ${ey + 15}" stroke="#ffffff" stroke-width="1.6" fill="none"/>`;
  out += `<ellipse cx="${ex}" cy="${ey}" rx="14" ry="30" fill="none" stroke="#ffffff" stroke-width="1.6"/>`;
  out += text(CERTIFIER.toUpperCase(), {
    x: W / 2,
    y: 232,
    size: 14,
    weight: 600,
    fill: steel,
    anchor: "middle",
    tracking: 0.18,
  });
  // heading
  out += text("CERTIFICATE", {
    x: W / 2,
    y: 320,
    size: 54,
    weight: 700,
    fill: navy,
    anchor: "middle",
    tracking: 0.12,
  });
  out += text("OF REGISTRATION", {
    x: W / 2,
    y: 356,
    size: 16,
    weight: 500,
    fill: amber,
    anchor: "middle",
    tracking: 0.4,
  });
  out += text("This is to certify that the management system of", {
    x: W / 2,
    y: 420,
    size: 17,
    fill: grey,
    anchor: "middle",
  });
  const companyLines = wrap(COMPANY, 30, 600, 700);
  companyLines.forEach((line, i) => {
    out += text(line, {
      x: W / 2,
      y: 470 + i * 38,
      size: 30,
      weight: 700,
      fill: navy,
      anchor: "middle",
    });
  });
  let y = 470 + companyLines.length * 38;
  out += text("King Fahd Road, Riyadh, Kingdom of Saudi Arabia", {
    x: W / 2,
    y: y,
    size: 15,
    fill: grey,
    anchor: "middle",
  });
  y += 46;
  out += text("has been assessed and found to conform to the requirements of", {
    x: W / 2,
    y,
    size: 17,
    fill: grey,
    anchor: "middle",
  });
  y += 82;
  out += text(`ISO ${number}:${year}`, {
    x: W / 2,
    y,
    size: 66,
    weight: 700,
    fill: navy,
    anchor: "middle",
    tracking: 0.02,
  });
  out += rect(W / 2 - 80, y + 18, 160, 4, amber);
  y += 60;
  for (const line of wrap(standard, 22, 600, 600)) {
    out += text(line, { x: W / 2, y, size: 22, weight: 600, fill: steel, anchor: "middle" });
    y += 30;
  }
  y += 10;
  const scope =
    "Scope: design, construction, maintenance and project management of building, infrastructure, MEP and industrial works.";
  for (const line of wrap(scope, 14, 560)) {
    out += text(line, { x: W / 2, y, size: 14, fill: grey, anchor: "middle" });
    y += 21;
  }
  // certificate details
  const issueYear = Math.max(Number(year) || 2015, 2021) + r.int(1, 3);
  const month = r.int(0, 11);
  const day = r.int(1, 28);
  const issued = `${day} ${MONTHS[month]} ${issueYear}`;
  const expires = `${day - 1 || 1} ${MONTHS[month]} ${issueYear + 3}`;
  const certNo = `GCB-${number}-${String(1000 + (hashString(seedPath) % 9000))}`;
  const detailsY = 920;
  const rows: Array<[string, string]> = [
    ["Certificate No.", certNo],
    ["Date of issue", issued],
    ["Valid until", expires],
  ];
  rows.forEach(([label, value], i) => {
    out += text(label, { x: 110, y: detailsY + i * 26, size: 13, fill: grey });
    out += text(value, { x: 240, y: detailsY + i * 26, size: 13, weight: 600, fill: navy });
  });
  // signature
  const sx = 110;
  const sy = 860;
  out += `<path d="M${sx} ${sy}c14 -30 24 -34 28 -12s-6 26 6 4s20 -30 24 -8s10 10 22 -6s16 -10 20 2s14 -2 28 -10" fill="none" stroke="${navy}" stroke-width="2" stroke-linecap="round" opacity="0.85"/>`;
  out += `<path d="M${sx - 6} ${sy + 10}H${sx + 230}" stroke="${grey}" stroke-width="1"/>`;
  out += text(`Authorised signatory, ${CERTIFIER}`, {
    x: sx - 6,
    y: sy + 28,
    size: 12,
    fill: grey,
  });
  // seal with ribbons
  const cx = W - 190;
  const cy = 900;
  out += path(
    `M${cx - 40} ${cy + 40}L${cx - 62} ${cy + 130}L${cx - 38} ${cy + 114}L${cx - 24} ${cy + 138}L${cx - 8} ${cy + 50}Z`,
    steel,
  );
  out += path(
    `M${cx + 40} ${cy + 40}L${cx + 62} ${cy + 130}L${cx + 38} ${cy + 114}L${cx + 24} ${cy + 138}L${cx + 8} ${cy + 50}Z`,
    navy,
  );
  let scallop = "";
  const n = 36;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const rr = i % 2 === 0 ? 78 : 72;
    scallop += `${i === 0 ? "M" : "L"}${f(cx + Math.cos(a) * rr)} ${f(cy + Math.sin(a) * rr)}`;
  }
  out += path(`${scallop}Z`, "url(#seal)");
  out += circle(cx, cy, 62, "none", { stroke: "#fff3c4", "stroke-width": 1.5 });
  out += `<path d="${rosette(cx, cy, 7, 2, 4.5, 6.5, 2)}" fill="none" stroke="#8a5e00" stroke-width="0.9" opacity="0.7"/>`;
  out += circle(cx, cy, 30, "#e0a000", { stroke: "#fff3c4", "stroke-width": 1.2 });
  let star = "";
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? 20 : 8.5;
    star += `${i === 0 ? "M" : "L"}${f(cx + Math.cos(a) * rr)} ${f(cy + Math.sin(a) * rr)}`;
  }
  out += path(`${star}Z`, "#fff6d6");
  out += text("ACCREDITED", {
    x: cx,
    y: cy + 52,
    size: 9,
    weight: 700,
    fill: "#5a3d00",
    anchor: "middle",
    tracking: 0.2,
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${out}</svg>`;
}
