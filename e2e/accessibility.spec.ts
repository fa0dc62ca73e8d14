/**
 * axe-core over every kind of page in both languages, at the phone and desktop widths of the
 * two projects: no violation of WCAG 2.2 A/AA or axe's best practices, colour contrast
 * included. Detail pages use the first id of each list; the error screen is the run's site whose
 * API is unreachable (E2E_DOWN_URL).
 */
import AxeBuilder from "@axe-core/playwright";
import { languages, routePath, routes } from "./support/content.ts";
import { E2E_DOWN_URL } from "./support/env.ts";
import { expectNoHorizontalOverflow } from "./support/page-checks.ts";
import { expect, onlyAt, type Page, test } from "./support/test.ts";

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags([
      "wcag2a",
      "wcag2aa",
      "wcag21a",
      "wcag21aa",
      "wcag22aa",
      "best-practice",
      "experimental",
    ])
    // Every violation in full; passes and the rest one node each (axe's resultTypes): making
    // a unique selector for every node that passed took about a third of the time.
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}

// All pages of a language in one page of one browser context (per width): a new context per
// page cost more than the checks.
for (const lang of languages) {
  test(`/${lang}: no axe violations on any kind of page, nor on the error screen`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Without entrance animations: contrast is measured on the settled page.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const found: Record<string, string[]> = {};
    for (const route of routes) {
      const path = await routePath(lang, route);
      await page.goto(path);
      // Contrast on the page's own fonts (goto has waited for its load and its islands).
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const problems = await violations(page);
      if (problems.length > 0) found[path] = problems;
    }
    // The error screen: the run's site whose content API is down.
    const response = await page.goto(`${E2E_DOWN_URL}/${lang}/news`);
    expect(response?.status()).toBe(503);
    const problems = await violations(page);
    if (problems.length > 0) found[`/${lang}/news (API down)`] = problems;
    expect(found).toEqual({});
  });
}

test.describe(() => {
  onlyAt("phone", "one narrow run");
  for (const lang of languages) {
    test(`/${lang}: every page fits 320 px (a 1280 px screen at 400 % zoom) without sideways scrolling`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      for (const route of routes) {
        const path = await routePath(lang, route);
        await page.goto(path);
        await expectNoHorizontalOverflow(page, path);
      }
    });
  }
});

test.describe(() => {
  onlyAt("desktop", "the desktop header and forms");

  for (const lang of languages) {
    test(`/${lang}: with a reader's text spacing (WCAG 1.4.12), every header control stays on the screen at 1280 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const path of [`/${lang}`, `/${lang}/news`]) {
        await page.goto(path);
        await page.addStyleTag({
          content:
            "*{line-height:1.5!important;letter-spacing:0.12em!important;word-spacing:0.16em!important}p{margin-bottom:2em!important}",
        });
        const outside = await page
          .locator("header")
          .locator("a, button, input")
          .evaluateAll((controls) =>
            controls
              .filter((control) => control.getClientRects().length > 0)
              .filter((control) => {
                const box = control.getBoundingClientRect();
                return box.right > window.innerWidth + 1 || box.left < -1;
              })
              .map((control) => control.outerHTML.slice(0, 80)),
          );
        expect(outside, path).toEqual([]);
      }
    });

    test(`/${lang}: in forced colours, the current page of a pager and the chosen search filter still stand out`, async ({
      page,
    }) => {
      await page.emulateMedia({ forcedColors: "active" });
      const fills = (links: ReturnType<Page["locator"]>) =>
        links.evaluateAll((all) =>
          all
            .filter((link) => link.getClientRects().length > 0)
            .map((link) => ({
              current: link.getAttribute("aria-current") === "page",
              fill: getComputedStyle(link).backgroundColor,
            })),
        );
      for (const [path, links] of [
        [`/${lang}/news`, "main nav a"],
        [`/${lang}/search?q=ISO`, "[data-testid=search-kinds] a"],
      ] as const) {
        await page.goto(path);
        const shown = await fills(page.locator(links));
        const current = shown.filter((link) => link.current).map((link) => link.fill);
        const others = new Set(shown.filter((link) => !link.current).map((link) => link.fill));
        expect(current.length, path).toBe(1);
        expect(others.size, path).toBeGreaterThan(0);
        expect(others.has(current[0] ?? ""), `${path}: ${current[0]} among ${[...others]}`).toBe(
          false,
        );
      }
    });

    test(`/${lang}: form fields are drawn with a border of 3:1 against the page (WCAG 1.4.11)`, async ({
      page,
    }) => {
      const contrasts = async () =>
        page.locator("main input:visible, main textarea:visible").evaluateAll((fields) => {
          const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
          const luminance = (color: string) => {
            const [r = 0, g = 0, b = 0] = channels(color).map((c) => {
              const v = c / 255;
              return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const backgroundOf = (element: Element | null): string => {
            for (let at = element; at; at = at.parentElement) {
              const color = getComputedStyle(at).backgroundColor;
              if ((channels(color)[3] ?? 1) > 0) return color;
            }
            return "rgb(255, 255, 255)";
          };
          return fields.map((field) => {
            // The border is the form's own around the search field, the field's on the contact form.
            const framed =
              getComputedStyle(field).borderTopWidth === "0px" ? field.parentElement : field;
            const border = getComputedStyle(framed ?? field).borderTopColor;
            const [a, b] = [
              luminance(border),
              luminance(backgroundOf(framed?.parentElement ?? null)),
            ];
            const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
            return { name: field.getAttribute("name"), ratio: Math.round(ratio * 100) / 100 };
          });
        });
      for (const path of [`/${lang}/contactUs`, `/${lang}/search?q=road`]) {
        await page.goto(path);
        const fields = await contrasts();
        expect(fields.length, path).toBeGreaterThan(0);
        for (const field of fields)
          expect(field.ratio, `${path} ${field.name}`).toBeGreaterThanOrEqual(3);
      }
    });
  }
});
