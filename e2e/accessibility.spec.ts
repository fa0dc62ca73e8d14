/**
 * axe-core over every kind of page in both languages, at the phone and desktop widths of the
 * two projects: no violation of WCAG 2.2 A/AA or axe's best practices, colour contrast
 * included. Detail pages use the first id of each list; the error screen is a site whose API
 * is unreachable.
 */
import AxeBuilder from "@axe-core/playwright";
import { languages, routePath, routes } from "./support/content.ts";
import { E2E_PORT } from "./support/env.ts";
import { expectNoHorizontalOverflow } from "./support/page-checks.ts";
import { type RunningSite, startSite } from "./support/site.ts";
import { expect, type Page, test } from "./support/test.ts";

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
    .analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}

for (const lang of languages) {
  for (const route of routes) {
    test(`/${lang}${route.path}: no axe violations`, async ({ page }) => {
      const path = await routePath(lang, route);
      // Without entrance animations: contrast is measured on the settled page.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await violations(page), path).toEqual([]);
    });
  }
}

for (const lang of languages) {
  test(`/${lang}: every page fits 320 px (a 1280 px screen at 400 % zoom) without sideways scrolling`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "one narrow run");
    await page.setViewportSize({ width: 320, height: 640 });
    for (const route of routes) {
      const path = await routePath(lang, route);
      await page.goto(path);
      await expectNoHorizontalOverflow(page, path);
    }
  });
}

test.describe("the error screen", () => {
  let site: RunningSite;
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeAll(async ({}, testInfo) => {
    const offset = testInfo.project.name === "desktop" ? 88 : 89;
    site = await startSite(E2E_PORT + offset, { API_BASE_URL: "http://127.0.0.1:9" });
  });
  test.afterAll(async () => site?.stop());

  for (const lang of languages) {
    test(`/${lang}: no axe violations`, async ({ page }) => {
      const response = await page.goto(`${site.url}/${lang}/news`);
      expect(response?.status()).toBe(503);
      expect(await violations(page)).toEqual([]);
    });
  }
});
