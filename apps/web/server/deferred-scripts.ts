/**
 * Scripts load after the page has painted (decision record 012). Every page works without
 * JavaScript (server HTML, forms, the header's popover menu); the scripts add the carousels,
 * the lightbox, checks while typing and client-side navigation. On a slow phone network their
 * 150 KB would otherwise share the line with the stylesheet, the font and the banner photo, and
 * hold back the first paint by about a second.
 *
 * React Router's `<Scripts>` has no option for this, so the production server rewrites its
 * output: the `modulepreload` links leave the head, the bootstrap module is kept inert
 * (`type="text/x-deferred-module"`, a data block), and a small inline script starts both once the page has loaded
 * and painted. The bootstrap's text is unchanged, so its Content-Security-Policy hash still
 * allows it when the loader inserts it.
 */

/** The `type` that keeps the bootstrap module from running until the loader starts it. */
export const DEFERRED_TYPE = "text/x-deferred-module";

const modulePreload = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const bootstrapModule = /<script type="module"(?![^>]*\ssrc=)[^>]*>/;

/**
 * The page with its scripts deferred; unchanged when it has no bootstrap module (an error page
 * made outside React Router, or output this code does not know).
 */
export function deferScripts(html: string): string {
  if (!bootstrapModule.test(html)) return html;
  const modules = new Set<string>();
  const withoutPreloads = html.replace(modulePreload, (_link, href: string) => {
    modules.add(href);
    return "";
  });
  const inert = withoutPreloads.replace(
    bootstrapModule,
    `<script type="${DEFERRED_TYPE}" data-modules="${escapeAttribute([...modules].join(" "))}">`,
  );
  const loader = `<script>(${startScriptsAfterPaint.toString()})(${JSON.stringify(DEFERRED_TYPE)})</script>`;
  return inert.replace(/<\/body>(?![\s\S]*<\/body>)/, `${loader}</body>`);
}

/**
 * Runs in the browser, inlined by `deferScripts` (so it must not use anything from outside its
 * own body). After the `load` event, the first contentful paint and one more painted frame, it
 * preloads the page's modules in parallel and puts the bootstrap back as a real module script.
 */
function startScriptsAfterPaint(type: string) {
  const start = () => {
    for (const inert of document.querySelectorAll<HTMLScriptElement>(`script[type="${type}"]`)) {
      for (const href of (inert.dataset.modules ?? "").split(" ").filter(Boolean)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      }
      const script = document.createElement("script");
      script.type = "module";
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    }
  };
  // A frame is painted between the animation frame callback and the timeout: the one that
  // shows what the `load` event waited for (the banner photo, the fonts).
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  // The first contentful paint can come after `load` (the first frames may show no text yet).
  const afterContentfulPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return afterNextPaint();
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      afterNextPaint();
    }).observe({ type: "paint", buffered: true });
  };
  if (document.readyState === "complete") afterContentfulPaint();
  else addEventListener("load", afterContentfulPaint, { once: true });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
