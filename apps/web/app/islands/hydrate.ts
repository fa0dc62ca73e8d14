/**
 * The browser's one script file, loaded only by pages with islands (island.tsx): it finds each
 * island's root, reads its props from the JSON block after it, and hydrates its component with
 * React when the island's moment comes (its root's `data-hydrate`, decision 014):
 * - `load`: at once (the hero slider, the first thing seen);
 * - `visible`: once it comes within NEAR_VIEW of the viewport, or a visitor starts using it
 *   (focus or a press inside it), whichever is first: an island far below the fold costs
 *   nothing until the page is scrolled towards it;
 * - `in-view`: the same, without the margin: once any of it is in the viewport;
 * - `interaction`: only once a visitor starts using it;
 * - `focus`: the same, for an island whose script is itself loaded on that first focus or input
 *   (the search field): the page script marks its root `data-woken`, and it starts at once.
 * Islands start one after another, the main thread given back between two (`scheduler.yield`,
 * or a task where there is none), and each is hydrated as a transition, which React renders in
 * slices of a few milliseconds: no long task holds the page while React works (issue 33).
 * React and React DOM are in this file, loaded once and shared by every island of the page;
 * each island's own code is a chunk it imports, fetched as soon as the island is due.
 * `data-hydrated` on a root says its island is live (browser tests wait for it). A press on one
 * of an island's buttons, or an arrow key in a carousel, before then is held and made again
 * once it is (`holdEarlyUse`).
 */
import { createElement, type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type HydrateWhen, isIslandName, Slot, withSlots } from "./island.tsx";
import { isCarouselKey } from "./parts/carousel-keys.ts";
import { islandLoaders } from "./registry.ts";

/** How near the view a `visible` island starts hydrating. */
const NEAR_VIEW = "200px";

/** What starts an island that is not live yet: a visitor focusing or pressing inside it. */
const FIRST_USE = ["focusin", "pointerdown"] as const;

/** `scheduler.yield()` where the browser has it (Chromium), else a new task. */
const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

async function hydrate(root: HTMLElement, component: ReturnType<typeof load>) {
  const data = root.nextElementSibling;
  if (!(data instanceof HTMLScriptElement)) return;
  const Component = await component;
  const props = withSlots(JSON.parse(data.text), (index) =>
    createElement(Slot, { index, html: slotHtml(root, index) }),
  ) as object;
  // A transition: React hydrates in slices and gives the main thread back between them.
  startTransition(() => {
    hydrateRoot(root, createElement(MarkHydrated, { root }, createElement(Component, props)));
  });
}

/** The island's own code: its chunk, fetched at once (several may load side by side). */
function load(root: HTMLElement) {
  const name = root.dataset.island;
  if (!isIslandName(name)) return Promise.reject(new Error(`no island "${name}"`));
  return islandLoaders[name]();
}

/** The server's markup of slot `index` of this island (not of an island inside it). */
function slotHtml(root: HTMLElement, index: number): string {
  for (const slot of root.querySelectorAll<HTMLElement>(`[data-slot="${index}"]`))
    if (slot.parentElement?.closest("island-root") === root) return slot.innerHTML;
  return "";
}

function MarkHydrated({ root, children }: { root: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    root.dataset.hydrated = "";
    // The presses and keys held while the island was not live yet (`holdEarlyUse`) are made
    // now, in their order, after the next frame: the island's own effects have run and what
    // they set (a carousel's Embla) is in. Each in a task of its own, so each sees what the one
    // before it did (two presses on a pause button: paused, then playing again).
    const uses = held.get(root) ?? [];
    held.delete(root);
    const replay = (index: number) => {
      const use = uses[index];
      if (!use) return;
      if (use.element.isConnected) {
        if (use.key === undefined) use.element.click();
        else
          use.element.dispatchEvent(
            new KeyboardEvent("keydown", { key: use.key, bubbles: true, cancelable: true }),
          );
      }
      setTimeout(() => replay(index + 1));
    };
    if (uses.length) requestAnimationFrame(() => setTimeout(() => replay(0)));
  }, [root]);
  return children;
}

/** A press on a button or an arrow key, held until its island is live. */
type EarlyUse = { element: HTMLElement; key?: undefined } | { element: Element; key: string };

