/** Multi-page company profile PDF (A4) built with pdfkit: cover, about, services, figures, Arabic summary, contact. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import { plexFile } from "./fonts.ts";
import { ICONS } from "./icons.ts";
import { BRAND } from "./svg.ts";

export const PROFILE_YEAR = 2025;

const COMPANY_EN = "Arkan Contracting & Engineering Consultants";
const COMPANY_AR = "أركان للمقاولات العامة والاستشارات الهندسية";
const PHONE = "+966 11 000 0010";
const EMAIL = "info@arkan-contracting.example";
const ADDRESS = "King Fahd Road, Al Olaya District, Riyadh, Kingdom of Saudi Arabia";

export interface Service {
  title: { en: string; ar?: string };
  description: { en: string; ar?: string };
}

export const BUILT_IN_SERVICES: Service[] = [
  {
    title: { en: "Building Construction", ar: "إنشاء المباني" },
    description: {
      en: "Turnkey delivery of residential, commercial and public buildings, from enabling works and structure to finishes and handover.",
      ar: "تنفيذ متكامل للمباني السكنية والتجارية والحكومية من الأعمال التمهيدية والهيكل حتى التشطيبات والتسليم.",
    },
  },
  {
    title: { en: "Roads & Infrastructure", ar: "الطرق والبنية التحتية" },
    description: {
      en: "Highways, interchanges, utilities networks and site infrastructure built with our own fleet and laboratories.",
      ar: "الطرق السريعة والتقاطعات وشبكات المرافق والبنية التحتية للمواقع بأسطولنا ومختبراتنا الخاصة.",
    },
  },
  {
    title: { en: "Bridges & Structures", ar: "الجسور والمنشآت" },
    description: {
      en: "Cast-in-place and precast bridges, tunnels and heavy civil structures designed for a long service life.",
      ar: "جسور وأنفاق ومنشآت مدنية ثقيلة مصبوبة في الموقع أو مسبقة الصب بعمر تشغيلي طويل.",
    },
  },
  {
    title: { en: "MEP Works", ar: "الأعمال الكهروميكانيكية" },
    description: {
      en: "Mechanical, electrical and plumbing systems, including HVAC, power distribution, fire fighting and building automation.",
      ar: "أنظمة التكييف والكهرباء والسباكة ومكافحة الحريق وأنظمة التحكم الذكي في المباني.",
    },
  },
  {
    title: { en: "Engineering Consultancy", ar: "الاستشارات الهندسية" },
    description: {
      en: "Feasibility studies, value engineering, supervision and independent reviews for public and private clients.",
      ar: "دراسات الجدوى والهندسة القيمية والإشراف والمراجعات المستقلة للجهات الحكومية والخاصة.",
    },
  },
  {
    title: { en: "Architectural & Structural Design", ar: "التصميم المعماري والإنشائي" },
    description: {
      en: "Concept to construction drawings, coordinated in BIM across architecture, structure and services.",
      ar: "من التصاميم المبدئية حتى المخططات التنفيذية بتنسيق كامل عبر نمذجة معلومات البناء.",
    },
  },
  {
    title: { en: "Facility Maintenance", ar: "صيانة المرافق" },
    description: {
      en: "Planned and reactive maintenance contracts that keep hospitals, schools and campuses running.",
      ar: "عقود صيانة وقائية وتصحيحية تضمن استمرارية تشغيل المستشفيات والمدارس والمجمعات.",
    },
  },
  {
    title: { en: "Project Management", ar: "إدارة المشاريع" },
    description: {
      en: "Programme, cost and risk control with transparent reporting from inception to close-out.",
      ar: "التحكم في الجدول الزمني والتكلفة والمخاطر مع تقارير شفافة من البداية حتى الإغلاق.",
    },
  },
];

const ABOUT_AR =
  "تأسست أركان للمقاولات العامة والاستشارات الهندسية في الرياض لتقدم خدمات متكاملة في تصميم وتنفيذ المباني ومشاريع البنية التحتية والأعمال الكهروميكانيكية، مع التزام راسخ بالجودة والسلامة والاستدامة وتسليم المشاريع في مواعيدها.";

/** Reads apps/content-api/seed/services.json when it exists and looks right. */
export function loadServices(): Service[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const file = join(here, "..", "..", "..", "seed", "services.json");
  if (!existsSync(file)) return BUILT_IN_SERVICES;
  try {
    const data: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!Array.isArray(data)) return BUILT_IN_SERVICES;
    const services: Service[] = [];
    for (const item of data) {
      const t = (item as { title?: { en?: unknown; ar?: unknown } }).title;
      const d = (item as { description?: { en?: unknown; ar?: unknown } }).description;
      if (typeof t?.en !== "string") continue;
      services.push({
        title: { en: t.en, ar: typeof t.ar === "string" ? t.ar : undefined },
        description: {
          en: typeof d?.en === "string" ? stripTags(d.en) : "",
          ar: typeof d?.ar === "string" ? stripTags(d.ar) : undefined,
        },
      });
    }
    return services.length > 0 ? services : BUILT_IN_SERVICES;
  } catch {
    return BUILT_IN_SERVICES;
  }
}

