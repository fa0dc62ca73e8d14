/**
 * The loading indicator of a page the browser is leaving (SPEC.md 4): a link to another page
 * of the site shows components/loading.tsx's indicator (the full-screen overlay for a home
 * page, the slim bar for others) until the next page replaces this one. A link that does not
 * replace this page shows nothing: a download (`download`, or a file such as a PDF in rich
 * content, served through `/storage`), another origin, another window. Inlined by
 * page-script.ts with `toString()`: it uses nothing from outside its body except the addresses
 * of home pages and of pages (page-table.ts `HOME_PATH`, `PAGE_PATH`), passed in.
 */
export function showLoadingOnLeave(homePath: RegExp, pagePath: RegExp): void {
  const indicators = () => document.querySelectorAll<HTMLElement>("[data-loading]");
  // On window, so it runs after any listener of the page that handles the click itself.
  window.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
    if (link.target && link.target !== "_self") return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || !pagePath.test(url.pathname)) return;
    // A link to a place on this page loads nothing.
    if (url.hash && url.pathname === location.pathname && url.search === location.search) return;
    const kind = homePath.test(url.pathname) ? "home" : "page";
    for (const indicator of indicators()) indicator.hidden = indicator.dataset.loading !== kind;
  });
  // Back to this page from the browser's cache: it is not loading.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) for (const indicator of indicators()) indicator.hidden = true;
  });
}
