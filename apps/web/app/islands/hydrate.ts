/**
 * The browser's one script file, loaded only by pages with islands (island.tsx): it finds each
 * island's root, reads its props from the JSON block after it, and hydrates its component with
 * React, at once for `load` islands, on the first focus or input inside it for `focus` ones,
 * and otherwise when the island comes near the view or the browser is idle, whichever is first. React and React DOM are in this file, loaded once and
 * shared by every island of the page; each island's own code is a chunk it imports.
 * `data-hydrated` on a root says its island is live (browser tests wait for it).
 */
import { createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { isIslandName, Slot, withSlots } from "./island.tsx";
import { islandLoaders } from "./registry.ts";

/** How near the view an island starts hydrating. */
const NEAR_VIEW = "200px";

async function hydrate(root: HTMLElement) {
  const name = root.dataset.island;
  const data = root.nextElementSibling;
  if (!isIslandName(name) || !(data instanceof HTMLScriptElement)) return;
  const Component = await islandLoaders[name]();
  const props = withSlots(JSON.parse(data.text), (index) =>
    createElement(Slot, { index, html: slotHtml(root, index) }),
  ) as object;
  hydrateRoot(root, createElement(MarkHydrated, { root }, createElement(Component, props)));
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
  }, [root]);
  return children;
}

const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window ? requestIdleCallback(run) : setTimeout(run, 200);

const nearView =
  typeof IntersectionObserver === "undefined"
    ? null
    : new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const root = entry.target.closest<HTMLElement>("island-root");
            if (entry.isIntersecting && root) start(root);
          }
        },
        { rootMargin: NEAR_VIEW },
      );

/** A root is `display: contents`, without a box of its own: its first element is watched. */
const watched = (root: HTMLElement) => root.firstElementChild ?? root;

const started = new WeakSet<HTMLElement>();

function start(root: HTMLElement) {
  if (started.has(root)) return;
  started.add(root);
  nearView?.unobserve(watched(root));
  hydrate(root).catch((error: unknown) => {
    console.error(`The ${root.dataset.island} island could not start`, error);
  });
}

for (const root of document.querySelectorAll<HTMLElement>("island-root")) {
  if (root.dataset.hydrate === "load") {
    start(root);
    continue;
  }
  if (root.dataset.hydrate === "focus") {
    // Woken by the page script (the focus or input that loaded this file), or when it comes.
    if (root.dataset.woken !== undefined || root.contains(document.activeElement)) start(root);
    else for (const type of ["focusin", "input"]) root.addEventListener(type, () => start(root));
    continue;
  }
  nearView?.observe(watched(root));
  whenIdle(() => start(root));
}
