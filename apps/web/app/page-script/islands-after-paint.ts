/**
 * Loads the islands' script (app/islands/hydrate.ts) once the page's first content has been
 * painted, on pages that have islands other than those hydrated on focus: the first view's bytes (styles, fonts, the hero's photo)
 * are not shared with React's, which the islands need only a moment later. Without paint
 * timing (older browsers) it waits for `load` instead (which may come before the paint).
 * Inlined with `toString()`: it must not use anything from outside.
 */
export function loadIslandsAfterPaint(src: string): void {
  if (!document.querySelector('island-root:not([data-hydrate="focus"])')) return;
  const add = () => {
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    document.head.append(script);
  };
  if (
    typeof PerformanceObserver === "undefined" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    addEventListener("load", () => setTimeout(add, 0), { once: true });
    return;
  }
  // A page opened in a background tab paints, and so loads its islands, once it is shown.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(add, 0);
  }).observe({ type: "paint", buffered: true });
}

/**
 * Loads the islands' script on the first focus or input inside an island hydrated on focus
 * (the search field), marking its root `data-woken` so the script hydrates it at once: a page
 * whose only island is the search field loads no script until someone uses it. Inlined with
 * `toString()`: it must not use anything from outside.
 */
export function loadIslandsOnFocus(src: string): void {
  const wake = (event: Event) => {
    const target = event.target;
    const root =
      target instanceof Element ? target.closest('island-root[data-hydrate="focus"]') : null;
    if (!(root instanceof HTMLElement) || root.dataset.woken !== undefined) return;
    root.dataset.woken = "";
    // A module is run once however often it is added (the same address).
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    document.head.append(script);
  };
  for (const type of ["focusin", "input"]) document.addEventListener(type, wake, true);
}
