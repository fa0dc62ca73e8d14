/**
 * Keyboard operation and page structure (issue 13), in both languages, each at the width where
 * the control exists: the skip link; Tab through whole pages (every visible control once, in
 * document order, in view and with a focus ring); the desktop dropdowns and the phone menu;
 * the carousels, the hero slider's pause button, the gallery and its lightbox with the arrow
 * keys in the reading direction; the pager; `aria-current` in the navigation; and on every
 * page kind one h1, no skipped heading level, named landmarks, an alt on every image and no
 * link named only "See More".
 */
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import {
  apiData,
  firstId,
  type Lang,
  languages,
  type Paged,
  routePath,
  routes,
  t,
} from "./support/content.ts";
import { E2E_PORT } from "./support/env.ts";
import { pager } from "./support/page-checks.ts";
import { startSite } from "./support/site.ts";

const isDesktop = (testInfo: TestInfo) => testInfo.project.name === "desktop";

/** The arrow key that goes forward (to the next slide) in this language's reading direction. */
const forwardKey = (lang: Lang) => (lang === "ar" ? "ArrowLeft" : "ArrowRight");
const backwardKey = (lang: Lang) => (lang === "ar" ? "ArrowRight" : "ArrowLeft");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Waits until React has hydrated the header (its menu buttons have their handlers). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector("header button[aria-controls]");
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

/** Opens a page and waits for scripts, not for its images. */
async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), path).toBeLessThan(400);
  await hydrated(page);
}

/* ------------------------------------------------------------------------------------------ */
/* In the browser: tabbable elements, focus rings, structure.                                  */
/* ------------------------------------------------------------------------------------------ */

interface Structure {
  headings: string[];
  problems: string[];
}

interface FocusStep {
  /** What has focus ("nothing" once focus has left the page), for messages. */
  what: string;
  /**
   * The control that should have focus instead, when another has it: the first tabbable one
   * after the previously focused one in document order. Null when the right one has it.
   */
  expected: string | null;
  /** Focus left the page (past its last control). */
  left: boolean;
  /** The focused control shows a focus ring already, and is in view (see `ring`, `inView`). */
  shown: boolean;
  /** The ring's contrast with its surface when shown (see `ringContrast`). */
  contrast: RingContrast | null;
}

interface RingContrast {
  ratio: number;
  /** The ring's colour and the surface's, as the browser computes them. */
  ring: string;
  surface: string;
}

interface KeyboardTools {
  /** Starts a walk: notes how every control looks unfocused; returns how many are tabbable. */
  startWalk(): number;
  /** After a Tab: which control has focus, and whether it is the next one in order. */
  step(): FocusStep;
  /** How focus shows on the focused control (an outline or ring it has not unfocused), or null. */
  ring(): string | null;
  /**
   * The focus ring's contrast with the surface around it (WCAG 1.4.11 asks 3:1), or null where
   * that surface is not one known colour (an image, a gradient, a fixed bar over the page).
   */
  ringContrast(): RingContrast | null;
  inView(): boolean;
  structure(generic: string[]): Structure;
}

declare global {
  interface Window {
    keyboardTools: KeyboardTools;
  }
}

