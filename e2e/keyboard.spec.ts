/**
 * Keyboard operation (issue 13), in both languages, each at the width where the control
 * exists: the skip link; Tab through whole pages (every visible control once, in document
 * order, in view, with a focus ring of 3:1 against its surface); the desktop dropdowns and the
 * phone menu; `aria-current` in the navigation. The carousels, slider, gallery and pager:
 * keyboard-widgets.spec.ts. Page structure is in structure.spec.ts.
 */

import { languages, routePath, routes, t } from "./support/content.ts";
import { open } from "./support/keyboard.ts";
import { installKeyboardTools, type RingContrast } from "./support/keyboard-tools.ts";
import { controlledBy, pressToggling } from "./support/page-checks.ts";
import { installPageNames } from "./support/page-names.ts";
import { expect, onlyAt, type Page, type TestInfo, test } from "./support/test.ts";

const isDesktop = (testInfo: TestInfo) => testInfo.project.name === "desktop";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installPageNames);
  await page.addInitScript(installKeyboardTools);
});

/**
 * Tabs through the whole page from its top to its end: focus goes to each visible control in
 * document order (no positive tabindex, nothing skipped, no trap), and each is on screen, not
 * under the fixed header, and shows a focus ring it does not have unfocused.
 */
async function tabThrough(page: Page, path: string) {
  const count = await page.evaluate(() => window.keyboardTools.startWalk());
  expect(count, `${path}: controls to reach`).toBeGreaterThan(3);
  const outOfOrder: string[] = [];
  const noRing: string[] = [];
  const offScreen: string[] = [];
  const faint: string[] = [];
  let visited = 0;
  let left = false;
  // A control that turns up during the walk (a carousel's "previous") may add a step or two.
  for (let i = 0; i < count + 10 && !left; i++) {
    await page.keyboard.press("Tab");
    const step = await page.evaluate(() => window.keyboardTools.step());
    left = step.left;
    if (step.expected) outOfOrder.push(`${step.what} instead of ${step.expected}`);
    if (left) break;
    visited++;
    // Rings fade in (Tailwind's transitions include outline-color): judge the settled colour.
    const noteContrast = async (first: RingContrast | null) => {
      if (!first || first.ratio >= 3) return;
      const settled = () => page.evaluate(() => window.keyboardTools.ringContrast());
      const contrast = await expect
        .poll(async () => ((await settled())?.ratio ?? 3) >= 3, { timeout: 2_000 })
        .toBe(true)
        .then(() => null, settled);
      if (contrast)
        faint.push(`${step.what}: ${contrast.ring} on ${contrast.surface} is ${contrast.ratio}:1`);
    };
    if (step.shown) {
      await noteContrast(step.contrast);
      continue;
    }
    // Rings fade in and carousels slide the focused slide into view: wait for both.
    const shown = () =>
      page.evaluate(() => ({
        ring: window.keyboardTools.ring() !== null,
        inView: window.keyboardTools.inView(),
      }));
    const settled = await expect
      .poll(shown, { timeout: 2_000 })
      .toEqual({ ring: true, inView: true })
      .then(
        () => null,
        () => shown(),
      );
    if (settled && !settled.ring) noRing.push(step.what);
    if (!settled)
      await noteContrast(await page.evaluate(() => window.keyboardTools.ringContrast()));
    if (settled && !settled.inView) offScreen.push(step.what);
  }
  expect(left, `${path}: Tab reaches the end of the page`).toBe(true);
  expect(visited, `${path}: controls reached`).toBeGreaterThanOrEqual(count);
  expect(outOfOrder, `${path}: the order Tab follows`).toEqual([]);
  expect(noRing, `${path}: focused without a visible focus ring`).toEqual([]);
  expect(offScreen, `${path}: focused but off screen or under the header`).toEqual([]);
  expect(faint, `${path}: focus rings under 3:1 against their surface`).toEqual([]);
}

