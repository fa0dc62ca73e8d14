/**
 * Arabic done right, measured in the browser on the real server: no letter-spacing or capitals
 * on Arabic pages and lines spaced for Arabic (app.css); Cairo for the Latin inside Arabic
 * text (fonts.css); dates, amounts, phone numbers and e-mail addresses isolated left to right,
 * in Western digits that the server's HTML and the page in the browser write alike (shared/text.ts);
 * directional icons pointing the reading direction, media symbols not. The titles, meta tags,
 * 404 page, error screen and form messages in Arabic, and a long Arabic title on a phone:
 * arabic-language.spec.ts. Width-agnostic checks run in the desktop project only.
 */

import { arabicLetters, open, pagePaths, widthAgnostic } from "./support/arabic.ts";
import { apiData, type Lang, languages, type Paged, t } from "./support/content.ts";
import { expect, onlyAt, type Page, test } from "./support/test.ts";
import { decodeHtml } from "./support/text.ts";

interface TextStyle {
  text: string;
  letterSpacing: string;
  textTransform: string;
  fontSize: number;
  lineHeight: number | null;
}

/** Every visible element with text of its own: the text and its computed typography. */
function textStyles(page: Page): Promise<TextStyle[]> {
  return page.evaluate(() => {
    const found: TextStyle[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      if (element.closest("script, style, noscript, template, svg")) continue;
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      if (!own || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // screen-reader-only text
      const style = getComputedStyle(element);
      found.push({
        text: own.slice(0, 40),
        letterSpacing: style.letterSpacing,
        textTransform: style.textTransform,
        fontSize: Number.parseFloat(style.fontSize),
        lineHeight: style.lineHeight === "normal" ? null : Number.parseFloat(style.lineHeight),
      });
    }
    return found;
  });
}

const spaced = (style: TextStyle) =>
  style.letterSpacing !== "normal" && Number.parseFloat(style.letterSpacing) !== 0;

/**
 * Lines too tight for Arabic: text up to 20 px (body text, labels, buttons) needs 1.6 times
 * its size, larger headings 1.35 times (`normal` in Cairo is 1.87).
 */
function cramped(style: TextStyle): boolean {
  if (style.lineHeight === null) return false;
  const least = style.fontSize <= 20 ? 1.6 : 1.35;
  return style.lineHeight < style.fontSize * least - 0.05;
}

const describe = (style: TextStyle) =>
  `"${style.text}" (${style.fontSize}px / ${style.lineHeight}px, letter-spacing ${style.letterSpacing}, ${style.textTransform})`;

test.describe("Arabic typography", () => {
  onlyAt("desktop", widthAgnostic);

  test("no letter-spacing or capitals, and lines spaced for Arabic, on every page kind", async ({
    page,
  }) => {
    for (const path of Object.values(await pagePaths())) {
      await open(page, `/ar${path}`);
      const styles = await textStyles(page);
      expect(styles.length, path).toBeGreaterThan(10);
      expect(
        styles.filter((style) => spaced(style) || style.textTransform !== "none").map(describe),
        `/ar${path}: letter-spacing or capitals`,
      ).toEqual([]);
      expect(styles.filter(cramped).map(describe), `/ar${path}: lines too tight`).toEqual([]);
      // Cairo's dots blur below 13 px.
      expect(
        styles
          .filter((style) => style.fontSize < 13 && arabicLetters.test(style.text))
          .map(describe),
        `/ar${path}: Arabic text under 13 px`,
      ).toEqual([]);
      // A link's underline (shown, or on hover) clears the dots below the letters.
      const underlines = await page.evaluate(() =>
        [...document.querySelectorAll("a")].map((link) => {
          const style = getComputedStyle(link);
          const fontSize = Number.parseFloat(style.fontSize);
          const offset = style.textUnderlineOffset;
          return {
            text: link.textContent?.trim().slice(0, 40) ?? "",
            // A percentage is of the link's own size.
            offset: Number.parseFloat(offset) * (offset.endsWith("%") ? fontSize / 100 : 1),
            fontSize,
          };
        }),
      );
      expect(
        underlines.filter((link) => !(link.offset >= 0.3 * link.fontSize)),
        `/ar${path}: underlines through the dots`,
      ).toEqual([]);
    }
    // The same check sees them where they belong: the list's eyebrow label in English.
    await open(page, "/en/projects");
    const english = await textStyles(page);
    expect(english.some((style) => spaced(style) && style.textTransform === "uppercase")).toBe(
      true,
    );
  });

  test("an editor's emphasis in Arabic is weight, never a slant; English keeps its italics", async ({
    page,
  }) => {
    // Any content's <em>, <i> and <cite> (added to the page: whatever the API's HTML holds).
    const emphasis = async (lang: Lang) => {
      await open(page, `/${lang}/overview`);
      return page.evaluate(() => {
        const paragraph = document.createElement("p");
        paragraph.innerHTML =
          '<em>م</em> <i>م</i> <cite>م</cite> <strong><em>م</em></strong> <span lang="en"><em>m</em></span>';
        document.querySelector("main")?.append(paragraph);
        return [...paragraph.querySelectorAll("em, i, cite")].map((element) => {
          const style = getComputedStyle(element);
          return `${element.closest("[lang]")?.getAttribute("lang")} ${style.fontStyle} ${style.fontWeight}`;
        });
      });
    };
    expect(await emphasis("ar")).toEqual([
      "ar normal 600",
      "ar normal 600",
      "ar normal 600",
      "ar normal 700",
      "en italic 400",
    ]);
    expect(await emphasis("en")).toEqual([
      "en italic 400",
      "en italic 400",
      "en italic 400",
      "en italic 700",
      "en italic 400",
    ]);
  });

  test("Arabic pages write Latin letters and digits in Cairo, from two files within the font budget", async ({
    page,
  }) => {
    const fonts: { url: string; bytes: number }[] = [];
    page.on("response", async (response) => {
      if (!response.url().endsWith(".woff2")) return;
      fonts.push({ url: response.url(), bytes: (await response.body()).length });
    });
    await open(page, `/ar${(await pagePaths()).projects}`);
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(() => fonts.length).toBe(2);
    expect(fonts.map((font) => font.url).join(" ")).toMatch(
      /cairo-arabic.*cairo-latin|cairo-latin.*cairo-arabic/,
    );
    expect(fonts.reduce((sum, font) => sum + font.bytes, 0)).toBeLessThanOrEqual(60 * 1024);
    // Both are preloaded by the server's HTML.
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloads.sort()).toEqual(fonts.map((font) => font.url).sort());
    // A date and an amount (Latin digits, commas, spaces) are drawn in Cairo, not a system font.
    const cdp = await page.context().newCDPSession(page);
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    await cdp.send("CSS.enable");
    for (const selector of ['[role="row"] time', '[role="row"] bdi']) {
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      expect(nodeId, selector).toBeGreaterThan(0);
      const { fonts: used } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      expect([...new Set(used.map((font) => font.familyName))]).toEqual(["Cairo"]);
    }
  });
});