/** Installs `window.keyboardTools` in every page (before the page's own scripts). */
function installTools() {
  const label = (element: Element | null): string => {
    if (!element) return "nothing";
    const tag = element.tagName.toLowerCase();
    const name = (nameOf(element) || element.textContent || "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 60);
    const id = element.id ? `#${element.id}` : "";
    const test = element.getAttribute("data-testid");
    return `<${tag}${id}${test ? ` data-testid=${test}` : ""}> "${name}"`;
  };

  const exposed = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true }) &&
    !element.closest('[aria-hidden="true"], [inert]');

  const controls =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';
  /** The controls Tab stops at now, in document order. */
  const tabbables = () =>
    Array.from(document.querySelectorAll<HTMLElement>(controls)).filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.checkVisibility({ visibilityProperty: true }) &&
        !element.closest("[inert]"),
    );
  /** The control focused at the previous step of a walk. */
  let last: HTMLElement | null = null;
  /** The outline and shadows each control and its near ancestors show unfocused. */
  const baseline = new Map<HTMLElement, string[]>();
  /** A colour whose alpha is 0 ("rgba(0, 0, 0, 0)", "oklab(… / 0)", "transparent"). */
  const transparent = (colour: string) =>
    colour === "transparent" ||
    /^rgba\((?:[^,]+,){3}\s*0(\.0+)?\)$/.test(colour) ||
    /\/\s*0(\.0+)?\)$/.test(colour);

  const outline = (element: Element, pseudo?: string) => {
    const style = getComputedStyle(element, pseudo);
    if (style.outlineStyle === "none" || parseFloat(style.outlineWidth) === 0) return "none";
    if (transparent(style.outlineColor)) return "none";
    return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
  };
  /** The ring-like layers of a box-shadow (no offset, no blur, a spread, not transparent). */
  const rings = (element: Element) => {
    const shadow = getComputedStyle(element).boxShadow;
    if (!shadow || shadow === "none") return [];
    return shadow
      .split(/,(?![^(]*\))/)
      .map((layer) => layer.trim())
      .filter((layer) => {
        const match = /^(\w+\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(layer);
        if (!match?.[1] || !match[2] || Number(match[2]) < 1) return false;
        return !transparent(match[1]);
      });
  };
  const ancestors = (element: Element, count: number) => {
    const list: Element[] = [];
    let current = element.parentElement;
    while (current && list.length < count) {
      list.push(current);
      current = current.parentElement;
    }
    return list;
  };
  /** One entry per place a focus indicator can show: the element, its pseudo-elements, parents. */
  const indicators = (element: HTMLElement) => [
    `self ${outline(element)}`,
    `::before ${outline(element, "::before")}`,
    `::after ${outline(element, "::after")}`,
    `self ring ${rings(element).join(" | ") || "none"}`,
    ...ancestors(element, 4).flatMap((parent, level) => [
      `parent ${level + 1} ${outline(parent)}`,
      `parent ${level + 1} ring ${rings(parent).join(" | ") || "none"}`,
    ]),
  ];

  /** Where each entry of `indicators` is drawn: the element itself, or the parent it names. */
  const hosts = (element: HTMLElement) => [
    element,
    element,
    element,
    element,
    ...ancestors(element, 4).flatMap((parent) => [parent, parent]),
  ];
  /** Any CSS colour as sRGB 0-255 and alpha 0-1 (a 1-pixel canvas parses it). */
  const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const rgba = (colour: string): [number, number, number, number] => {
    if (!canvas) throw new Error("no 2D canvas");
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = colour;
    canvas.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const luminance = ([r, g, b]: number[]) => {
    const channel = (value = 0) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  /** `top` with its alpha laid over the opaque `bottom`. */
  const over = (top: number[], bottom: number[]) =>
    [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
  /** The colour behind `from` (its own background, then its ancestors'), or null if unknown. */
  const surfaceOf = (from: Element | null): number[] | null => {
    const layers: number[][] = [];
    for (let element = from; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.backgroundImage !== "none") return null;
      const colour = rgba(style.backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] === 1) break;
      // A fixed bar shows whatever scrolls beneath it, not its parents' background.
      if (style.position === "fixed" || style.position === "sticky") return null;
      if (!element.parentElement) layers.push([255, 255, 255, 1]);
    }
    return layers.reduceRight<number[]>((below, layer) => over(layer, below), [255, 255, 255]);
  };

  const accessibleText = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element)) return "";
    if (node.getAttribute("aria-hidden") === "true") return "";
    if (getComputedStyle(node).display === "none") return "";
    if (node instanceof HTMLImageElement) return node.alt;
    if (node.hasAttribute("aria-label")) return node.getAttribute("aria-label") ?? "";
    return Array.from(node.childNodes).map(accessibleText).join(" ");
  };
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute("aria-labelledby");
    const name = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => {
            const target = document.getElementById(id);
            return target ? accessibleText(target) : "";
          })
          .join(" ")
      : (element.getAttribute("aria-label") ??
        (element.tagName === "A" || element.tagName === "BUTTON" ? accessibleText(element) : ""));
    return (name || element.getAttribute("title") || "").replace(/\s+/g, " ").trim();
  };

  const landmarkRole = (element: Element): string | null => {
    const explicit = element.getAttribute("role")?.split(/\s+/)[0];
    const landmarks = [
      "banner",
      "complementary",
      "contentinfo",
      "form",
      "main",
      "navigation",
      "region",
      "search",
    ];
    if (explicit) return landmarks.includes(explicit) ? explicit : null;
    const scoped = !!element.parentElement?.closest("article, aside, main, nav, section");
    switch (element.tagName) {
      case "MAIN":
        return "main";
      case "NAV":
        return "navigation";
      case "ASIDE":
        return "complementary";
      case "HEADER":
        return scoped ? null : "banner";
      case "FOOTER":
        return scoped ? null : "contentinfo";
      case "SECTION":
        return nameOf(element) ? "region" : null;
      case "FORM":
        return nameOf(element) ? "form" : null;
      case "SEARCH":
        return "search";
      default:
        return null;
    }
  };

  window.keyboardTools = {
    startWalk() {
      last = null;
      baseline.clear();
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(controls)))
        baseline.set(element, indicators(element));
      return tabbables().length;
    },

    step() {
      const list = tabbables();
      const after = last
        ? list.find(
            (element) =>
              !!last && last.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
          )
        : list[0];
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body || active === document.documentElement)
        return {
          what: "nothing",
          expected: after ? label(after) : null,
          left: true,
          shown: false,
          contrast: null,
        };
      last = active;
      return {
        what: label(active),
        expected: active === after ? null : label(after ?? null),
        left: false,
        shown: this.ring() !== null && this.inView(),
        contrast: this.ringContrast(),
      };
    },

    ringContrast() {
      const active = document.activeElement as HTMLElement | null;
      const ring = this.ring();
      if (!active || !ring) return null;
      const host = hosts(active)[indicators(active).indexOf(ring)];
      if (!host) return null;
      const colour = /(?:rgba?|oklab|oklch|lab|lch|color)\([^)]*\)/.exec(ring)?.[0];
      if (!colour) return null;
      // An outline drawn inside its box (negative offset) lies over the box's own content.
      const inside =
        ring.includes("outline") && parseFloat(getComputedStyle(host).outlineOffset) < 0;
      if (inside || getComputedStyle(host).position === "fixed") return null;
      const surface = surfaceOf(host.parentElement);
      if (!surface) return null;
      const shown = over(rgba(colour), surface);
      const [light, dark] = [luminance(shown), luminance(surface)].sort((a, b) => b - a);
      return {
        ratio: Math.round((((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)) * 100) / 100,
        ring: colour,
        surface: `rgb(${surface.map(Math.round).join(", ")})`,
      };
    },

    ring() {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body || !active.matches(":focus-visible")) return null;
      const before = baseline.get(active) ?? [];
      return (
        indicators(active).find((entry, i) => entry !== before[i] && !entry.endsWith(" none")) ??
        null
      );
    },

    /** The focused element is on screen and its middle is not covered (by the fixed header). */
    inView() {
      const active = document.activeElement;
      if (!active || active === document.body) return false;
      const box = active.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return false;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      if (box.right <= 0 || box.left >= window.innerWidth) return false;
      if (box.bottom <= 0 || box.top >= window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === active || active.contains(hit) || hit.contains(active));
    },

    structure(generic: string[]) {
      const problems: string[] = [];

      // Headings: sr-only ones count, hidden ones (display: none, aria-hidden) do not.
      const headingElements = Array.from(
        document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]"),
      ).filter(exposed);
      const levels = headingElements.map((heading) =>
        Number(heading.getAttribute("aria-level") ?? heading.tagName.slice(1)),
      );
      const headings = headingElements.map(
        (heading, i) => `h${levels[i]} ${heading.textContent?.trim().slice(0, 50)}`,
      );
      const h1s = levels.filter((level) => level === 1).length;
      if (h1s !== 1) problems.push(`${h1s} h1 elements`);
      if (levels[0] !== 1) problems.push(`the first heading is not an h1: ${headings[0]}`);
      levels.forEach((level, i) => {
        const previous = levels[i - 1];
        if (i > 0 && previous !== undefined && level > previous + 1)
          problems.push(`heading level skipped: ${headings[i - 1]} → ${headings[i]}`);
      });

      // Landmarks: nav and aside always named; any repeated kind named, each name different.
      const landmarks = Array.from(
        document.querySelectorAll(
          "header, footer, main, nav, aside, section, form, search, [role]",
        ),
      )
        .filter(exposed)
        .map((element) => ({ element, role: landmarkRole(element), name: nameOf(element) }))
        .filter((entry) => entry.role !== null);
      for (const { element, role, name } of landmarks) {
        const needsName = ["navigation", "complementary", "region", "form", "search"];
        if (role && needsName.includes(role) && !name)
          problems.push(`${role} without a name: ${label(element)}`);
      }
      const byRole = new Map<string, string[]>();
      for (const { role, name } of landmarks) {
        if (role) byRole.set(role, [...(byRole.get(role) ?? []), name]);
      }
      for (const [role, names] of byRole) {
        if (["main", "banner", "contentinfo"].includes(role) && names.length > 1)
          problems.push(`${names.length} ${role} landmarks`);
        if (names.length > 1) {
          if (names.some((name) => !name)) problems.push(`repeated ${role} without a name`);
          const unique = new Set(names.map((name) => name.toLowerCase()));
          if (unique.size !== names.length)
            problems.push(`repeated ${role} landmarks share a name: ${names.join(" / ")}`);
        }
      }
      if (!byRole.has("main")) problems.push("no main landmark");

      // Images: every <img> has an alt (empty when decorative), never a file name.
      for (const image of Array.from(document.querySelectorAll("img"))) {
        const alt = image.getAttribute("alt");
        if (alt === null) problems.push(`img without alt: ${image.src}`);
        else if (/\.(jpe?g|png|webp|gif|svg|avif)\b/i.test(alt) || /^(image|photo|img)$/i.test(alt))
          problems.push(`img whose alt is not a description: "${alt}"`);
      }
      for (const svg of Array.from(document.querySelectorAll("svg"))) {
        const hidden = svg.closest('[aria-hidden="true"]');
        const named = svg.getAttribute("role") === "img" && nameOf(svg);
        if (!hidden && !named) problems.push(`svg neither hidden nor named: ${label(svg)}`);
      }
      for (const element of Array.from(document.querySelectorAll('[role="img"]'))) {
        if (element.tagName !== "svg" && exposed(element) && !nameOf(element))
          problems.push(`role=img without a name: ${label(element)}`);
      }

      // Links: each named, and not only "See More" and the like.
      for (const link of Array.from(document.querySelectorAll("a[href]")).filter(exposed)) {
        const name = nameOf(link);
        const bare = name
          .toLowerCase()
          .replace(/[\s.…:!→←›‹»«]+/g, " ")
          .trim();
        if (!bare) problems.push(`link without a name: ${link.getAttribute("href")}`);
        else if (generic.includes(bare))
          problems.push(`link named only "${name}": ${link.getAttribute("href")}`);
      }
      return { headings, problems };
    },
  };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installTools);
});

