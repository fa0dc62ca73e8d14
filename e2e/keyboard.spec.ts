/**
 * Keyboard operation (issue 13), in both languages, each at the width where the control
 * exists: the skip link; Tab through whole pages (every visible control once, in document
 * order, in view, with a focus ring of 3:1 against its surface); the desktop dropdowns and the
 * phone menu; the carousels, the hero slider's pause button, the gallery and its lightbox with
 * the arrow keys in the reading direction; the pager; `aria-current` in the navigation. Page
 * structure is in structure.spec.ts.
 */

import {
  apiData,
  firstId,
  type Lang,
  languages,
  type Paged,
  routePath,
  routes,
  t,
} from "./support/content.ts";
import { controlledBy, pager, pressToggling } from "./support/page-checks.ts";
import { installTools, type RingContrast } from "./support/page-tools.ts";
import {
  expect,
  expectLive,
  type Page,
  scriptsReady,
  type TestInfo,
  test,
} from "./support/test.ts";

const isDesktop = (testInfo: TestInfo) => testInfo.project.name === "desktop";

/** The arrow key that goes forward (to the next slide) in this language's reading direction. */
const forwardKey = (lang: Lang) => (lang === "ar" ? "ArrowLeft" : "ArrowRight");
const backwardKey = (lang: Lang) => (lang === "ar" ? "ArrowRight" : "ArrowLeft");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Opens a page and waits for its widgets (on pages that have them), not for its images. */
async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), path).toBeLessThan(400);
  await scriptsReady(page);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installTools);
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

    // Every page on desktop; on phones the home page (the phone menu's button), to keep the
    // suite within its time (the phone menu itself is tested below).
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
      }, testInfo) => {
        test.skip(!isDesktop(testInfo) && path !== "", "on phones: the home page");
        const route = routes.find((candidate) => candidate.path === path) ?? { path };
        const address = await routePath(lang, route);
        // Without entrance animations, so what is measured is the settled page.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await open(page, address);
        await tabThrough(page, address);
      });
    }

    test("header dropdowns: Space opens, arrow keys move through the entries, Escape closes", async ({
      page,
    }, testInfo) => {
      test.skip(!isDesktop(testInfo), "the dropdowns are the desktop navigation");
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

    test("phone menu: Enter opens it, Tab and Shift+Tab stay inside, Space expands a sub-menu", async ({
      page,
    }, testInfo) => {
      test.skip(isDesktop(testInfo), "the phone menu is below 1280 px");
      await open(page, `/${lang}/news`);
      const toggle = page.getByRole("button", { name: t(lang, "nav.openMenu") });
      await toggle.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: t(lang, "nav.label") });
      await expect(dialog).toBeVisible();
      const close = dialog.getByRole("button", { name: t(lang, "nav.closeMenu") });
      await expect(close).toBeFocused();
      const controls = await dialog.locator("a[href]:visible, button:visible").count();
      const inDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
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

    test("home carousel: arrow keys in the reading direction, Enter and Space on its buttons", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, `/${lang}`);
      const carousel = page.getByTestId("latest-projects");
      await expectLive(carousel);
      const previous = carousel.getByTestId("carousel-previous");
      const next = carousel.getByTestId("carousel-next");
      const slides = carousel.getByTestId("carousel-slide");
      const links = slides.locator("a");
      const step = (await slides.nth(0).boundingBox())?.width ?? 0;
      const start = (await slides.nth(0).boundingBox())?.x ?? 0;
      /** Slides moved forward in the reading direction (right to left in English). */
      const expectMoved = (count: number) =>
        expect(async () => {
          const x = (await slides.nth(0).boundingBox())?.x ?? Number.NaN;
          const moved = lang === "ar" ? x - start : start - x;
          expect(Math.abs(moved - count * step)).toBeLessThan(3);
        }).toPass();

      await links.nth(0).focus();
      // At the start there is nothing before: the backward key does nothing.
      await page.keyboard.press(backwardKey(lang));
      await expect(previous).toBeDisabled();
      await expect(links.nth(0)).toBeFocused();
      // The forward key goes to the next slide, and focus goes with it.
      await page.keyboard.press(forwardKey(lang));
      await expect(previous).toBeEnabled();
      await expect(links.nth(1)).toBeFocused();
      await expectMoved(1);
      await page.keyboard.press(forwardKey(lang));
      await expect(links.nth(2)).toBeFocused();
      await expectMoved(2);
      await page.keyboard.press(backwardKey(lang));
      await expect(links.nth(1)).toBeFocused();
      await expectMoved(1);
      await page.keyboard.press(backwardKey(lang));
      await expect(links.nth(0)).toBeFocused();
      await expectMoved(0);
      await expect(previous).toBeDisabled();

      // On the buttons: Enter and Space press them; the arrow keys still slide.
      await next.focus();
      await page.keyboard.press("Enter");
      await expectMoved(1);
      await page.keyboard.press("Space");
      await expectMoved(2);
      await page.keyboard.press(backwardKey(lang));
      await expectMoved(1);
      await expect(next).toBeFocused();
      await previous.focus();
      await page.keyboard.press("Enter");
      await expectMoved(0);
      // Back at the start, "previous" is unavailable but keeps focus (not dropped on the page).
      await expect(previous).toBeDisabled();
      await expect(previous).toBeFocused();
      await page.keyboard.press(forwardKey(lang));
      await expectMoved(1);
    });

    test("hero slider: pause toggles with Enter and Space and says so; arrow keys slide", async ({
      page,
    }) => {
      await open(page, `/${lang}`);
      const hero = page.getByTestId("hero-slider");
      await expectLive(hero);
      const pause = page.getByTestId("hero-pause");
      await expect(pause).toHaveAccessibleName(t(lang, "home.pauseSlider"));
      await pause.focus();
      await page.keyboard.press("Enter");
      await expect(pause).toHaveAccessibleName(t(lang, "home.playSlider"));
      await expect(pause).toBeFocused();

      const slides = page.getByTestId("hero-slide");
      const count = await slides.count();
      const selected = () =>
        slides.evaluateAll((all) => all.findIndex((slide) => slide.hasAttribute("data-selected")));
      // Paused: the slide shown only changes with the keys.
      const at = await selected();
      await page.keyboard.press(forwardKey(lang));
      await expect.poll(selected).toBe((at + 1) % count);
      await page.keyboard.press(backwardKey(lang));
      await page.keyboard.press(backwardKey(lang));
      await expect.poll(selected).toBe((at - 1 + count) % count);

      // Tab goes on to "next"; Enter and Space press it.
      await page.keyboard.press("Tab");
      const next = hero.getByRole("button", {
        name: t(lang, "home.carouselNext", { name: t(lang, "home.bannerRegion") }),
      });
      await expect(next).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(selected).toBe(at);
      await page.keyboard.press("Space");
      await expect.poll(selected).toBe((at + 1) % count);

      await pause.focus();
      await page.keyboard.press("Space");
      await expect(pause).toHaveAccessibleName(t(lang, "home.pauseSlider"));
    });

    test("gallery and lightbox: arrow keys, Enter opens, focus trapped, Escape gives it back", async ({
      page,
    }) => {
      const id = await firstId("/api/Completed-projects", lang);
      const { projects: project } = await apiData<{
        projects: { title: string; project_images: unknown[] };
      }>(`/api/projects/${id}`, lang);
      const total = project.project_images.length;
      expect(total, "the first completed project has three photos or more").toBeGreaterThan(2);
      await open(page, `/${lang}/projects/${id}`);
      const gallery = page.getByTestId("image-gallery");
      await expectLive(gallery);
      const counter = gallery.getByTestId("gallery-counter");
      const photo = (index: number) => t(lang, "common.imageOf", { index, total });
      const thumbs = gallery.getByRole("button", {
        name: new RegExp(`^${escapeRegExp(t(lang, "common.viewLarger", { title: "" }))}`),
      });

      await thumbs.nth(0).focus();
      await page.keyboard.press(backwardKey(lang));
      await expect(counter).toHaveText(photo(1));
      await page.keyboard.press(forwardKey(lang));
      await expect(counter).toHaveText(photo(2));
      await expect(thumbs.nth(1)).toBeFocused();
      await expect(thumbs.nth(1)).toBeInViewport({ ratio: 0.9 });

      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 2`);
      await expect(dialog.getByRole("button", { name: t(lang, "common.close") })).toBeFocused();
      const inDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
      const controls = await dialog.getByRole("button").count();
      for (let i = 0; i <= controls; i++) {
        await page.keyboard.press("Tab");
        expect(await inDialog(), `Tab ${i + 1}`).toBe(true);
      }
      for (let i = 0; i <= controls; i++) {
        await page.keyboard.press("Shift+Tab");
        expect(await inDialog(), `Shift+Tab ${i + 1}`).toBe(true);
      }
      await page.keyboard.press(forwardKey(lang));
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 3`);
      await page.keyboard.press(backwardKey(lang));
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 2`);
      // Enter and Space press the dialog's own buttons.
      const nextPhoto = dialog.getByRole("button", { name: t(lang, "common.next") });
      await nextPhoto.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.locator("img")).toHaveAttribute("alt", `${project.title} 3`);
      await page.keyboard.press("Space");
      await expect(dialog.locator("img")).toHaveAttribute(
        "alt",
        `${project.title} ${total > 3 ? 4 : 1}`,
      );

      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(thumbs.nth(1)).toBeFocused();
    });

    test("pager: the current page is marked, Tab reaches the pages, Enter follows them", async ({
      page,
    }) => {
      const { pagination } = await apiData<Paged<unknown>>("/api/news", lang);
      expect(pagination.last_page, "the demo news fill more than one page").toBeGreaterThan(1);
      await open(page, `/${lang}/news`);
      const nav = pager(page, lang);
      const current = nav.locator('[aria-current="page"]').filter({ visible: true });
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAccessibleName(t(lang, "pagination.current", { page: 1 }));

      // From the last control before the pager, Tab goes page by page.
      const lastBefore = await page.evaluate(() => {
        const controls = Array.from(document.querySelectorAll<HTMLElement>("main a[href]"));
        const pagerNav = document.querySelector("main nav");
        const before = controls.filter(
          (control) =>
            pagerNav &&
            control.compareDocumentPosition(pagerNav) & Node.DOCUMENT_POSITION_FOLLOWING &&
            !pagerNav.contains(control),
        );
        before.at(-1)?.setAttribute("data-before-pager", "");
        return before.length;
      });
      expect(lastBefore).toBeGreaterThan(0);
      await page.locator("[data-before-pager]").focus();
      await page.keyboard.press("Tab");
      await expect(current).toBeFocused();
      await page.keyboard.press("Tab");
      const second = nav
        .getByRole("link", { name: t(lang, "pagination.page", { page: 2 }) })
        .filter({ visible: true });
      await expect(second).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${lang}/news\\?page=2#list$`));
      await expect(current).toHaveAccessibleName(t(lang, "pagination.current", { page: 2 }));
      await expect(current).toHaveCount(1);

      const previous = nav.getByRole("link", { name: t(lang, "pagination.previous") });
      await previous.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${lang}/news#list$`));
      await expect(current).toHaveAccessibleName(t(lang, "pagination.current", { page: 1 }));
    });

    test("the navigation marks the link of the current page with aria-current", async ({
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
        expect(
          claiming.map((link) => link.text),
          address,
        ).toEqual(here.map((link) => link.text));
        if (path !== "/news/{id}")
          expect(here.length, `${address}: a link in the navigation`).toBeGreaterThan(0);
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