for (const lang of languages) {
  test.describe(`keyboard (${lang})`, () => {
    test("skip link: first Tab, visible, Enter moves focus to the main content", async ({
      page,
    }) => {
      for (const path of [`/${lang}`, `/${lang}/news`]) {
        await open(page, path);
        const skip = page.getByRole("link", { name: t(lang, "site.skipToContent") });
        // Hidden (a 1 px box) until it has focus.
        expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
        await page.evaluate(() => window.keyboardTools.startWalk());
        await page.keyboard.press("Tab");
        await expect(skip, path).toBeFocused();
        await expect(skip).toHaveAttribute("href", "#main");
        // Shown on top of everything (the fixed header included) while it has focus.
        await expect(skip).toBeInViewport();
        const box = await skip.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(60);
        expect(box?.height ?? 0).toBeGreaterThan(20);
        expect(await page.evaluate(() => window.keyboardTools.inView())).toBe(true);
        await expect.poll(() => page.evaluate(() => window.keyboardTools.ring())).toBeTruthy();

        await page.keyboard.press("Enter");
        await expect(page.locator("main")).toBeFocused();
        await page.keyboard.press("Tab");
        const inMain = await page.evaluate(() => !!document.activeElement?.closest("main"));
        expect(inMain, `${path}: the Tab after the skip link goes into the content`).toBe(true);
      }
    });

    // Every page kind with its own controls, at both widths (on phones the header is the
    // phone menu's button, and tables and galleries are laid out for a narrow screen).
    for (const path of [
      "",
      "/news",
      "/projects",
      "/projects/{id}",
      "/contactUs",
      "/search?q=iso",
    ]) {
      test(`Tab reaches every control of /${lang}${path} in order, in view, with a focus ring`, async ({
        page,
      }) => {
        const route = routes.find((candidate) => candidate.path === path) ?? { path };
        const address = await routePath(lang, route);
        // Without entrance animations, so what is measured is the settled page.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await open(page, address);
        await tabThrough(page, address);
      });
    }

    test.describe(() => {
      onlyAt("desktop", "the dropdowns are the desktop navigation");

      test("header dropdowns: Space opens, arrow keys move through the entries, Escape closes", async ({
        page,
      }) => {
        await open(page, `/${lang}/news`);
        const nav = page.getByRole("navigation", { name: t(lang, "nav.label") });
        const toggle = nav.getByRole("button", {
          name: t(lang, "nav.showSubmenu", { name: t(lang, "nav.services") }),
        });
        await toggle.focus();
        await pressToggling(page, "Space", toggle, true);
        const menu = await controlledBy(page, toggle);
        const entries = menu.getByRole("link");
        const count = await entries.count();
        expect(count).toBeGreaterThan(2);
        await page.keyboard.press("ArrowDown");
        await expect(entries.nth(0)).toBeFocused();
        // Its ring stands out from the white menu (3:1), though the header around it is dark.
        await expect
          .poll(async () => (await page.evaluate(() => window.keyboardTools.ringContrast()))?.ratio)
          .toBeGreaterThanOrEqual(3);
        await page.keyboard.press("ArrowDown");
        await expect(entries.nth(1)).toBeFocused();
        await page.keyboard.press("ArrowUp");
        await expect(entries.nth(0)).toBeFocused();
        await page.keyboard.press("ArrowUp");
        await expect(entries.nth(count - 1)).toBeFocused();
        await page.keyboard.press("Home");
        await expect(entries.nth(0)).toBeFocused();
        await page.keyboard.press("End");
        await expect(entries.nth(count - 1)).toBeFocused();
        await pressToggling(page, "Escape", toggle, false);
        await expect(toggle).toBeFocused();
        await expect(menu).toBeHidden();

        // ArrowDown on a closed toggle opens its menu at the first entry; ArrowUp at the last.
        const about = nav.getByRole("button", { name: t(lang, "nav.aboutUs") });
        await about.focus();
        await pressToggling(page, "ArrowDown", about, true);
        const aboutMenu = await controlledBy(page, about);
        await expect(aboutMenu.getByRole("link").first()).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(about).toBeFocused();
        await page.keyboard.press("ArrowUp");
        await expect(aboutMenu.getByRole("link").last()).toBeFocused();
        // Tab past the last entry leaves the menu, which closes.
        await pressToggling(page, "Tab", about, false);
        await expect(aboutMenu).toBeHidden();
        // Enter on the toggle opens it too.
        await about.focus();
        await pressToggling(page, "Enter", about, true);
        await pressToggling(page, "Enter", about, false);
      });
    });

    test.describe(() => {
      onlyAt("phone", "the phone menu is below 1280 px");

      test("phone menu: Enter opens it, Tab and Shift+Tab stay inside, Space expands a sub-menu", async ({
        page,
      }) => {
        await open(page, `/${lang}/news`);
        const toggle = page.getByRole("button", { name: t(lang, "nav.openMenu") });
        await toggle.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: t(lang, "nav.menu") });
        await expect(dialog).toBeVisible();
        const close = dialog.getByRole("button", { name: t(lang, "nav.closeMenu") });
        await expect(close).toBeFocused();
        const controls = await dialog.locator("a[href]:visible, button:visible").count();
        const inDialog = () =>
          dialog.evaluate((element) => element.contains(document.activeElement));
        for (let i = 0; i <= controls; i++) {
          await page.keyboard.press("Tab");
          expect(await inDialog(), `Tab ${i + 1}`).toBe(true);
        }
        await close.focus();
        for (let i = 0; i <= controls; i++) {
          await page.keyboard.press("Shift+Tab");
          expect(await inDialog(), `Shift+Tab ${i + 1}`).toBe(true);
        }
        // The current page is marked in the menu.
        await expect(dialog.getByRole("link", { name: t(lang, "nav.news") })).toHaveAttribute(
          "aria-current",
          "page",
        );
        const projects = dialog.getByRole("button", { name: t(lang, "nav.projects") });
        await projects.focus();
        await pressToggling(page, "Space", projects, true);
        await page.keyboard.press("Tab");
        await expect(
          dialog.getByRole("link", { name: t(lang, "nav.completedProjects") }),
        ).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(new RegExp(`/${lang}/projects$`));
        await expect(dialog).toBeHidden();
      });
    });

    test("the navigation marks the link of the current page, and the section of a page inside one, with aria-current", async ({
      page,
    }, testInfo) => {
      const desktop = isDesktop(testInfo);
      // A top-level link, a page inside one (no link is the page), a page with a link in the
      // menu and in a sub-menu, a page only in a sub-menu.
      const pages = ["", "/news/{id}", "/projects", "/overview", "/contactUs"];
      for (const path of pages) {
        const route = routes.find((candidate) => candidate.path === path) ?? { path };
        const address = await routePath(lang, route);
        await open(page, address);
        if (!desktop) {
          await page.getByRole("button", { name: t(lang, "nav.openMenu") }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
        }
        const nav = desktop
          ? page.locator("header nav").first()
          : page.getByRole("dialog").locator("nav");
        await expect(nav).toBeVisible();
        // Every link to this very page says so, and no other link claims to be the page.
        const links = await nav.locator("a[href]").evaluateAll((all) =>
          all.map((link) => ({
            href: link.getAttribute("href") ?? "",
            current: link.getAttribute("aria-current"),
            text: link.textContent?.trim() ?? "",
          })),
        );
        const here = links.filter((link) => link.href.toLowerCase() === address.toLowerCase());
        const claiming = links.filter((link) => link.current === "page");
        // A button that opens a section's menu is never the page.
        await expect(nav.locator('button[aria-current="page"]'), address).toHaveCount(0);
        expect(
          claiming.map((link) => link.text),
          address,
        ).toEqual(here.map((link) => link.text));
        if (path !== "/news/{id}")
          expect(here.length, `${address}: a link in the navigation`).toBeGreaterThan(0);
        // A page inside a section (a story): its highlighted section is said to be current.
        else {
          const section = nav.locator('[aria-current="true"]').filter({ visible: true });
          await expect(section, address).toHaveText(t(lang, "nav.news"));
        }
        // The visible link of this page is named and marked for assistive technology.
        // The link shown without opening a sub-menu (the phone menu's Projects is a button).
        if (["", "/contactUs", ...(desktop ? ["/projects"] : [])].includes(path)) {
          const shown = nav.locator('a[aria-current="page"]').filter({ visible: true });
          await expect(shown.first(), address).toBeVisible();
        }
      }
    });
  });
}