/**
 * Tabs through the whole page from its top to its end: focus goes to each visible control in
 * document order (no positive tabindex, nothing skipped, no trap), and each is on screen, not
 * under the fixed header, and shows a focus ring it does not have unfocused.
 */
async function tabThrough(page: Page, path: string) {
  const count = await page.evaluate(() => window.keyboardTools.startWalk());
  expect(count, `${path}: controls to reach`).toBeGreaterThan(3);
  const outOfOrder: string[] = [];
  const noRing: string[] = [];
  const offScreen: string[] = [];
  const faint: string[] = [];
  let visited = 0;
  let left = false;
  // A control that turns up during the walk (a carousel's "previous") may add a step or two.
  for (let i = 0; i < count + 10 && !left; i++) {
    await page.keyboard.press("Tab");
    const step = await page.evaluate(() => window.keyboardTools.step());
    left = step.left;
    if (step.expected) outOfOrder.push(`${step.what} instead of ${step.expected}`);
    if (left) break;
    visited++;
    // Rings fade in (Tailwind's transitions include outline-color): judge the settled colour.
    const noteContrast = async (first: RingContrast | null) => {
      if (!first || first.ratio >= 3) return;
      const settled = () => page.evaluate(() => window.keyboardTools.ringContrast());
      const contrast = await expect
        .poll(async () => ((await settled())?.ratio ?? 3) >= 3, { timeout: 2_000 })
        .toBe(true)
        .then(() => null, settled);
      if (contrast)
        faint.push(`${step.what}: ${contrast.ring} on ${contrast.surface} is ${contrast.ratio}:1`);
    };
    if (step.shown) {
      await noteContrast(step.contrast);
      continue;
    }
    // Rings fade in and carousels slide the focused slide into view: wait for both.
    const shown = () =>
      page.evaluate(() => ({
        ring: window.keyboardTools.ring() !== null,
        inView: window.keyboardTools.inView(),
      }));
    const settled = await expect
      .poll(shown, { timeout: 2_000 })
      .toEqual({ ring: true, inView: true })
      .then(
        () => null,
        () => shown(),
      );
    if (settled && !settled.ring) noRing.push(step.what);
    if (!settled)
      await noteContrast(await page.evaluate(() => window.keyboardTools.ringContrast()));
    if (settled && !settled.inView) offScreen.push(step.what);
  }
  expect(left, `${path}: Tab reaches the end of the page`).toBe(true);
  expect(visited, `${path}: controls reached`).toBeGreaterThanOrEqual(count);
  expect(outOfOrder, `${path}: the order Tab follows`).toEqual([]);
  expect(noRing, `${path}: focused without a visible focus ring`).toEqual([]);
  expect(offScreen, `${path}: focused but off screen or under the header`).toEqual([]);
  expect(faint, `${path}: focus rings under 3:1 against their surface`).toEqual([]);
}

