/**
 * Tools the keyboard specs install in every page (`page.addInitScript`, after
 * `installPageNames`) as `window.keyboardTools`: what Tab can reach, focus rings and their
 * contrast.
 */
import "./page-names.ts";

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

export interface RingContrast {
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
}

declare global {
  interface Window {
    keyboardTools: KeyboardTools;
  }
}

/** Installs `window.keyboardTools` in every page (before the page's own scripts). */
export function installKeyboardTools() {
  const { label } = window.pageNames;
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
      // An outline drawn inside its box (negative offset) lies over the box's own content: its
      // background where that is text, no one colour where it is a picture.
      const inside =
        ring.includes("outline") && parseFloat(getComputedStyle(host).outlineOffset) < 0;
      const pictured = "img, picture, svg, video";
      if (inside && host.matches(`${pictured}, :has(${pictured})`)) return null;
      if (getComputedStyle(host).position === "fixed") return null;
      const surface = surfaceOf(inside ? host : host.parentElement);
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
  };
}
