/**
 * Tools the structure spec installs in every page (`page.addInitScript`, after
 * `installPageNames`) as `window.structureTools`: the page's headings, landmarks, image
 * descriptions and `sizes`, link names, and the line height of text that wraps.
 */
import "./page-names.ts";

interface Structure {
  headings: string[];
  problems: string[];
}

declare global {
  interface Window {
    structureTools: { structure(generic: string[]): Structure };
  }
}

/** Installs `window.structureTools` in every page (before the page's own scripts). */
export function installStructureTools() {
  const { label, exposed, nameOf } = window.pageNames;
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

  window.structureTools = {
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
      // Each image's `sizes` says about the width it is drawn at: never less (a blurred photo),
      // nor half as much again (the bytes of a larger image, on a phone's connection).
      const drawnAt = (sizes: string) => {
        // Each entry: an optional media condition (`(a) and (b)` too), then a length, the last
        // word or a function (`calc(...)`).
        for (const part of sizes.split(/,(?![^(]*\))/)) {
          const [, media, length] =
            /^\s*(.*?)\s*((?:calc|min|max|clamp)\(.*\)|\S+)\s*$/.exec(part) ?? [];
          if (media && !matchMedia(media).matches) continue;
          const probe = document.createElement("div");
          probe.style.width = length ?? "0";
          document.body.append(probe);
          const width = probe.getBoundingClientRect().width;
          probe.remove();
          return width;
        }
        return 0;
      };
      for (const image of Array.from(document.querySelectorAll("img[sizes], img[data-sizes]"))) {
        const drawn = image.getBoundingClientRect().width;
        if (image.getClientRects().length === 0 || drawn === 0) continue;
        const said = drawnAt(image.getAttribute("sizes") ?? image.getAttribute("data-sizes") ?? "");
        if (said < drawn - 2 || said > drawn * 1.5)
          problems.push(
            `img drawn ${Math.round(drawn)} px wide, sizes ${Math.round(said)} px: ${label(image)}`,
          );
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
      // Text that wraps is never set solid: its lines at least 1.15 times its size (Tailwind's
      // large sizes come with a line height of 1, and a page title on two lines had its
      // descenders on the next line's capitals). Arabic asks for more: arabic.spec.ts.
      for (const element of Array.from(document.body.querySelectorAll("*"))) {
        const texts = Array.from(element.childNodes).filter(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!texts.length || !element.checkVisibility()) continue;
        const style = getComputedStyle(element);
        const size = Number.parseFloat(style.fontSize);
        if (style.lineHeight === "normal" || Number.parseFloat(style.lineHeight) >= size * 1.15)
          continue;
        // Its lines: the tops of its text's boxes, more than half a size apart.
        const tops = texts
          .flatMap((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          })
          .map((rect) => rect.top)
          .sort((a, b) => a - b);
        const lines = tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? 0) > size / 2);
        if (lines.length > 1)
          problems.push(`lines set solid (${size} px on ${style.lineHeight}): ${label(element)}`);
      }
      return { headings, problems };
    },
  };
}
