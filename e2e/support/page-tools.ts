/**
 * Tools the keyboard and structure specs install in every page (`page.addInitScript`) as
 * `window.keyboardTools`: what Tab can reach, focus rings and their contrast, and the page's
 * structure (headings, landmarks, image descriptions, link names).
 */
/* ------------------------------------------------------------------------------------------ */
/* In the browser: tabbable elements, focus rings, structure.                                  */
/* ------------------------------------------------------------------------------------------ */

export interface Structure {
  headings: string[];
  problems: string[];
}

export interface FocusStep {
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

export interface RingContrast {
  ratio: number;
  /** The ring's colour and the surface's, as the browser computes them. */
  ring: string;
  surface: string;
}

export interface KeyboardTools {
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
export function installTools() {
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
