/**
 * The header of every page: the desktop dropdowns and the phone menu, with and without
 * JavaScript and before the islands are live, the links they lead to, and the bar on scroll.
 */
import fs from "node:fs";
import { apiData, type Lang, languages, t } from "./support/content.ts";
import { E2E_API_PORT } from "./support/env.ts";
import { controlledBy, pressToggling } from "./support/page-checks.ts";
import { expect, onlyAt, type Page, test } from "./support/test.ts";

const isDesktop = (project: string) => project === "desktop";

/** Opens `path` (in English) and finds the Services toggle of the desktop navigation. */
async function servicesToggle(
  page: Page,
  path: string,
  waitUntil: "load" | "domcontentloaded" = "load",
) {
  const services = await apiData<{ id: number; title: string }[]>("/api/services", "en");
  await page.goto(path, { waitUntil });
  const toggle = page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("button", { name: "Show Services submenu" });
  return { services, toggle };
}

/** Opens the phone menu of `/{lang}/soso` with its button, which it returns. */
async function openPhoneMenu(page: Page, lang: Lang) {
  await page.goto(`/${lang}/soso`);
  const open = page.getByRole("button", { name: t(lang, "nav.openMenu") });
  await open.click();
  return open;
}

test.describe("header", () => {
  test.describe(() => {
    onlyAt("desktop", "desktop navigation");

    test("desktop dropdowns open and close with the keyboard", async ({ page }) => {
      const { services, toggle } = await servicesToggle(page, "/en/soso");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.focus();
      await pressToggling(page, "Enter", toggle, true);
      const menu = await controlledBy(page, toggle);
      for (const service of services) {
        await expect(menu.getByRole("link", { name: service.title })).toHaveAttribute(
          "href",
          `/en/services/${service.id}`,
        );
      }
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link").first()).toBeFocused();
      await pressToggling(page, "Escape", toggle, false);
      await expect(toggle).toBeFocused();
      await expect(menu).toBeHidden();
    });

    test("About Us lists the extra pages, overview, company profile and ISO", async ({ page }) => {
      const pages = await apiData<{ id: number; title: string }[]>("/api/extra-pages", "ar");
      const [profile] = await apiData<{ pdf_download_url: string }[]>("/api/our_profile", "ar");
      await page.goto("/ar/soso");
      const about = page
        .getByRole("navigation", { name: "القائمة الرئيسية" })
        .getByRole("button", { name: "من نحن" });
      await about.click();
      const menu = await controlledBy(page, about);
      for (const [name, href] of [
        ...pages.map((extra) => [extra.title, `/ar/otherPages/${extra.id}`]),
        ["نبذة عن الشركة", "/ar/overview"],
        ["شهادات الأيزو", "/ar/iso"],
      ]) {
        await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href ?? "");
      }
      // The profile is downloaded from this site (a link's `download` works on its own origin
      // only), with the API's file as it is.
      const download = menu.getByRole("link", { name: /الملف التعريفي للشركة/ });
      await expect(download).toHaveAttribute("download", "");
      await expect(download).toHaveAttribute("href", "/ar/ourProfile");
      const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const saved = fs.readFileSync((await file.path()) ?? "");
      const api = `http://127.0.0.1:${E2E_API_PORT}`;
      const original = await (
        await fetch(new URL(profile?.pdf_download_url ?? "", api))
      ).arrayBuffer();
      expect(saved.equals(Buffer.from(original))).toBe(true);
      // With the API's validators: a browser that has the file gets a 304. `nosniff` once.
      const again = await page.request.get("/ar/ourProfile");
      const sniff = again
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "x-content-type-options");
      expect(sniff.map((h) => h.value)).toEqual(["nosniff"]);
      const etag = again.headers().etag ?? "";
      expect(etag).not.toBe("");
      const kept = await page.request.get("/ar/ourProfile", { headers: { "If-None-Match": etag } });
      expect(kept.status()).toBe(304);
      expect(kept.headers().etag).toBe(etag);
    });
  });

  test.describe(() => {
    onlyAt("phone", "phone navigation");

    test("with the browser's text size at 150 % and 200 %, the home page's menu button stays on the screen", async ({
      page,
    }) => {
      // Chromium's "font size" setting (text only, not zoom), as a visitor sets it.
      const browser = await page.context().newCDPSession(page);
      for (const lang of languages) {
        for (const standard of [24, 32]) {
          await browser.send("Page.setFontSizes", { fontSizes: { standard, fixed: 13 } });
          await page.goto(`/${lang}`);
          const open = page.getByRole("button", { name: t(lang, "nav.openMenu") });
          await expect(open, `${lang} ${standard}px`).toBeInViewport({ ratio: 1 });
          // The company's name wraps rather than being cut (WCAG 1.4.4).
          const cut = await page
            .getByTestId("home-title")
            .locator("span")
            .evaluateAll((lines) => lines.some((line) => line.scrollWidth > line.clientWidth + 1));
          expect(cut, `${lang} ${standard}px`).toBe(false);
        }
      }
    });

    test("a field focused in the phone menu as it opens keeps the focus", async ({ page }) => {
      await page.goto("/en/news");
      // The popover says it opened a task later; the visitor (here, a script) is faster.
      await page.evaluate(() => {
        document.querySelector<HTMLElement>("[popovertarget]")?.click();
        document.querySelector<HTMLElement>("#search-menu")?.focus();
      });
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await expect(page.locator("#search-menu")).toBeFocused();
      // 16 px: iOS zooms the page in on a smaller field.
      await expect(page.locator("#search-menu")).toHaveCSS("font-size", "16px");
    });

    test("phone menu is full screen, locks scrolling, expands sub-menus, closes on a link, opens at the current section", async ({
      page,
    }) => {
      const open = await openPhoneMenu(page, "en");
      const dialog = page.getByRole("dialog", { name: "Menu" });
      await expect(dialog).toBeVisible();
      const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflowY);
      expect(await bodyOverflow()).toBe("hidden");
      const box = await dialog.boundingBox();
      expect(box?.width).toBe(375);
      const projects = dialog.getByRole("button", { name: "Projects" });
      await expect(projects).toHaveAttribute("aria-expanded", "false");
      await projects.click();
      await expect(projects).toHaveAttribute("aria-expanded", "true");
      await dialog.getByRole("link", { name: "Current Projects" }).click();
      await expect(page).toHaveURL(/\/en\/CurrentProjects$/);
      await expect(dialog).toBeHidden();
      expect(await bodyOverflow()).not.toBe("hidden");

      // Opened on a page, it shows where the visitor is: the section expanded, the page marked.
      await page.goto("/en/CurrentProjects");
      await open.click();
      await expect(projects).toHaveAttribute("aria-expanded", "true");
      await expect(dialog.getByRole("link", { name: "Current Projects" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(dialog.getByRole("button", { name: "About Us" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    });

    test("phone menu closes with Escape and gives focus back to its button; the page behind it is inert while it is open", async ({
      page,
    }) => {
      const open = await openPhoneMenu(page, "ar");
      await expect(page.getByRole("button", { name: "إغلاق القائمة" })).toBeFocused();
      // Modal for screen readers too: nothing outside the menu can be read or reached.
      const outside = page.locator("main, footer, header a[href]:not([data-phone-menu] *)");
      expect(await outside.count()).toBeGreaterThan(2);
      const inertOutside = () =>
        outside.evaluateAll((elements) => elements.filter((element) => element.closest("[inert]")));
      expect((await inertOutside()).length).toBe(await outside.count());
      await expect(page.locator("[data-phone-menu] [inert], [data-phone-menu][inert]")).toHaveCount(
        0,
      );
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(open).toBeFocused();
      await expect(page.locator("[inert]")).toHaveCount(0);
    });

    test("widened past the phone layout with the menu open, the menu closes and the page is usable", async ({
      page,
    }) => {
      await openPhoneMenu(page, "en");
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.locator("[inert]")).toHaveCount(0);
      await expect(page.getByRole("dialog")).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).not.toBe(
        "hidden",
      );
    });
  });

  // The same header without scripts.
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the header is solid, so the page scrolls under it unseen, and every slide of a slider can be scrolled to", async ({
      page,
    }) => {
      await page.goto("/ar");
      const header = page.locator("header").first();
      await page.evaluate(() => scrollTo(0, 1500));
      const background = await header.evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      );
      expect(background).toMatch(/^rgb\(/); // opaque: rgb(), not rgba() nor transparent
      // The latest projects: more slides than fit, reached by scrolling the slider itself.
      const slider = page.getByTestId("latest-projects").getByTestId("carousel-viewport");
      const reach = await slider.evaluate((viewport) => ({
        overflow: getComputedStyle(viewport).overflowX,
        more: viewport.scrollWidth > viewport.clientWidth,
      }));
      expect(reach).toEqual({ overflow: "auto", more: true });
    });

    test.describe(() => {
      onlyAt("phone", "phone navigation");

      test("the phone menu opens and shows every section's pages", async ({ page }) => {
        await page.goto("/ar/news");
        await page.getByRole("button", { name: "فتح القائمة" }).click();
        const dialog = page.getByRole("dialog", { name: "القائمة" });
        await expect(dialog).toBeVisible();
        expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe("hidden");
        // Every section's sub-menu is shown (their buttons need scripts).
        const services = await apiData<{ id: number; title: string }[]>("/api/services", "ar");
        for (const service of services)
          await expect(dialog.getByRole("link", { name: service.title })).toBeVisible();
        await dialog.getByRole("link", { name: "المشاريع الجارية" }).click();
        await expect(page).toHaveURL(/\/ar\/CurrentProjects$/);
      });
    });

    test.describe(() => {
      onlyAt("desktop", "desktop navigation");

      test("desktop dropdowns open on hover and on keyboard focus", async ({ page }) => {
        const { services, toggle } = await servicesToggle(page, "/en/news");
        const menu = await controlledBy(page, toggle);
        const service = menu.getByRole("link", { name: services[0]?.title ?? "??" });
        await expect(menu).toBeHidden();
        await toggle.hover();
        await expect(service).toBeVisible();
        await page.mouse.move(640, 600);
        await expect(menu).toBeHidden();
        await toggle.focus();
        await expect(service).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(menu.getByRole("link").first()).toBeFocused();
        await service.focus();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(new RegExp(`/en/services/${services[0]?.id}$`));
      });
    });
  });

  // The menus are the page script's (page-script/site-menus.ts) on every page: on a page with islands
  // they work before the islands are live, and after.
  test.describe("on a page with islands", () => {
    test.describe(() => {
      onlyAt("desktop", "desktop navigation");

      test("a dropdown the pointer opened closes with Escape, wherever focus is (WCAG 1.4.13)", async ({
        page,
      }) => {
        const { toggle } = await servicesToggle(page, "/en/news");
        const menu = await controlledBy(page, toggle);
        const nav = page.getByRole("navigation", { name: "Main navigation" });
        const projects = nav.getByRole("button", { name: "Show Projects submenu" });
        // Focus on the page, then in another (closed) section of the menu.
        for (const focusFirst of [
          () => page.locator("main a").first().focus(),
          () => projects.focus(),
        ]) {
          await focusFirst();
          await toggle.hover();
          await expect(menu).toBeVisible();
          await page.keyboard.press("Escape");
          await expect(menu).toBeHidden();
          await expect(toggle).toHaveAttribute("aria-expanded", "false");
          await page.mouse.move(640, 600);
        }
      });

      test("desktop dropdowns before the islands are live", async ({ page }) => {
        await page.route("**/assets/*.js", (route) => route.abort());
        const { toggle } = await servicesToggle(page, "/en", "domcontentloaded");
        const menu = await controlledBy(page, toggle);
        await toggle.focus();
        await pressToggling(page, "Enter", toggle, true);
        await expect(menu).toBeVisible();
        await page.keyboard.press("ArrowDown");
        await expect(menu.getByRole("link").first()).toBeFocused();
        await pressToggling(page, "Escape", toggle, false);
        await expect(menu).toBeHidden();
        await expect(page.locator("island-root[data-hydrated]")).toHaveCount(0);
      });
    });

    test("the menus lead to the next page, whose menu marks it", async ({ page }, testInfo) => {
      const desktop = isDesktop(testInfo.project.name);
      const [service] = await apiData<{ id: number; title: string }[]>("/api/services", "en");
      await page.goto("/en");
      await expect(page.locator("island-root[data-hydrated]")).not.toHaveCount(0);
      const toggle = desktop
        ? page
            .getByRole("navigation", { name: "Main navigation" })
            .getByRole("button", { name: "Show Services submenu" })
        : page.getByRole("button", { name: "Open menu" });
      const dialog = page.getByRole("dialog", { name: "Menu" });
      const section = dialog.getByRole("button", { name: "Services" });
      const menu = async () => (desktop ? await controlledBy(page, toggle) : dialog);
      await toggle.click();
      if (desktop) await expect(toggle).toHaveAttribute("aria-expanded", "true");
      else await section.click();
      await (await menu()).getByRole("link", { name: service?.title ?? "??" }).click();
      await expect(page).toHaveURL(new RegExp(`/en/services/${service?.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(service?.title ?? "");
      // The next page's menu marks it; the phone menu opens at its section.
      await toggle.click();
      if (!desktop) await expect(section).toHaveAttribute("aria-expanded", "true");
      const link = (await menu()).getByRole("link", { name: service?.title ?? "??" });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("aria-current", "page");
      // Only its entry is highlighted, not "All Services" beside it (the list it belongs to).
      const weight = (entry: typeof link) => entry.evaluate((e) => getComputedStyle(e).fontWeight);
      const all = (await menu()).getByRole("link", { name: t("en", "nav.allServices") });
      expect(await weight(link)).toBe("600");
      expect(await weight(all)).not.toBe("600");
      // Its section is marked by more than its colour (WCAG 1.4.1), and no other section is.
      const where = desktop ? page.getByRole("navigation", { name: "Main navigation" }) : dialog;
      const decoration = (entry: typeof link) =>
        entry.evaluate((e) => getComputedStyle(e).textDecorationLine);
      const services = where.getByRole(desktop ? "link" : "button", {
        name: "Services",
        exact: true,
      });
      expect(await decoration(services)).toBe("underline");
      expect(await decoration(where.getByRole("link", { name: "Home", exact: true }))).toBe("none");
    });
  });

  test("the bar turns translucent after scrolling past 50 px", async ({ page }) => {
    await page.goto("/en/soso");
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
    });
    const root = page.locator("html");
    const background = () =>
      page
        .locator("header")
        .first()
        .evaluate((header) => getComputedStyle(header).backgroundColor);
    await expect(root).not.toHaveAttribute("data-scrolled");
    const before = await background();
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(root).toHaveAttribute("data-scrolled", "");
    // Navy at 90 %, where it was see-through.
    await expect.poll(background).toMatch(/0\.9\)$|e6$/);
    expect(before).not.toMatch(/0\.9\)$/);
    // Back to 50 px, not past it: no longer scrolled (a change seen, not a wait for none).
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(root).not.toHaveAttribute("data-scrolled");
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(root).toHaveAttribute("data-scrolled", "");
  });
});