/**
 * Every date (YYYY-MM-DD), phone number, e-mail address and `amounts` text on the page that is
 * not inside a `<bdi>` or an element with `dir="ltr"`.
 */
function unisolated(page: Page, amounts: string[]): Promise<string[]> {
  return page.evaluate((amounts) => {
    const patterns = [/\d{4}-\d{2}-\d{2}/, /\+\d[\d\s()-]{6,}\d/, /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template")) continue;
      const shown =
        patterns.some((pattern) => pattern.test(text)) ||
        amounts.some((amount) => text.includes(amount));
      if (shown && !parent.closest('bdi, [dir="ltr"]')) found.push(text.trim().slice(0, 60));
    }
    return found;
  }, amounts);
}

test.describe("dates, amounts, phone numbers and e-mail addresses", () => {
  onlyAt("desktop", widthAgnostic);

  test("are isolated left to right wherever Arabic pages show them", async ({ page }) => {
    const paths = await pagePaths();
    const rows = await apiData<Paged<{ amount: string | number }>>("/api/Completed-projects", "ar");
    // As shown: as given, text or number.
    const amounts = rows.data.map((row) => String(row.amount));
    const counts: Record<string, number> = {};
    for (const key of ["home", "news", "newsItem", "projects", "project", "contact"] as const) {
      await open(page, `/ar${paths[key]}`);
      expect(await unisolated(page, amounts), `/ar${paths[key]}`).toEqual([]);
      counts[key] = await page
        .locator('time[dir="ltr"], bdi, a[dir="ltr"], span[dir="ltr"]')
        .count();
    }
    // What is checked is there: the footer's three dates and contact lines (links, and the fax
    // as text) on every page, the contact page's own lines, the list's dates and amounts.
    expect(counts.contact).toBeGreaterThanOrEqual(3 + 3 + 3);
    expect(counts.projects).toBeGreaterThanOrEqual(3 + 3 + 2 * rows.data.length);
    // An Arabic amount keeps its order inside its isolate: the number first (on the right).
    const arabicAmount = amounts.find((amount) => arabicLetters.test(amount));
    expect(arabicAmount, "an amount written with Arabic words, to check").toBeDefined();
    if (arabicAmount) {
      await open(page, `/ar${paths.projects}`);
      const bdi = page.locator("bdi", { hasText: arabicAmount }).first();
      const [number, words] = await bdi.evaluate((element) => {
        const text = element.firstChild as Text;
        const digits = (text.textContent ?? "").search(/\d/);
        const letters = (text.textContent ?? "").search(/[\u0600-\u06FF]/);
        const at = (index: number) => {
          const range = document.createRange();
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          return range.getBoundingClientRect().x;
        };
        return [at(digits), at(letters)];
      });
      expect(number).toBeGreaterThan(words);
    }
  });

  test("news card dates sit where the card's lines start", async ({ page }) => {
    await open(page, "/ar/news");
    const card = page.getByTestId("news-card").first();
    const date = await card.getByTestId("news-date").boundingBox();
    const title = await card.getByRole("heading").boundingBox();
    expect(date && title).toBeTruthy();
    if (!date || !title) return;
    expect(Math.abs(date.x + date.width - (title.x + title.width))).toBeLessThanOrEqual(2);
  });

  test("dates are the same Western digits in the server's HTML, in the browser and in both languages", async ({
    page,
    request,
  }) => {
    const paths = await pagePaths();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text()))
        problems.push(message.text());
    });
    const shown: Record<Lang, string[]> = { en: [], ar: [] };
    for (const lang of languages) {
      for (const key of ["home", "news", "newsItem", "projects", "project"] as const) {
        const path = `/${lang}${paths[key]}`;
        const html = await (await request.get(path)).text();
        const server = [...html.matchAll(/<time\b[^>]*>([^<]*)<\/time>/g)].map(([, text]) =>
          decodeHtml(text ?? ""),
        );
        await open(page, path);
        const inBrowser = await page.locator("time").allTextContents();
        expect(inBrowser, path).toEqual(server);
        for (const date of inBrowser) expect(date, path).toMatch(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);
        shown[lang].push(...inBrowser);
      }
    }
    expect(shown.ar.length).toBeGreaterThan(10);
    expect(shown.ar.sort()).toEqual(shown.en.sort());
    expect(problems).toEqual([]);
  });
});

