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
