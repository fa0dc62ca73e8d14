/**
 * Keyboard operation of the page's widgets (issue 13), in both languages: the home carousel,
 * the hero slider's pause button, the gallery and its lightbox with the arrow keys in the
 * reading direction, and the pager. The rest of the keyboard checks: keyboard.spec.ts.
 */

import { apiData, firstId, languages, type Paged, t } from "./support/content.ts";
import { backwardKey, forwardKey, open } from "./support/keyboard.ts";
import { pager } from "./support/page-checks.ts";
import { expect, expectLive, test } from "./support/test.ts";
import { escapeRegExp } from "./support/text.ts";

for (const lang of languages) {
  test.describe(`keyboard (${lang})`, () => {
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

      // Where a move on the buttons lands is said (a live region); nothing before the first
      // move, nor when focus goes into the new slide (its own label is read then).
      const said = carousel.getByTestId("slide-announcement");
      await expect(said).toHaveText("");

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
      await expect(said).toHaveText("");
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
      await expect(said).toHaveText((await slides.nth(1).getAttribute("aria-label")) ?? "??");
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

      // Tab goes on to "previous" (pause comes first); Enter and Space press it.
      await page.keyboard.press("Tab");
      const previous = hero.getByRole("button", {
        name: t(lang, "home.carouselPrevious", { name: t(lang, "home.bannerRegion") }),
      });
      await expect(previous).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(selected).toBe((at - 2 + 2 * count) % count);
      await page.keyboard.press("Space");
      await expect.poll(selected).toBe((at - 3 + 3 * count) % count);

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
      const photoAlt = (index: number) =>
        t(lang, "common.imageAlt", { title: project.title, index });
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
      await expect(dialog.locator("img")).toHaveAttribute("alt", photoAlt(2));
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
      await expect(dialog.locator("img")).toHaveAttribute("alt", photoAlt(3));
      await page.keyboard.press(backwardKey(lang));
      await expect(dialog.locator("img")).toHaveAttribute("alt", photoAlt(2));
      // Enter and Space press the dialog's own buttons.
      const nextPhoto = dialog.getByRole("button", { name: t(lang, "common.next") });
      await nextPhoto.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.locator("img")).toHaveAttribute("alt", photoAlt(3));
      await page.keyboard.press("Space");
      const last = total > 3 ? 4 : 1;
      await expect(dialog.locator("img")).toHaveAttribute("alt", photoAlt(last));

      // Focus comes back to the photo last seen, and the gallery shows it: Enter reopens it.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(thumbs.nth(last - 1)).toBeFocused();
      await expect(thumbs.nth(last - 1)).toBeInViewport({ ratio: 0.9 });
      await expect(counter).toHaveText(photo(last));
      await page.keyboard.press("Enter");
      await expect(dialog.locator("img")).toHaveAttribute("alt", photoAlt(last));
      await page.keyboard.press("Escape");
      await expect(thumbs.nth(last - 1)).toBeFocused();

      // Said once: moves that take focus into a photo are read by its name, the counter is not
      // live, and a move by the buttons is announced.
      const said = gallery.getByTestId("slide-announcement");
      await expect(said).toHaveText("");
      await expect(counter).not.toHaveAttribute("aria-live");
      // The slider's two buttons: previous, then next (the first photo has no previous one).
      const buttons = gallery.locator("[data-needs-script] button");
      await buttons.nth(last > 1 ? 0 : 1).click();
      await expect(said).toHaveText(photo(last > 1 ? last - 1 : 2));
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
      await expect(current).toHaveAccessibleName(t(lang, "pagination.page", { page: 1 }));

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
      await expect(current).toHaveAccessibleName(t(lang, "pagination.page", { page: 2 }));
      await expect(current).toHaveCount(1);

      const previous = nav.getByRole("link", { name: t(lang, "pagination.previous") });
      await previous.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${lang}/news#list$`));
      await expect(current).toHaveAccessibleName(t(lang, "pagination.page", { page: 1 }));
    });
  });
}