/** Path of ArrowNext, ChevronNext and ChevronPrevious (components/icons.tsx). */
const directional = ["M5 12h14M13 6l6 6-6 6", "m9 6 6 6-6 6", "m15 6-6 6 6 6"];
/** The play triangle: a media symbol, never mirrored. */
const playback = "M7 5v14l12-7z";

/**
 * The horizontal orientation of each icon drawn with one of `paths`: -1 when the transforms and
 * scales of the icon and its ancestors mirror it, 1 otherwise.
 */
function orientations(page: Page, paths: string[]): Promise<number[]> {
  return page.evaluate((paths) => {
    const icons = [...document.querySelectorAll("svg")].filter((svg) =>
      paths.includes(svg.querySelector("path")?.getAttribute("d") ?? ""),
    );
    return icons.map((icon) => {
      let sign = 1;
      for (let node: Element | null = icon; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.transform !== "none" && new DOMMatrixReadOnly(style.transform).a < 0)
          sign = -sign;
        if (style.scale !== "none" && Number.parseFloat(style.scale) < 0) sign = -sign;
      }
      return sign;
    });
  }, paths);
}

test.describe("icons", () => {
  onlyAt("desktop", widthAgnostic);

  test("every directional icon points the reading direction; the play symbol never turns", async ({
    page,
  }) => {
    const paths = await pagePaths();
    const seen: Record<Lang, number[]> = { en: [], ar: [] };
    for (const key of ["home", "news", "newsItem", "projects", "project", "services"] as const) {
      for (const lang of languages) {
        await open(page, `/${lang}${paths[key]}`);
        const found = await orientations(page, directional);
        expect(found, `/${lang}${paths[key]}`).toEqual(found.map(() => (lang === "ar" ? -1 : 1)));
        seen[lang].push(found.length);
      }
    }
    // The same icons in both languages, and there are some on every page.
    expect(seen.ar).toEqual(seen.en);
    expect(seen.ar.every((count) => count > 0)).toBe(true);

    // The hero's play symbol shows once it is paused (its button exists only with motion).
    await page.emulateMedia({ reducedMotion: "no-preference" });
    for (const lang of languages) {
      await page.goto(`/${lang}`);
      const pause = page.getByTestId("hero-pause");
      await expect(pause).toHaveAccessibleName(t(lang, "home.pauseSlider"));
      await pause.focus();
      await page.keyboard.press("Enter");
      await expect(pause).toHaveAccessibleName(t(lang, "home.playSlider"));
      expect(await orientations(page, [playback]), `/${lang}: the play symbol`).toEqual([1]);
    }
  });
});
