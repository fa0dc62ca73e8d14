/** Locators and checks that every page spec uses: the h1, the pager, clicks, overflow and axe. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, languages, t } from "./content.ts";
import { onlyAt, test } from "./test.ts";

/** The page's h1 (the banner title). */
export const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** The pagination navigation of a list page. */
export const pager = (page: Page, lang: Lang) =>
  page.getByRole("navigation", { name: t(lang, "pagination.label") });

/** The pager of a list page and its "previous" and "next" links. */
export function pagerLinks(page: Page, lang: Lang) {
  const nav = pager(page, lang);
  return {
    nav,
    previous: nav.getByRole("link", { name: t(lang, "pagination.previous") }),
    next: nav.getByRole("link", { name: t(lang, "pagination.next") }),
  };
}

/**
 * On page 1 of the list at `/${lang}${listPath}`: "next" goes to page 2 and "previous" back to
 * page 1, each time to the list (`#list`) showing the items `shows` expects; page 2 is marked.
 */
export async function expectNextThenPrevious<T>(
  page: Page,
  lang: Lang,
  listPath: string,
  [first, second]: [T[], T[]],
  shows: (items: T[]) => Promise<void>,
) {
  const { nav, previous, next } = pagerLinks(page, lang);
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/${lang}${listPath}\\?page=2#list$`));
  await expectAtList(page);
  await shows(second);
  await expect(
    nav.getByRole("link", { name: t(lang, "pagination.page", { page: 2 }), exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await previous.click();
  await expect(page).toHaveURL(new RegExp(`/${lang}${listPath}#list$`));
  await expectAtList(page);
  await shows(first);
}

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

/** The element a toggle button shows and hides (the one its `aria-controls` names). */
export async function controlledBy(page: Page, toggle: Locator) {
  return page.locator(`#${await toggle.getAttribute("aria-controls")}`);
}

/** Presses `key` and expects `toggle` to say its menu is then open (`expanded`) or closed. */
export async function pressToggling(page: Page, key: string, toggle: Locator, expanded: boolean) {
  await page.keyboard.press(key);
  await expect(toggle).toHaveAttribute("aria-expanded", String(expanded));
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

/**
 * Per language, a phone-project test that each page of `paths` (below `/${lang}`) shows its
 * heading and does not scroll sideways.
 */
export function phoneOverflowTests(paths: () => Promise<string[]>) {
  test.describe(() => {
    onlyAt("phone", "phone width");

    for (const lang of languages) {
      test(`/${lang}: no horizontal overflow on a phone, down to 320 px`, async ({ page }) => {
        const size = page.viewportSize() ?? { width: 390, height: 844 };
        for (const pagePath of await paths()) {
          await page.goto(`/${lang}${pagePath}`);
          await expect(heading(page)).toBeVisible();
          await expectNoHorizontalOverflow(page, pagePath);
          // The narrowest phone the site is made for.
          await page.setViewportSize({ width: 320, height: 640 });
          await expectNoHorizontalOverflow(page, `${pagePath} at 320 px`);
          await page.setViewportSize(size);
        }
      });
    }
  });
}

/** The serious and critical axe violations of the page (or of `include`), one line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Violations in full; passes and the rest one node each (axe's resultTypes): faster.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