for (const lang of languages) {
  test.describe(`keyboard (${lang})`, () => {
    test("skip link: first Tab, visible, Enter moves focus to the main content", async ({
      page,
    }) => {
      for (const path of [`/${lang}`, `/${lang}/news`]) {
        await open(page, path);
        const skip = page.getByRole("link", { name: t(lang, "site.skipToContent") });
        // Hidden (a 1 px box) until it has focus.
        expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
        await page.evaluate(() => window.keyboardTools.startWalk());
        await page.keyboard.press("Tab");
        await expect(skip, path).toBeFocused();
        await expect(skip).toHaveAttribute("href", "#main");
        // Shown on top of everything (the fixed header included) while it has focus.
        await expect(skip).toBeInViewport();
        const box = await skip.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(60);
        expect(box?.height ?? 0).toBeGreaterThan(20);
        expect(await page.evaluate(() => window.keyboardTools.inView())).toBe(true);
        await expect.poll(() => page.evaluate(() => window.keyboardTools.ring())).toBeTruthy();

        await page.keyboard.press("Enter");
        await expect(page.locator("main")).toBeFocused();
        await page.keyboard.press("Tab");
        const inMain = await page.evaluate(() => !!document.activeElement?.closest("main"));
        expect(inMain, `${path}: the Tab after the skip link goes into the content`).toBe(true);
      }
    });

    // Every page on desktop; on phones the home page (the phone menu's button), to keep the
    // suite within its time (the phone menu itself is tested below).
    for (const path of ["", "/news", "/projects", "/projects/{id}", "/contactUs"]) {
      test(`Tab reaches every control of /${lang}${path} in order, in view, with a focus ring`, async ({
        page,
      }, testInfo) => {
        test.skip(!isDesktop(testInfo) && path !== "", "on phones: the home page");
        const route = routes.find((candidate) => candidate.path === path) ?? { path };
        const address = await routePath(lang, route);
        // Without entrance animations, so what is measured is the settled page.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await open(page, address);
        await tabThrough(page, address);
      });
    }

    test("header dropdowns: Space opens, arrow keys move through the entries, Escape closes", async ({
      page,
    }, testInfo) => {
      test.skip(!isDesktop(testInfo), "the dropdowns are the desktop navigation");
      await open(page, `/${lang}/news`);
      const nav = page.getByRole("navigation", { name: t(lang, "nav.label") });
      const toggle = nav.getByRole("button", {
        name: t(lang, "nav.showSubmenu", { name: t(lang, "nav.services") }),
      });
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      const entries = menu.getByRole("link");
      const count = await entries.count();
      expect(count).toBeGreaterThan(2);
      await page.keyboard.press("ArrowDown");
      await expect(entries.nth(0)).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(entries.nth(1)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(entries.nth(0)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(entries.nth(count - 1)).toBeFocused();
      await page.keyboard.press("Home");
      await expect(entries.nth(0)).toBeFocused();
      await page.keyboard.press("End");
      await expect(entries.nth(count - 1)).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();
      await expect(menu).toBeHidden();

      // ArrowDown on a closed toggle opens its menu at the first entry; ArrowUp at the last.
      const about = nav.getByRole("button", { name: t(lang, "nav.aboutUs") });
      await about.focus();
      await page.keyboard.press("ArrowDown");
      await expect(about).toHaveAttribute("aria-expanded", "true");
      const aboutMenu = page.locator(`#${await about.getAttribute("aria-controls")}`);
      await expect(aboutMenu.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(about).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(aboutMenu.getByRole("link").last()).toBeFocused();
      // Tab past the last entry leaves the menu, which closes.
      await page.keyboard.press("Tab");
      await expect(about).toHaveAttribute("aria-expanded", "false");
      await expect(aboutMenu).toBeHidden();
      // Enter on the toggle opens it too.
      await about.focus();
      await page.keyboard.press("Enter");
      await expect(about).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Enter");
      await expect(about).toHaveAttribute("aria-expanded", "false");
    });

    test("phone menu: Enter opens it, Tab and Shift+Tab stay inside, Space expands a sub-menu", async ({
      page,
    }, testInfo) => {
      test.skip(isDesktop(testInfo), "the phone menu is below 1280 px");
      await open(page, `/${lang}/news`);
      const toggle = page.getByRole("button", { name: t(lang, "nav.openMenu") });
      await toggle.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: t(lang, "nav.label") });
      await expect(dialog).toBeVisible();
      const close = dialog.getByRole("button", { name: t(lang, "nav.closeMenu") });
      await expect(close).toBeFocused();
      const controls = await dialog.locator("a[href]:visible, button:visible").count();
      const inDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
      for (let i = 0; i <= controls; i++) {
        await page.keyboard.press("Tab");
        expect(await inDialog(), `Tab ${i + 1}`).toBe(true);
      }
      await close.focus();
      for (let i = 0; i <= controls; i++) {
        await page.keyboard.press("Shift+Tab");
        expect(await inDialog(), `Shift+Tab ${i + 1}`).toBe(true);
      }
      // The current page is marked in the menu.
      await expect(dialog.getByRole("link", { name: t(lang, "nav.news") })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const projects = dialog.getByRole("button", { name: t(lang, "nav.projects") });
      await projects.focus();
      await page.keyboard.press("Space");
      await expect(projects).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Tab");
      await expect(
        dialog.getByRole("link", { name: t(lang, "nav.completedProjects") }),
      ).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${lang}/projects$`));
      await expect(dialog).toBeHidden();
    });

    test("home carousel: arrow keys in the reading direction, Enter and Space on its buttons", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, `/${lang}`);
      const carousel = page.getByTestId("latest-projects");
      await expect(carousel).toHaveAttribute("data-ready", "");
      const previous = carousel.getByTestId("carousel-previous");
      const next = carousel.getByTestId("carousel-next");
      const slides = carousel.getByTestId("carousel-slide");
      const links = slides.locator("a");
      const step = (await slides.nth(0).boundingBox())?.width ?? 0;
      const start = (await slides.nth(0).boundingBox())?.x ?? 0;
      /** Slides moved forward in the reading direction (right to left in English). */
      const expectMoved = (count: number) =>
        expect(async () => {
          const x = (await slides.nth(0).boundingBox())?.x ?? Number.NaN;
          const moved = lang === "ar" ? x - start : start - x;
          expect(Math.abs(moved - count * step)).toBeLessThan(3);
        }).toPass();

      await links.nth(0).focus();
      // At the start there is nothing before: the backward key does nothing.
      await page.keyboard.press(backwardKey(lang));
      await expect(previous).toBeDisabled();
      await expect(links.nth(0)).toBeFocused();
      // The forward key goes to the next slide, and focus goes with it.
      await page.keyboard.press(forwardKey(lang));
      await expect(previous).toBeEnabled();
      await expect(links.nth(1)).toBeFocused();
      await expectMoved(1);
      await page.keyboard.press(forwardKey(lang));
      await expect(links.nth(2)).toBeFocused();
      await expectMoved(2);
      await page.keyboard.press(backwardKey(lang));
      await expect(links.nth(1)).toBeFocused();
      await expectMoved(1);
      await page.keyboard.press(backwardKey(lang));
      await expect(links.nth(0)).toBeFocused();
      await expectMoved(0);
      await expect(previous).toBeDisabled();

      // On the buttons: Enter and Space press them; the arrow keys still slide.
      await next.focus();
      await page.keyboard.press("Enter");
      await expectMoved(1);
      await page.keyboard.press("Space");
      await expectMoved(2);
      await page.keyboard.press(backwardKey(lang));
      await expectMoved(1);
      await expect(next).toBeFocused();
      await previous.focus();
      await page.keyboard.press("Enter");
      await expectMoved(0);
      // Back at the start, "previous" is unavailable but keeps focus (not dropped on the page).
      await expect(previous).toBeDisabled();
      await expect(previous).toBeFocused();
      await page.keyboard.press(forwardKey(lang));
      await expectMoved(1);
    });

    test("hero slider: pause toggles with Enter and Space and says so; arrow keys slide", async ({
      page,
    }) => {
      await open(page, `/${lang}`);
      const hero = page.getByTestId("hero-slider");
      await expect(hero).toHaveAttribute("data-ready", "");
      const pause = page.getByTestId("hero-pause");
      await expect(pause).toHaveAccessibleName(t(lang, "home.pauseSlider"));
      await pause.focus();
      await page.keyboard.press("Enter");
      await expect(pause).toHaveAccessibleName(t(lang, "home.playSlider"));
      await expect(pause).toBeFocused();

      const slides = page.getByTestId("hero-slide");
      const count = await slides.count();
      const selected = () =>
        slides.evaluateAll((all) => all.findIndex((slide) => slide.hasAttribute("data-selected")));
      // Paused: the slide shown only changes with the keys.
      const at = await selected();
      await page.keyboard.press(forwardKey(lang));
      await expect.poll(selected).toBe((at + 1) % count);
      await page.keyboard.press(backwardKey(lang));
      await page.keyboard.press(backwardKey(lang));
      await expect.poll(selected).toBe((at - 1 + count) % count);

      // Tab goes on to "next"; Enter and Space press it.
      await page.keyboard.press("Tab");
      const next = hero.getByRole("button", {
        name: t(lang, "home.carouselNext", { name: t(lang, "home.bannerRegion") }),
      });
      await expect(next).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(selected).toBe(at);
      await page.keyboard.press("Space");
      await expect.poll(selected).toBe((at + 1) % count);

      await pause.focus();
      await page.keyboard.press("Space");
      await expect(pause).toHaveAccessibleName(t(lang, "home.pauseSlider"));
    });

    test("gallery and lightbox: arrow keys, Enter opens, focus trapped, Escape gives it back", async ({
      page,
    }) => {
      const id = await firstId("/api/Completed-projects", lang);
      const { projects: project } = await apiData<{
        projects: { title: string; project_images: unknown[] };
      }>(`/api/projects/${id}`, lang);
      const total = project.project_images.length;
      expect(total, "the first completed project has three photos or more").toBeGreaterThan(2);
      await open(page, `/${lang}/projects/${id}`);
      const gallery = page.getByTestId("image-gallery");
      await expect(gallery).toHaveAttribute("data-ready", "");
      const counter = gallery.getByTestId("gallery-counter");
      const photo = (index: number) => t(lang, "common.imageOf", { index, total });
      const thumbs = gallery.getByRole("button", {
        name: new RegExp(`^${escapeRegExp(t(lang, "common.viewLarger", { title: "" }))}`),
      });

      await thumbs.nth(0).focus();
      await page.keyboard.press(backwardKey(lang));
      await expect(counter).toHaveText(photo(1));
      await page.keyboard.press(forwardKey(lang));
      await expect(counter).toHaveText(photo(2));
      await expect(thumbs.nth(1)).toBeFocused();
      await expect(thumbs.nth(1)).toBeInViewport({ ratio: 0.9 });

      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 2`);
      await expect(dialog.getByRole("button", { name: t(lang, "common.close") })).toBeFocused();
      const inDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
      const controls = await dialog.getByRole("button").count();
      for (let i = 0; i <= controls; i++) {
        await page.keyboard.press("Tab");
        expect(await inDialog(), `Tab ${i + 1}`).toBe(true);
      }
      for (let i = 0; i <= controls; i++) {
        await page.keyboard.press("Shift+Tab");
        expect(await inDialog(), `Shift+Tab ${i + 1}`).toBe(true);
      }
      await page.keyboard.press(forwardKey(lang));
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 3`);
      await page.keyboard.press(backwardKey(lang));
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 2`);
      // Enter and Space press the dialog's own buttons.
      const nextPhoto = dialog.getByRole("button", { name: t(lang, "common.next") });
      await nextPhoto.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 3`);
      await page.keyboard.press("Space");
      await expect(dialog.locator("img")).toHaveAttribute(
        "alt",
        `${project.title} ${total > 3 ? 4 : 1}`,
      );

      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(thumbs.nth(1)).toBeFocused();
    });

    test("pager: the current page is marked, Tab reaches the pages, Enter follows them", async ({
      page,
    }) => {
      const { pagination } = await apiData<Paged<unknown>>("/api/news", lang);
      expect(pagination.last_page, "the demo news fill more than one page").toBeGreaterThan(1);
      await open(page, `/${lang}/news`);
      const nav = pager(page, lang);
      const current = nav.locator('[aria-current="page"]').filter({ visible: true });
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAccessibleName(t(lang, "pagination.current", { page: 1 }));

      // From the last control before the pager, Tab goes page by page.
      const lastBefore = await page.evaluate(() => {
        const controls = Array.from(document.querySelectorAll<HTMLElement>("main a[href]"));
        const pagerNav = document.querySelector("main nav");
        const before = controls.filter(
          (control) =>
            pagerNav &&
            control.compareDocumentPosition(pagerNav) & Node.DOCUMENT_POSITION_FOLLOWING &&
            !pagerNav.contains(control),
        );
        before.at(-1)?.setAttribute("data-before-pager", "");
        return before.length;
      });
      expect(lastBefore).toBeGreaterThan(0);
      await page.locator("[data-before-pager]").focus();
      await page.keyboard.press("Tab");
      await expect(current).toBeFocused();
      await page.keyboard.press("Tab");
      const second = nav
        .getByRole("link", { name: t(lang, "pagination.page", { page: 2 }) })
        .filter({ visible: true });
      await expect(second).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${lang}/news\\?page=2$`));
      await expect(current).toHaveAccessibleName(t(lang, "pagination.current", { page: 2 }));
      await expect(current).toHaveCount(1);

      const previous = nav.getByRole("link", { name: t(lang, "pagination.previous") });
      await previous.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${lang}/news$`));
      await expect(current).toHaveAccessibleName(t(lang, "pagination.current", { page: 1 }));
    });

    test("the navigation marks the link of the current page with aria-current", async ({
      page,
    }, testInfo) => {
      const desktop = isDesktop(testInfo);
      // A top-level link, a page inside one (no link is the page), a page with a link in the
      // menu and in a sub-menu, a page only in a sub-menu.
      const pages = ["", "/news/{id}", "/projects", "/overview", "/contactUs"];
      for (const path of pages) {
        const route = routes.find((candidate) => candidate.path === path) ?? { path };
        const address = await routePath(lang, route);
        await open(page, address);
        if (!desktop) {
          await page.getByRole("button", { name: t(lang, "nav.openMenu") }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
        }
        const nav = desktop
          ? page.locator("header nav").first()
          : page.getByRole("dialog").locator("nav");
        await expect(nav).toBeVisible();
        // Every link to this very page says so, and no other link claims to be the page.
        const links = await nav.locator("a[href]").evaluateAll((all) =>
          all.map((link) => ({
            href: link.getAttribute("href") ?? "",
            current: link.getAttribute("aria-current"),
            text: link.textContent?.trim() ?? "",
          })),
        );
        const here = links.filter((link) => link.href.toLowerCase() === address.toLowerCase());
        const claiming = links.filter((link) => link.current === "page");
        expect(
          claiming.map((link) => link.text),
          address,
        ).toEqual(here.map((link) => link.text));
        if (path !== "/news/{id}")
          expect(here.length, `${address}: a link in the navigation`).toBeGreaterThan(0);
        // The visible link of this page is named and marked for assistive technology.
        // The link shown without opening a sub-menu (the phone menu's Projects is a button).
        if (["", "/contactUs", ...(desktop ? ["/projects"] : [])].includes(path)) {
          const shown = nav.locator('a[aria-current="page"]').filter({ visible: true });
          await expect(shown.first(), address).toBeVisible();
        }
      }
    });
  });
}

const genericNames = (lang: Lang) => [
  "see more",
  "read more",
  "more",
  "click here",
  "here",
  "link",
  "details",
  t(lang, "common.seeMore").toLowerCase(),
  t(lang, "common.readMore").toLowerCase(),
];

/**
 * The structure problems of each page at `addresses` (none: an empty object), at 1280 and at
 * 375 px: what is shown (the desktop navigation or the phone menu's button, the pager's pages,
 * the table's headers) changes with the width, the document does not.
 */
async function structureProblems(page: Page, lang: Lang, addresses: string[]) {
  const failures: Record<string, string[]> = {};
  for (const address of addresses) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(address, { waitUntil: "domcontentloaded" });
    // Once scripts have run (the error screen has no header to wait for).
    await page.waitForFunction(() => {
      const button = document.querySelector("header button[aria-controls]");
      const main = document.querySelector("main");
      return button
        ? Object.keys(button).some((key) => key.startsWith("__reactProps"))
        : !!main && Object.keys(main).some((key) => key.startsWith("__react"));
    });
    for (const width of [1280, 375]) {
      if (width !== 1280) await page.setViewportSize({ width, height: 800 });
      const { headings, problems } = await page.evaluate(
        (words) => window.keyboardTools.structure(words),
        genericNames(lang),
      );
      expect(headings.length, address).toBeGreaterThan(0);
      if (problems.length) failures[`${address} at ${width} px`] = problems;
    }
  }
  return failures;
}

test.describe("page structure", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => {
    test.skip(!isDesktop(testInfo), "each page is checked at both widths in one load");
  });

  // Two halves of the page kinds per language, so the two workers share them.
  const halves = [routes.slice(0, 8), routes.slice(8)];
  for (const lang of languages) {
    for (const [half, list] of halves.entries()) {
      test(`/${lang}: one h1, no skipped level, named landmarks, described images (page kinds ${half + 1}/2)`, async ({
        page,
      }) => {
        const addresses = await Promise.all(list.map((route) => routePath(lang, route)));
        expect(await structureProblems(page, lang, addresses)).toEqual({});
      });
    }
  }

  test("the error screen (the content API is down), in both languages", async ({ page }) => {
    const site = await startSite(E2E_PORT + 94, {
      API_BASE_URL: "http://127.0.0.1:9",
    });
    try {
      for (const lang of languages) {
        expect(await structureProblems(page, lang, [`${site.url}/${lang}/news`])).toEqual({});
      }
    } finally {
      await site.stop();
    }
  });
});