function stripTags(s: string): string {
  return s
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function iconFor(title: string, index: number): string {
  const t = title.toLowerCase();
  const table: Array<[RegExp, string]> = [
    [/bridge|tunnel/, "bridge"],
    [/road|highway|infra/, "road"],
    [/mep|electr|mechan|plumb|hvac/, "mep"],
    [/consult|advis/, "consulting"],
    [/design|architect|bim/, "design"],
    [/mainten|facilit|operat/, "maintenance"],
    [/manag|pmc|supervis/, "management"],
    [/steel|fabric/, "steel"],
    [/water|drain|sewer|utilit/, "water"],
    [/safety|hse/, "helmet"],
    [/quality|iso/, "quality"],
    [/build|construct|civil|villa|residential|fit/, "building"],
  ];
  for (const [re, name] of table) if (re.test(t)) return name;
  const names = [
    "building",
    "road",
    "bridge",
    "mep",
    "consulting",
    "design",
    "maintenance",
    "management",
  ];
  return names[index % names.length] ?? "building";
}

type Doc = PDFKit.PDFDocument;

interface Fonts {
  regular: string;
  semi: string;
  bold: string;
  arabic: string | null;
  arabicBold: string | null;
}

function registerFonts(doc: Doc): Fonts {
  const fonts: Fonts = {
    regular: "Helvetica",
    semi: "Helvetica-Bold",
    bold: "Helvetica-Bold",
    arabic: null,
    arabicBold: null,
  };
  const tryRegister = (name: string, file: string | null): boolean => {
    if (!file) return false;
    try {
      doc.registerFont(name, file);
      doc.font(name);
      return true;
    } catch {
      return false;
    }
  };
  if (tryRegister("plex-400", plexFile("latin", 400))) fonts.regular = "plex-400";
  if (tryRegister("plex-600", plexFile("latin", 600))) fonts.semi = "plex-600";
  if (tryRegister("plex-700", plexFile("latin", 700))) fonts.bold = "plex-700";
  if (tryRegister("plex-ar-400", plexFile("arabic", 400))) fonts.arabic = "plex-ar-400";
  if (tryRegister("plex-ar-700", plexFile("arabic", 700))) fonts.arabicBold = "plex-ar-700";
  doc.font(fonts.regular);
  return fonts;
}

/**
 * The fontsource Arabic subset has no Latin full stop; sentences end without it (as on many
 * Arabic signs and cards) rather than showing a missing-glyph box.
 */
function arabicText(s: string): string {
  return s.replace(/\./g, "").trim();
}

/** True when every letter of `s` has a glyph in the Arabic font (fontkit font behind pdfkit). */
function arabicCovered(doc: Doc, fontName: string, s: string): boolean {
  try {
    doc.font(fontName);
    const fk = (
      doc as unknown as { _font?: { font?: { hasGlyphForCodePoint(c: number): boolean } } }
    )._font?.font;
    if (!fk) return false;
    for (const ch of s) {
      const cp = ch.codePointAt(0) ?? 32;
      if (cp === 32) continue;
      if (!fk.hasGlyphForCodePoint(cp)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Right-to-left paragraph. pdfkit shapes Arabic words correctly (fontkit) but misplaces the spaces
 * of a multi-word RTL run, so words are laid out here one by one, from the right edge.
 * Returns the y below the paragraph.
 */
function rtlText(
  doc: Doc,
  content: string,
  x: number,
  y: number,
  width: number,
  lineGap = 4,
): number {
  const words = content.split(/\s+/).filter(Boolean);
  const space = doc.widthOfString(" ") * 1.1;
  const lineH = doc.currentLineHeight(true) + lineGap;
  const lines: string[][] = [];
  let current: string[] = [];
  let used = 0;
  for (const word of words) {
    const w = doc.widthOfString(word);
    if (current.length > 0 && used + space + w > width) {
      lines.push(current);
      current = [];
      used = 0;
    }
    used += (current.length > 0 ? space : 0) + w;
    current.push(word);
  }
  if (current.length > 0) lines.push(current);
  let lineY = y;
  for (const line of lines) {
    let right = x + width;
    for (const word of line) {
      const w = doc.widthOfString(word);
      doc.text(word, right - w, lineY, { lineBreak: false });
      right -= w + space;
    }
    lineY += lineH;
  }
  return lineY;
}

const A4 = { w: 595.28, h: 841.89 };
const M = 48;

function brandMark(doc: Doc, x: number, y: number, size: number): void {
  doc.save();
  doc.rect(x, y, size, size).fill(BRAND.amber);
  const pw = size * 0.16;
  for (let i = 0; i < 3; i++) {
    doc.rect(x + size * 0.17 + i * size * 0.25, y + size * 0.2, pw, size * 0.6).fill(BRAND.navy);
  }
  doc.restore();
}

function skylineDrawing(
  doc: Doc,
  x: number,
  base: number,
  width: number,
  color: string,
  accent: string,
  lineWidth: number,
): void {
  const buildings: Array<[number, number, number]> = [
    [0, 0.08, 0.3],
    [0.09, 0.1, 0.52],
    [0.2, 0.07, 0.38],
    [0.28, 0.12, 0.78],
    [0.41, 0.09, 0.6],
    [0.51, 0.14, 0.45],
    [0.66, 0.08, 0.9],
    [0.75, 0.1, 0.5],
    [0.86, 0.12, 0.34],
  ];
  const unit = width;
  doc.save().lineWidth(lineWidth).strokeColor(color);
  for (const [bx, bw, bh] of buildings) {
    const left = x + bx * unit;
    const w = bw * unit;
    const h = bh * unit * 0.42;
    doc.rect(left, base - h, w, h).stroke();
    const floors = Math.floor(h / 9);
    for (let i = 1; i < floors; i++) {
      doc.moveTo(left + w * 0.15, base - i * 9).lineTo(left + w * 0.85, base - i * 9);
    }
    doc
      .lineWidth(lineWidth * 0.5)
      .stroke()
      .lineWidth(lineWidth);
  }
  // spire on the tallest tower
  const tx = x + 0.7 * unit;
  doc
    .moveTo(tx, base - 0.9 * unit * 0.42)
    .lineTo(tx, base - unit * 0.45)
    .stroke();
  // tower crane
  const cx = x + 0.47 * unit;
  const top = base - unit * 0.5;
  doc.strokeColor(accent).lineWidth(lineWidth);
  doc
    .moveTo(cx, base - 0.6 * unit * 0.42)
    .lineTo(cx, top)
    .stroke();
  doc
    .moveTo(cx + 6, base - 0.6 * unit * 0.42)
    .lineTo(cx + 6, top)
    .stroke();
  for (let y = base - 0.6 * unit * 0.42; y > top + 6; y -= 8)
    doc.moveTo(cx, y).lineTo(cx + 6, y - 8);
  doc
    .lineWidth(lineWidth * 0.6)
    .stroke()
    .lineWidth(lineWidth);
  doc
    .moveTo(cx - unit * 0.1, top)
    .lineTo(cx + unit * 0.28, top)
    .stroke();
  doc
    .moveTo(cx + 3, top - 16)
    .lineTo(cx + unit * 0.2, top)
    .stroke();
  doc
    .moveTo(cx + 3, top - 16)
    .lineTo(cx - unit * 0.09, top)
    .stroke();
  doc
    .moveTo(cx + unit * 0.12, top)
    .lineTo(cx + unit * 0.12, top + 40)
    .stroke();
  doc.rect(cx + unit * 0.12 - 8, top + 40, 16, 6).fill(accent);
  doc.restore();
  doc
    .save()
    .lineWidth(lineWidth)
    .strokeColor(color)
    .moveTo(x - 10, base)
    .lineTo(x + width + 10, base)
    .stroke()
    .restore();
}

function pageHeader(doc: Doc, f: Fonts, number: string, title: string, kicker: string): void {
  doc.rect(0, 0, A4.w, 118).fill(BRAND.navy);
  doc.rect(0, 118, A4.w, 4).fill(BRAND.amber);
  // faint grid
  doc.save().lineWidth(0.4).strokeColor(BRAND.steel).opacity(0.5);
  for (let x = 0; x < A4.w; x += 24) doc.moveTo(x, 0).lineTo(x, 118);
  for (let y = 0; y < 118; y += 24) doc.moveTo(0, y).lineTo(A4.w, y);
  doc.stroke().restore();
  doc.font(f.bold).fontSize(11).fillColor(BRAND.amber).text(number, M, 44, { characterSpacing: 2 });
  doc
    .font(f.semi)
    .fontSize(9)
    .fillColor("#9fb7cc")
    .text(kicker.toUpperCase(), M + 34, 46, { characterSpacing: 2 });
  doc.font(f.bold).fontSize(26).fillColor("#ffffff").text(title, M, 62);
}

function pageFooter(doc: Doc, f: Fonts, page: number): void {
  doc.save();
  doc
    .moveTo(M, A4.h - 42)
    .lineTo(A4.w - M, A4.h - 42)
    .lineWidth(0.8)
    .strokeColor(BRAND.amber)
    .stroke();
  doc
    .font(f.regular)
    .fontSize(8)
    .fillColor("#6b7785")
    .text(`${COMPANY_EN}  |  Company Profile ${PROFILE_YEAR}`, M, A4.h - 34, { lineBreak: false });
  doc.text(String(page).padStart(2, "0"), A4.w - M - 30, A4.h - 34, {
    width: 30,
    align: "right",
    lineBreak: false,
  });
  doc.restore();
}

function cover(doc: Doc, f: Fonts, showArabic: boolean): void {
  doc.rect(0, 0, A4.w, A4.h).fill(BRAND.navy);
  doc.save().lineWidth(0.35).strokeColor(BRAND.steel).opacity(0.55);
  for (let x = 0; x < A4.w; x += 20) doc.moveTo(x, 0).lineTo(x, A4.h);
  for (let y = 0; y < A4.h; y += 20) doc.moveTo(0, y).lineTo(A4.w, y);
  doc.stroke().restore();
  doc.rect(0, 0, 10, A4.h).fill(BRAND.amber);
  // dimension line above the drawing, like a blueprint
  doc.save().lineWidth(0.8).strokeColor("#9fb7cc");
  doc
    .moveTo(M, 440)
    .lineTo(A4.w - M, 440)
    .stroke();
  doc
    .moveTo(M, 434)
    .lineTo(M, 446)
    .moveTo(A4.w - M, 434)
    .lineTo(A4.w - M, 446)
    .stroke();
  doc.restore();
  skylineDrawing(doc, M + 10, 700, A4.w - 2 * M - 20, "#dbe7f1", BRAND.amber, 1.4);
  brandMark(doc, M, 64, 40);
  doc
    .font(f.bold)
    .fontSize(16)
    .fillColor("#ffffff")
    .text("ARKAN", M + 52, 66, { characterSpacing: 4 });
  doc
    .font(f.regular)
    .fontSize(8)
    .fillColor("#9fb7cc")
    .text("CONTRACTING & ENGINEERING", M + 52, 88, { characterSpacing: 1.5 });
  doc
    .font(f.semi)
    .fontSize(11)
    .fillColor(BRAND.amber)
    .text(`COMPANY PROFILE ${PROFILE_YEAR}`, M, 190, { characterSpacing: 3 });
  doc
    .font(f.bold)
    .fontSize(34)
    .fillColor("#ffffff")
    .text(COMPANY_EN, M, 214, { width: A4.w - 2 * M - 40, lineGap: 2 });
  let y = doc.y + 8;
  if (showArabic && f.arabicBold) {
    doc.font(f.arabicBold).fontSize(18).fillColor("#dbe7f1");
    y = rtlText(doc, COMPANY_AR, M, y, A4.w - 2 * M - 40) + 2;
  }
  doc
    .font(f.regular)
    .fontSize(13)
    .fillColor("#b9cbdb")
    .text("Engineering excellence, built to last.", M, y + 8);
  doc.rect(0, A4.h - 96, A4.w, 96).fill("#0b2037");
  doc.rect(0, A4.h - 96, A4.w, 3).fill(BRAND.amber);
  doc.font(f.regular).fontSize(9.5).fillColor("#dbe7f1");
  doc.text(`${PHONE}   |   ${EMAIL}   |   Riyadh, Kingdom of Saudi Arabia`, M, A4.h - 56, {
    width: A4.w - 2 * M,
    lineBreak: false,
  });
}

function about(doc: Doc, f: Fonts): void {
  pageHeader(doc, f, "01", "About Us", "Who we are");
  const colW = (A4.w - 2 * M - 24) * 0.58;
  doc
    .font(f.semi)
    .fontSize(14)
    .fillColor(BRAND.navy)
    .text(
      "A Saudi contractor and engineering consultancy delivering landmark buildings and infrastructure since 1998.",
      M,
      150,
      { width: colW, lineGap: 3 },
    );
  doc.moveDown(0.8);
  doc.font(f.regular).fontSize(10).fillColor("#3b4754");
  const paragraphs = [
    "Arkan brings design, construction and maintenance under one roof. Our engineers, project managers and site teams deliver hospitals, schools, towers, bridges, highways and water facilities for government and private clients across the Kingdom.",
    "We combine an owned fleet of more than 250 machines, in-house batching plants and a BIM-led design office, so that every project is planned in detail before the first excavation and handed over complete, safe and on time.",
    "Safety is our first value: our management systems are certified to ISO 9001, ISO 14001 and ISO 45001, and every site runs a daily safety briefing.",
  ];
  for (const p of paragraphs) {
    doc.text(p, { width: colW, lineGap: 2.5, align: "left" });
    doc.moveDown(0.7);
  }
  // illustration panel on the right
  const px = M + colW + 24;
  const pw = A4.w - M - px;
  doc.rect(px, 150, pw, 300).fill(BRAND.sand);
  doc.save().lineWidth(0.3).strokeColor("#cdbb99");
  for (let x = px; x < px + pw; x += 12) doc.moveTo(x, 150).lineTo(x, 450);
  for (let y = 150; y < 450; y += 12) doc.moveTo(px, y).lineTo(px + pw, y);
  doc.stroke().restore();
  const bx = px + 30;
  const bw = pw - 60;
  doc.save().lineWidth(1.4).strokeColor(BRAND.navy);
  doc.rect(bx, 220, bw, 200).stroke();
  doc
    .moveTo(bx - 12, 420)
    .lineTo(bx + bw + 12, 420)
    .stroke();
  for (let i = 1; i < 8; i++) doc.moveTo(bx, 420 - i * 25).lineTo(bx + bw, 420 - i * 25);
  doc.lineWidth(0.6).stroke();
  for (let i = 0; i < 7; i++) {
    for (let c = 0; c < 4; c++)
      doc.rect(bx + 8 + (c * (bw - 16)) / 4, 420 - (i + 1) * 25 + 7, (bw - 16) / 4 - 8, 11);
  }
  doc.lineWidth(0.6).stroke();
  doc
    .lineWidth(1)
    .strokeColor(BRAND.amber)
    .moveTo(bx, 205)
    .lineTo(bx + bw, 205)
    .stroke();
  doc
    .moveTo(bx, 199)
    .lineTo(bx, 211)
    .moveTo(bx + bw, 199)
    .lineTo(bx + bw, 211)
    .stroke();
  doc.restore();
  doc
    .font(f.semi)
    .fontSize(8)
    .fillColor(BRAND.steel)
    .text("ELEVATION A  1:200", px + 30, 430 + 4);
  // vision / mission / values
  const cards = [
    [
      "Vision",
      "To be the most trusted name in Saudi construction, known for quality, safety and integrity.",
    ],
    [
      "Mission",
      "Deliver complex projects that create lasting value for our clients, our people and our communities.",
    ],
    [
      "Values",
      "Safety first, integrity always, engineering excellence, teamwork and respect for the environment.",
    ],
  ] as const;
  const cy = 500;
  const cw = (A4.w - 2 * M - 2 * 16) / 3;
  cards.forEach(([title, body], i) => {
    const cx = M + i * (cw + 16);
    doc.rect(cx, cy, cw, 150).fill("#f4f6f8");
    doc.rect(cx, cy, cw, 4).fill(BRAND.amber);
    doc
      .font(f.bold)
      .fontSize(13)
      .fillColor(BRAND.navy)
      .text(title, cx + 14, cy + 20, { width: cw - 28 });
    doc
      .font(f.regular)
      .fontSize(9.5)
      .fillColor("#3b4754")
      .text(body, cx + 14, cy + 44, { width: cw - 28, lineGap: 2 });
  });
  // milestones strip
  const my = 690;
  doc
    .moveTo(M, my)
    .lineTo(A4.w - M, my)
    .lineWidth(1)
    .strokeColor("#c6ced6")
    .stroke();
  const milestones = [
    ["1998", "Founded in Riyadh"],
    ["2006", "First highway contract"],
    ["2014", "ISO 9001 / 14001 / 45001"],
    ["2021", "BIM design office"],
  ] as const;
  milestones.forEach(([yr, label], i) => {
    const x = M + i * ((A4.w - 2 * M) / 4);
    doc.circle(x + 5, my, 5).fill(BRAND.amber);
    doc
      .font(f.bold)
      .fontSize(12)
      .fillColor(BRAND.navy)
      .text(yr, x, my + 12);
    doc
      .font(f.regular)
      .fontSize(8.5)
      .fillColor("#5b6670")
      .text(label, x, my + 28, { width: (A4.w - 2 * M) / 4 - 10 });
  });
  pageFooter(doc, f, 2);
}

function drawIcon(doc: Doc, name: string, x: number, y: number, size: number): void {
  const parts = ICONS[name] ?? ICONS.building ?? [];
  doc.save();
  doc.translate(x, y).scale(size / 64);
  doc.lineWidth(2.5).lineCap("round").lineJoin("round");
  for (const p of parts) {
    doc.path(p.d).stroke(p.accent ? BRAND.amber : BRAND.navy);
  }
  doc.restore();
}

function services(doc: Doc, f: Fonts, list: Service[]): void {
  pageHeader(doc, f, "02", "Our Services", "What we do");
  const items = list.slice(0, 10);
  const cols = 2;
  const rows = Math.ceil(items.length / cols);
  const gap = 14;
  const top = 146;
  const bottom = A4.h - 60;
  const cw = (A4.w - 2 * M - gap) / cols;
  const ch = Math.min(150, (bottom - top - gap * (rows - 1)) / rows);
  items.forEach((svc, i) => {
    const x = M + (i % cols) * (cw + gap);
    const y = top + Math.floor(i / cols) * (ch + gap);
    doc.rect(x, y, cw, ch).fill("#f4f6f8");
    doc.rect(x, y, 4, ch).fill(BRAND.amber);
    drawIcon(doc, iconFor(svc.title.en, i), x + 16, y + 14, 34);
    doc
      .font(f.bold)
      .fontSize(12)
      .fillColor(BRAND.navy)
      .text(svc.title.en, x + 60, y + 20, { width: cw - 74, height: 32, ellipsis: true });
    doc
      .font(f.regular)
      .fontSize(9)
      .fillColor("#3b4754")
      .text(svc.description.en, x + 16, y + 58, {
        width: cw - 32,
        height: ch - 66,
        ellipsis: true,
        lineGap: 1.5,
      });
  });
  pageFooter(doc, f, 3);
}

function figures(doc: Doc, f: Fonts): void {
  pageHeader(doc, f, "03", "Key Figures", "Arkan in numbers");
  const stats = [
    ["27", "years of experience"],
    ["340+", "projects delivered"],
    ["4,800", "engineers and craftsmen"],
    ["250+", "owned machines"],
  ] as const;
  const tw = (A4.w - 2 * M - 3 * 12) / 4;
  stats.forEach(([value, label], i) => {
    const x = M + i * (tw + 12);
    doc.rect(x, 150, tw, 110).fill(BRAND.navy);
    doc.rect(x, 150, tw, 3).fill(BRAND.amber);
    doc
      .font(f.bold)
      .fontSize(28)
      .fillColor(BRAND.amber)
      .text(value, x + 12, 176, { width: tw - 24 });
    doc
      .font(f.regular)
      .fontSize(9)
      .fillColor("#dbe7f1")
      .text(label, x + 12, 220, { width: tw - 24 });
  });
  // bar chart: projects by sector
  doc.font(f.bold).fontSize(14).fillColor(BRAND.navy).text("Projects delivered by sector", M, 300);
  const sectors = [
    ["Buildings", 128],
    ["Roads & highways", 74],
    ["Bridges & tunnels", 31],
    ["Water & utilities", 46],
    ["Industrial", 38],
    ["MEP packages", 57],
  ] as const;
  const max = 140;
  const chartX = M + 120;
  const chartW = A4.w - M - chartX - 40;
  sectors.forEach(([label, value], i) => {
    const y = 336 + i * 30;
    doc
      .font(f.regular)
      .fontSize(9.5)
      .fillColor("#3b4754")
      .text(label, M, y + 4, { width: 112 });
    doc.rect(chartX, y, chartW, 18).fill("#eef1f4");
    doc.rect(chartX, y, (chartW * value) / max, 18).fill(i === 0 ? BRAND.amber : BRAND.steel);
    doc
      .font(f.semi)
      .fontSize(9)
      .fillColor(BRAND.navy)
      .text(String(value), chartX + (chartW * value) / max + 6, y + 4);
  });
  // revenue trend line chart
  const gx = M;
  const gy = 560;
  const gw = (A4.w - 2 * M) * 0.55;
  const gh = 160;
  doc
    .font(f.bold)
    .fontSize(14)
    .fillColor(BRAND.navy)
    .text("Contract backlog (SAR bn)", gx, gy - 30);
  doc.save().lineWidth(0.5).strokeColor("#c6ced6");
  for (let i = 0; i <= 4; i++) doc.moveTo(gx, gy + (gh * i) / 4).lineTo(gx + gw, gy + (gh * i) / 4);
  doc.stroke().restore();
  const values = [3.1, 3.6, 4.2, 4.0, 4.9, 5.8, 6.4];
  const years = [2019, 2020, 2021, 2022, 2023, 2024, 2025];
  const px = (i: number) => gx + (gw * i) / (values.length - 1);
  const py = (v: number) => gy + gh - (gh * v) / 7;
  doc.save();
  doc.moveTo(px(0), gy + gh);
  for (const [i, v] of values.entries()) doc.lineTo(px(i), py(v));
  doc
    .lineTo(px(values.length - 1), gy + gh)
    .closePath()
    .fillOpacity(0.15)
    .fill(BRAND.steel);
  doc.restore();
  doc.save().lineWidth(2).strokeColor(BRAND.steel);
  for (const [i, v] of values.entries()) {
    if (i === 0) doc.moveTo(px(i), py(v));
    else doc.lineTo(px(i), py(v));
  }
  doc.stroke().restore();
  values.forEach((v, i) => {
    doc.circle(px(i), py(v), 3).fill(BRAND.amber);
    doc
      .font(f.regular)
      .fontSize(7.5)
      .fillColor("#5b6670")
      .text(String(years[i]), px(i) - 12, gy + gh + 6, { width: 24, align: "center" });
  });
  // certifications
  const cx = gx + gw + 36;
  doc
    .font(f.bold)
    .fontSize(14)
    .fillColor(BRAND.navy)
    .text("Certifications", cx, gy - 30);
  const certs = [
    ["ISO 9001", "Quality"],
    ["ISO 14001", "Environment"],
    ["ISO 45001", "Health & safety"],
  ] as const;
  certs.forEach(([code, label], i) => {
    const y = gy + i * 54;
    doc
      .circle(cx + 20, y + 20, 20)
      .lineWidth(2)
      .strokeColor(BRAND.amber)
      .stroke();
    doc.circle(cx + 20, y + 20, 14).fill(BRAND.navy);
    doc
      .save()
      .lineWidth(2.2)
      .lineCap("round")
      .lineJoin("round")
      .moveTo(cx + 13, y + 20)
      .lineTo(cx + 18, y + 25)
      .lineTo(cx + 27, y + 15)
      .stroke("#ffffff")
      .restore();
    doc
      .font(f.bold)
      .fontSize(10)
      .fillColor(BRAND.navy)
      .text(code, cx + 50, y + 8);
    doc
      .font(f.regular)
      .fontSize(8.5)
      .fillColor("#5b6670")
      .text(label, cx + 50, y + 22);
  });
  pageFooter(doc, f, 4);
}

function arabicPage(doc: Doc, f: Fonts, list: Service[], page: number): void {
  const ar = f.arabic ?? "";
  const arBold = f.arabicBold ?? ar;
  const width = A4.w - 2 * M;
  doc.rect(0, 0, A4.w, 118).fill(BRAND.navy);
  doc.rect(0, 118, A4.w, 4).fill(BRAND.amber);
  doc.save().lineWidth(0.4).strokeColor(BRAND.steel).opacity(0.5);
  for (let x = 0; x < A4.w; x += 24) doc.moveTo(x, 0).lineTo(x, 118);
  for (let gy = 0; gy < 118; gy += 24) doc.moveTo(0, gy).lineTo(A4.w, gy);
  doc.stroke().restore();
  doc.font(arBold).fontSize(12).fillColor(BRAND.amber);
  rtlText(doc, "من نحن", M, 36, width);
  doc.font(arBold).fontSize(26).fillColor("#ffffff");
  rtlText(doc, "نبذة عن الشركة", M, 54, width);
  doc.font(arBold).fontSize(16).fillColor(BRAND.navy);
  let y = rtlText(doc, COMPANY_AR, M, 150, width) + 6;
  doc.font(ar).fontSize(12).fillColor("#3b4754");
  y = rtlText(doc, arabicText(ABOUT_AR), M, y, width, 8) + 18;
  doc.font(arBold).fontSize(16).fillColor(BRAND.navy);
  y = rtlText(doc, "خدماتنا", M, y, width) + 4;
  for (const svc of list.slice(0, 10)) {
    const title = svc.title.ar === undefined ? undefined : arabicText(svc.title.ar);
    if (!title || !arabicCovered(doc, arBold, title)) continue;
    doc.rect(A4.w - M - 8, y + 7, 8, 8).fill(BRAND.amber);
    doc.font(arBold).fontSize(12.5).fillColor(BRAND.navy);
    y = rtlText(doc, title, M, y, width - 18, 2);
    const desc = svc.description.ar === undefined ? undefined : arabicText(svc.description.ar);
    if (desc && arabicCovered(doc, ar, desc)) {
      doc.font(ar).fontSize(10).fillColor("#5b6670");
      y = rtlText(doc, desc, M, y, width - 18, 3);
    }
    y += 8;
    if (y > A4.h - 110) break;
  }
  pageFooter(doc, f, page);
}

function contact(doc: Doc, f: Fonts, page: number): void {
  pageHeader(doc, f, String(page - 1).padStart(2, "0"), "Contact Us", "Let's build together");
  // stylised map
  const mx = M;
  const my = 150;
  const mw = A4.w - 2 * M;
  const mh = 300;
  doc.rect(mx, my, mw, mh).fill("#eef1f4");
  doc.save().rect(mx, my, mw, mh).clip();
  doc.lineWidth(6).strokeColor("#ffffff");
  for (let x = mx + 20; x < mx + mw; x += 70) doc.moveTo(x, my).lineTo(x + 40, my + mh);
  for (let y = my + 30; y < my + mh; y += 60) doc.moveTo(mx, y).lineTo(mx + mw, y - 20);
  doc.stroke();
  doc
    .lineWidth(14)
    .strokeColor(BRAND.amber)
    .opacity(0.85)
    .moveTo(mx, my + mh * 0.72)
    .bezierCurveTo(
      mx + mw * 0.3,
      my + mh * 0.5,
      mx + mw * 0.6,
      my + mh * 0.62,
      mx + mw,
      my + mh * 0.3,
    )
    .stroke();
  doc.opacity(1);
  doc.rect(mx + mw * 0.62, my + 40, 90, 60).fill("#d9e6d3");
  doc.restore();
  const pinX = mx + mw * 0.52;
  const pinY = my + mh * 0.45;
  doc.save();
  doc
    .path(
      `M${pinX} ${pinY + 34} C ${pinX - 8} ${pinY + 14} ${pinX - 22} ${pinY + 6} ${pinX - 22} ${pinY - 8} A 22 22 0 1 1 ${pinX + 22} ${pinY - 8} C ${pinX + 22} ${pinY + 6} ${pinX + 8} ${pinY + 14} ${pinX} ${pinY + 34} Z`,
    )
    .fill(BRAND.navy);
  doc.circle(pinX, pinY - 8, 8).fill("#ffffff");
  doc.restore();
  // details
  const rows = [
    ["Head office", ADDRESS],
    ["Phone", PHONE],
    ["Email", EMAIL],
    ["Working hours", "Sunday to Thursday, 8:00 to 17:00"],
  ] as const;
  let y = my + mh + 36;
  for (const [label, value] of rows) {
    doc.rect(M, y + 2, 4, 26).fill(BRAND.amber);
    doc
      .font(f.semi)
      .fontSize(9)
      .fillColor("#6b7785")
      .text(label.toUpperCase(), M + 16, y, { characterSpacing: 1.2 });
    doc
      .font(f.regular)
      .fontSize(12)
      .fillColor(BRAND.navy)
      .text(value, M + 16, y + 13);
    y += 48;
  }
  // closing band
  doc.rect(0, A4.h - 150, A4.w, 108).fill(BRAND.navy);
  brandMark(doc, M, A4.h - 122, 34);
  doc
    .font(f.bold)
    .fontSize(15)
    .fillColor("#ffffff")
    .text(COMPANY_EN, M + 48, A4.h - 122, { width: A4.w - 2 * M - 48 });
  doc
    .font(f.regular)
    .fontSize(10)
    .fillColor("#b9cbdb")
    .text("Engineering excellence, built to last.", M + 48, A4.h - 98);
  pageFooter(doc, f, page);
}

/** Builds the profile PDF and resolves with its bytes. */
export function renderProfile(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 0,
      compress: true,
      info: {
        Title: `${COMPANY_EN} — Company Profile ${PROFILE_YEAR}`,
        Author: COMPANY_EN,
        Subject: "Company profile",
        Keywords: "construction, engineering, contracting, Riyadh",
        CreationDate: new Date(Date.UTC(PROFILE_YEAR, 0, 1)),
        ModDate: new Date(Date.UTC(PROFILE_YEAR, 0, 1)),
      },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      const fonts = registerFonts(doc);
      const list = loadServices();
      const showArabic =
        fonts.arabic !== null &&
        fonts.arabicBold !== null &&
        arabicCovered(doc, fonts.arabicBold, COMPANY_AR) &&
        arabicCovered(doc, fonts.arabic, arabicText(ABOUT_AR));
      doc.font(fonts.regular);
      cover(doc, fonts, showArabic);
      doc.addPage();
      about(doc, fonts);
      doc.addPage();
      services(doc, fonts, list);
      doc.addPage();
      figures(doc, fonts);
      let page = 5;
      if (showArabic) {
        doc.addPage();
        arabicPage(doc, fonts, list, page);
        page++;
      }
      doc.addPage();
      contact(doc, fonts, page);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
