/**
 * The overview page (rich content and image slider with its lightbox) and the ISO page
 * (certificate grid with staggered reveal and lightbox), in both languages, against the
 * reference API.
 */

import { apiData, languages, shownImage } from "./support/content.ts";
import { expect, expectLive, test } from "./support/test.ts";
import { plainText } from "./support/text.ts";

/** The pathname of an image URL, which is how the site and the API agree on images. */
const pathOf = (url: string) => new URL(url, "http://x").pathname;

interface Overview {
  content: string;
  overview_images: { image: string }[];
}
interface Iso {
  title: string;
  iso_images: { image: string }[];
}

for (const lang of languages) {
  test.describe(`overview page (${lang})`, () => {
    // One page load for the whole page: what it shows, then the lightbox, then the gallery's
    // buttons (the lightbox leaves the gallery on its first image).
    test("shows the content and every image; an image opens larger and closes by Escape, the close button and the backdrop; the gallery slides with its buttons and counter", async ({
      page,
    }, testInfo) => {
      const [overview] = await apiData<Overview[]>("/api/overviews", lang);
      if (!overview) throw new Error("no overview in the seed");
      const images = overview.overview_images;
      const total = images.length;
      expect(total).toBeGreaterThan(1);
      await page.goto(`/${lang}/overview`);
      const gallery = page.getByTestId("image-gallery");

      await test.step("the content and a gallery of every image", async () => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          lang === "en" ? "Overview" : "نبذة عن الشركة",
        );
        const firstParagraph =
          /<p[^>]*>([\s\S]*?)<\/p>/.exec(overview.content)?.[1] ?? overview.content;
        const words = plainText(firstParagraph).split(" ").slice(0, 8).join(" ");
        expect(words.length).toBeGreaterThan(10);
        await expect(page.getByTestId("overview-content")).toContainText(words);
        if (testInfo.project.name === "desktop") {
          // However wide the column, a paragraph's lines stay readable: under 90 characters
          // (the overview's 896 px column held 115).
          const perLine = await page
            .getByTestId("overview-content")
            .locator("p")
            .evaluateAll((paragraphs) =>
              paragraphs.flatMap((paragraph) => {
                const range = document.createRange();
                range.selectNodeContents(paragraph);
                const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                // The last line of a paragraph may be short: only paragraphs of three lines or more.
                return lines.size >= 3 ? [(paragraph.textContent ?? "").length / lines.size] : [];
              }),
            );
          expect(perLine.length).toBeGreaterThan(0);
          for (const characters of perLine) expect(characters).toBeLessThan(90);
        }

        await expect(gallery).toHaveAttribute(
          "aria-label",
          lang === "en" ? "Company photos" : "صور الشركة",
        );
        const slides = gallery.getByRole("group");
        await expect(slides).toHaveCount(total);
        const sources = await gallery
          .locator("img[data-src]")
          .evaluateAll((elements) =>
            elements.map((element) => element.getAttribute("data-src") ?? ""),
          );
        expect(sources.map((source) => pathOf(shownImage(source)))).toEqual(
          images.map((entry) => pathOf(entry.image)),
        );
        await expect(gallery.locator("img").first()).toHaveAttribute(
          "alt",
          lang === "en" ? "Overview — image 1" : "نبذة عن الشركة — الصورة 1",
        );
      });

      await test.step("an image opens larger; Escape, the close button and the backdrop close it", async () => {
        await expectLive(gallery);
        const opener = gallery
          .getByRole("button", { name: lang === "en" ? /^View larger/ : /^عرض بحجم أكبر/ })
          .first();

        await opener.click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await expect(dialog.locator("img")).toHaveAttribute(
          "src",
          new RegExp(`${pathOf(images[0]?.image ?? "")}$`),
        );
        await expect(
          dialog.getByRole("button", { name: lang === "en" ? "Close" : "إغلاق" }),
        ).toBeFocused();

        // Arrow keys follow the reading direction.
        await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
        await expect(dialog.locator("img")).toHaveAttribute(
          "src",
          new RegExp(`${pathOf(images[1]?.image ?? "")}$`),
        );
        await page.keyboard.press(lang === "ar" ? "ArrowRight" : "ArrowLeft");
        await expect(dialog.locator("img")).toHaveAttribute(
          "src",
          new RegExp(`${pathOf(images[0]?.image ?? "")}$`),
        );

        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();

        await opener.click();
        await dialog.getByRole("button", { name: lang === "en" ? "Close" : "إغلاق" }).click();
        await expect(dialog).toHaveCount(0);

        await opener.click();
        await page.getByTestId("lightbox-backdrop").click({ position: { x: 5, y: 5 } });
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
      });

      await test.step("the gallery slides with its buttons and counter", async () => {
        await expectLive(gallery);
        const counter = gallery.getByTestId("gallery-counter");
        await expect(counter).toHaveText(
          lang === "en" ? `Image 1 of ${total}` : `الصورة 1 من ${total}`,
        );
        const next = gallery.getByRole("button", { name: lang === "en" ? /^Next / : /التالي$/ });
        const previous = gallery.getByRole("button", {
          name: lang === "en" ? /^Previous / : /السابق$/,
        });
        await expect(previous).toBeDisabled();
        await next.click();
        await expect(counter).toHaveText(
          lang === "en" ? `Image 2 of ${total}` : `الصورة 2 من ${total}`,
        );
        await expect(previous).toBeEnabled();
      });
    });
  });

  test.describe(`ISO page (${lang})`, () => {
    // One page load for what the page shows, its grid, the certificates' entrance as they come
    // into view (before anything else scrolls the page) and the lightbox.
    test("shows every certificate with its title, visible in the server HTML, in 3 columns on desktop and 1 on phones; they fade in as they come into view, each group 0.5 s then 0.2 s more each; one opens larger with Enter and closes with Escape", async ({
      page,
      request,
    }, testInfo) => {
      const certificates = page.getByTestId("iso-item");
      const [iso] = await apiData<Iso[]>("/api/isos", lang);
      if (!iso) throw new Error("no ISO record in the seed");
      // As many as the API has; more than one row of three, for the steps below.
      const total = iso.iso_images.length;
      expect(total).toBeGreaterThan(3);

      await test.step("every certificate with its title, visible in the server HTML", async () => {
        const html = await (await request.get(`/${lang}/iso`)).text();
        const items = html.match(/<li[^>]*data-testid="iso-item"[^>]*>/g) ?? [];
        expect(items).toHaveLength(iso.iso_images.length);
        // Waiting to fade in, which app.css hides only where scripts run (a visitor without
        // them sees every certificate: below).
        for (const item of items) expect(item).toContain('data-reveal="waiting"');

        await page.goto(`/${lang}/iso`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(iso.title);
        await expect(certificates).toHaveCount(total);
        await expect(certificates.first().locator("img")).toHaveAttribute(
          "alt",
          lang === "en" ? `Certificate 1 — ${iso.title}` : `الشهادة 1 — ${iso.title}`,
        );
      });

      await test.step("the grid has 3 columns on desktop and 1 on phones", async () => {
        await expect(certificates).toHaveCount(total);
        // Layout positions (offsets ignore transforms): the items fade and rise in one after
        // another, and a box caught mid-animation would seem to start another row.
        const boxes = await certificates.evaluateAll((elements) =>
          elements.map((element) => {
            const box = element as HTMLElement;
            return { x: box.offsetLeft, y: box.offsetTop };
          }),
        );
        const rows = new Set(boxes.map((box) => box.y));
        const columns = new Set(boxes.map((box) => box.x));
        if (testInfo.project.name === "phone") {
          expect(columns.size).toBe(1);
          expect(rows.size).toBe(total);
        } else {
          expect(columns.size).toBe(3);
          expect(rows.size).toBe(Math.ceil(total / 3));
          const [a, b, c] = boxes;
          if (!a || !b || !c) throw new Error("missing boxes");
          expect(a.y).toBe(b.y);
          // The first certificate is at the reading start.
          if (lang === "ar") expect(a.x).toBeGreaterThan(b.x);
          else expect(a.x).toBeLessThan(b.x);
          expect(Math.abs(Math.abs(b.x - a.x) - Math.abs(c.x - b.x))).toBeLessThanOrEqual(2);
        }
      });

      await test.step("certificates fade in as they come into view, each group 0.5 s then 0.2 s more each", async () => {
        await expect(certificates).toHaveCount(total);
        const states = () =>
          certificates.evaluateAll((elements) =>
            elements.map((element) => ({
              reveal: element.getAttribute("data-reveal"),
              delay: getComputedStyle(element).transitionDelay,
            })),
          );
        /** The delays of the items shown since `before`, in their order: one entering group. */
        type State = { reveal: string | null; delay: string };
        const group = (before: State[], after: State[]) =>
          after
            .filter((state, i) => state.reveal === "shown" && before[i]?.reveal !== "shown")
            .map((state) => state.delay);
        const steps = (count: number) =>
          Array.from({ length: count }, (_, k) => `${Math.round((0.5 + 0.2 * k) * 10) / 10}s`);

        // Those on screen at load fade in too, as the first group.
        await expect(certificates.first()).toHaveAttribute("data-reveal", "shown");
        let seen = await states();
        const atLoad = group([], seen);
        expect(atLoad.length).toBeGreaterThan(0);
        expect(atLoad).toEqual(steps(atLoad.length));
        const below = certificates.last();
        await expect(below, "the last certificate starts below the fold, hidden").toHaveAttribute(
          "data-reveal",
          "waiting",
        );
        await expect(below).toHaveCSS("opacity", "0");

        // Each later group counts from its own first certificate.
        for (let i = 0; i < total; i++) {
          if (seen[i]?.reveal === "shown") continue;
          await certificates.nth(i).scrollIntoViewIfNeeded();
          await expect(certificates.nth(i)).toHaveAttribute("data-reveal", "shown");
          const now = await states();
          const entering = group(seen, now);
          expect(entering).toEqual(steps(entering.length));
          seen = now;
        }
        await expect(below).toHaveCSS("opacity", "1");
      });

      await test.step("a certificate opens larger with Enter and closes with Escape", async () => {
        const first = certificates.first();
        const button = first.getByRole("button");
        await button.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await expect(dialog.locator("img")).toHaveAttribute(
          "alt",
          (await first.locator("img").getAttribute("alt")) ?? "",
        );
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
        await expect(button).toBeFocused();

        await certificates.nth(1).getByRole("button").click();
        await expect(dialog).toBeVisible();
        const counter = dialog.getByTestId("lightbox-counter");
        const nth = (n: number) =>
          lang === "en" ? `Image ${n} of ${total}` : `الصورة ${n} من ${total}`;
        await expect(counter).toHaveText(nth(2));
        // A finger's swipe: to the next image against the reading direction, back the other way.
        const swipe = async (dx: number) => {
          const picture = dialog.locator("img");
          const box = await picture.boundingBox();
          const [x, y] = [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + 20];
          const touch = { pointerType: "touch", isPrimary: true, bubbles: true, clientY: y };
          await picture.dispatchEvent("pointerdown", { ...touch, clientX: x });
          await picture.dispatchEvent("pointerup", { ...touch, clientX: x + dx });
        };
        const forward = lang === "ar" ? 120 : -120;
        await swipe(forward);
        await expect(counter).toHaveText(nth(3));
        await swipe(-forward);
        await expect(counter).toHaveText(nth(2));
        // A short move is a tap, not a swipe.
        await swipe(forward / 4);
        await expect(counter).toHaveText(nth(2));
      });
    });

    test("without JavaScript every certificate is shown", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${lang}/iso`);
      const opacities = await page
        .getByTestId("iso-item")
        .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity));
      expect(opacities.length).toBeGreaterThan(0);
      expect(opacities.every((opacity) => opacity === "1")).toBe(true);
      await context.close();
    });

    test("certificates fade in from the first paint, without waiting for the islands' script", async ({
      page,
    }) => {
      // A slow phone: the islands' script has not come (here: never comes).
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      // Not waiting for the islands to be live (they never will be).
      await page.goto(`/${lang}/iso`, { waitUntil: "domcontentloaded" });
      const first = page.getByTestId("iso-item").first();
      await expect(first).toHaveAttribute("data-reveal", "shown");
      await expect.poll(() => first.evaluate((item) => getComputedStyle(item).opacity)).toBe("1");
    });

    test("a certificate reached by Tab before it has faded in is shown at once", async ({
      page,
    }) => {
      await page.goto(`/${lang}/iso`);
      const items = page.getByTestId("iso-item");
      await expect(items.first()).toHaveAttribute("data-reveal", "shown");
      const last = items.last();
      await expect(last).toHaveAttribute("data-reveal", "waiting");
      // Read in the same task as the focus: no fade may run in between.
      const opacity = await last.evaluate((item) => {
        item.querySelector("button")?.focus();
        return getComputedStyle(item).opacity;
      });
      expect(opacity).toBe("1");
    });

    test("reduced motion: every certificate is shown at once", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const [iso] = await apiData<Iso[]>("/api/isos", lang);
      await page.goto(`/${lang}/iso`);
      const items = page.getByTestId("iso-item");
      await expect(items).toHaveCount(iso?.iso_images.length ?? -1);
      await page.waitForLoadState("networkidle");
      const states = await items.evaluateAll((elements) =>
        elements.map((element) => ({
          reveal: element.getAttribute("data-reveal"),
          opacity: getComputedStyle(element).opacity,
          delay: getComputedStyle(element).transitionDelay,
        })),
      );
      for (const state of states)
        expect(state).toEqual({ reveal: "static", opacity: "1", delay: "0s" });
    });
  });
}
