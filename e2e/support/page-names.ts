/**
 * What the keyboard and structure tools (keyboard-tools.ts, structure-tools.ts) share in the
 * page: an element's accessible name, whether it is exposed to assistive technology, and a
 * label for messages. Installed first, as `window.pageNames`.
 */

interface PageNames {
  label(element: Element | null): string;
  exposed(element: Element): boolean;
  nameOf(element: Element): string;
}

declare global {
  interface Window {
    pageNames: PageNames;
  }
}

/** Installs `window.pageNames` in every page (before the page's own scripts). */
export function installPageNames() {
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

  window.pageNames = { label, exposed, nameOf };
}
