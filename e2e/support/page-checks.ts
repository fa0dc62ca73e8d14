/** Locators and checks that every page spec uses: the h1, the pager, clicks, overflow and axe. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "./content.ts";

/** The page's h1 (the banner title). */
export const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** The pagination navigation of a list page. */
export const pager = (page: Page, lang: Lang) =>
  page.getByRole("navigation", { name: t(lang, "pagination.label") });

/**
 * After a pager link: the page shows the list (the `#list` element: its heading and items) just
 * under the fixed header, not the top of the banner.
 */
export async function expectAtList(page: Page) {
  const list = page.locator("#list");
  await expect
    .poll(async () => {
      const [top, header, scrolled] = await list.evaluate((element) => [
        element.getBoundingClientRect().top,
        document.querySelector("header")?.getBoundingClientRect().bottom ?? 0,
        window.scrollY,
      ]);
      return scrolled > 0 && top >= header - 1 && top - header < 40;
    })
    .toBe(true);
}

/** A real mouse click in the middle of `target`, whatever element is on top there. */
export async function clickAt(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to click");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoHorizontalOverflow(page: Page, message?: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, message).toBeLessThanOrEqual(0);
}

/** The serious and critical axe violations of the page (or of `include`), one line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