/** The early presses and keys of each island that was not live yet, the first `MAX_HELD`. */
const held = new WeakMap<HTMLElement, EarlyUse[]>();
const MAX_HELD = 10;

/**
 * A press on a button of an island not live yet (its code still on the way, a few hundred ms
 * after it came into view) would do nothing: the button is React's. It is held, the island is
 * started, and the press is made again once the island is live, so a visitor's first presses
 * on a carousel's arrow are not lost (two presses, two moves). Only `type="button"`: such a
 * button does nothing without its island anyway, where links and a form's buttons work without
 * it and keep their own way. The same for the left and right arrow keys inside a carousel
 * (`data-carousel`), which move it once it is live (parts/carousel-keys.ts).
 */
function holdEarlyUse(event: MouseEvent | KeyboardEvent) {
  const use = earlyUse(event);
  const root = use?.element.closest<HTMLElement>("island-root");
  if (!use || !root || root.dataset.hydrated !== undefined) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const uses = held.get(root) ?? [];
  if (uses.length < MAX_HELD) uses.push(use);
  held.set(root, uses);
  start(root);
}

/** What of `event` an island would act on: a press on a button, an arrow in a carousel. */
function earlyUse(event: MouseEvent | KeyboardEvent): EarlyUse | null {
  const target = event.target;
  // A press's target can be the icon (SVG) inside the button.
  if (!(target instanceof Element)) return null;
  if (event instanceof KeyboardEvent)
    return isCarouselKey(event) && target.closest("[data-carousel]")
      ? { element: target, key: event.key }
      : null;
  const button = target.closest<HTMLElement>('button[type="button"]');
  return button ? { element: button } : null;
}

/** Islands due, in the order they became due, each with its chunk on the way. */
const due: { root: HTMLElement; component: ReturnType<typeof load> }[] = [];
let draining = false;

/** Hydrates the islands due one after another, yielding to the browser before each. */
async function drain() {
  if (draining) return;
  draining = true;
  for (let next = due.shift(); next; next = due.shift()) {
    await yieldToMain();
    try {
      await hydrate(next.root, next.component);
    } catch (error) {
      console.error(`The ${next.root.dataset.island} island could not start`, error);
    }
  }
  draining = false;
}

/** Starts each island whose watched element comes within `margin` of the viewport. */
const watcher = (margin: string) =>
  typeof IntersectionObserver === "undefined"
    ? null
    : new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const root = entry.target.closest<HTMLElement>("island-root");
            if (entry.isIntersecting && root) start(root);
          }
        },
        { rootMargin: margin },
      );

const watchers: Partial<Record<HydrateWhen, IntersectionObserver | null>> = {
  visible: watcher(NEAR_VIEW),
  "in-view": watcher("0px"),
};

/** A root is `display: contents`, without a box of its own: its first element is watched. */
const watched = (root: HTMLElement) => root.firstElementChild ?? root;

const started = new WeakSet<HTMLElement>();

function start(root: HTMLElement) {
  if (started.has(root)) return;
  started.add(root);
  for (const observer of Object.values(watchers)) observer?.unobserve(watched(root));
  const component = load(root);
  component.catch(() => {}); // reported when its turn comes
  due.push({ root, component });
  void drain();
}

for (const type of FIRST_USE) {
  document.addEventListener(
    type,
    (event) => {
      const root = event.target instanceof Element ? event.target.closest("island-root") : null;
      if (root instanceof HTMLElement) start(root);
    },
    { capture: true, passive: true },
  );
}

document.addEventListener("click", holdEarlyUse, { capture: true });
document.addEventListener("keydown", holdEarlyUse, { capture: true });

for (const root of document.querySelectorAll<HTMLElement>("island-root")) {
  const when = root.dataset.hydrate as HydrateWhen | undefined;
  const watching = when === undefined ? undefined : watchers[when];
  const woken = root.dataset.woken !== undefined || root.contains(document.activeElement);
  if (when === "load" || woken) start(root);
  else if (watching) watching.observe(watched(root));
  // Without IntersectionObserver (old browsers), an island that waits for the view starts at once.
  else if (watching === null) start(root);
}
