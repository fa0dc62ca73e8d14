/**
 * The home page (SPEC.md "Home page", section 9) in both languages, against the
 * reference API: server-rendered banner slider with autoplay, extra-data strip, carousels,
 * services grid and latest news.
 */

import { apiData, company, type Lang, languages, shownImage, t } from "./support/content.ts";
import { expectNoHorizontalOverflow, heading } from "./support/page-checks.ts";
import { expect, expectLive, onlyAt, type Page, test } from "./support/test.ts";
import { codePoints, escapeHtml, plainText, truncated } from "./support/text.ts";

const selectedSlide = (page: Page) => page.locator('[data-testid="hero-slide"][data-selected]');

async function openHome(page: Page, lang: Lang) {
  await page.goto(`/${lang}`);
  await expectLive(page.getByTestId("hero-slider"));
}

for (const lang of languages) {
  test.describe(`home page (${lang})`, () => {
    test("the banner slides are in the server HTML", async ({ request }) => {
      const banners = await apiData<{ title: string; subtitle?: string | null }[]>(
        "/api/homepage-banners",
        lang,
      );
      expect(banners.length).toBeGreaterThan(1);
      const html = await (await request.get(`/${lang}`)).text();
      expect(html.match(/data-testid="hero-slide"/g) ?? []).toHaveLength(banners.length);
      for (const banner of banners) {
        expect(html).toContain(`>${escapeHtml(banner.title)}</h2>`);
        if (banner.subtitle) expect(html).toContain(escapeHtml(banner.subtitle));
      }
      // The first image is fetched at once, with high priority; the others wait.
      const images =
        html.match(/<img[^>]*class="[^"]*-z-20 size-full bg-navy-900![^"]*"[^>]*>/g) ?? [];
      expect(images[0]).toContain('fetchPriority="high"');
      expect(images[1]).not.toContain('fetchPriority="high"');
      // Slides are laid out by CSS before any script runs.
      expect(html).toContain("--slide-basis-lg:33.3333%");
      expect(html).toContain("--slide-gap:50px");
    });

    test("the banner slider autoplays and keeps going", async ({ page }) => {
      // The page's clock: each 6 s autoplay step passes at once (time runs on by itself too).
      await page.clock.install();
      await openHome(page, lang);
      const slider = page.getByTestId("hero-slider");
      // Said in the page's language ("عرض شرائح" on Arabic pages, not "carousel").
      await expect(slider).toHaveAttribute("aria-roledescription", t(lang, "common.carouselRole"));
      const first = await selectedSlide(page).getAttribute("aria-label");
      expect(first).toBeTruthy();
      await page.clock.runFor(7_000);
      await expect(selectedSlide(page)).not.toHaveAttribute("aria-label", first ?? "", {
        timeout: 10_000,
      });
      // Slides that change by themselves are not announced; one the visitor moves to is.
      const said = slider.getByTestId("slide-announcement");
      await expect(said).toHaveText("");
      // A click on "next" does not stop it (stopOnInteraction: false).
      await slider.getByRole("button", { name: /next|التالي/i }).click();
      const afterClick = await selectedSlide(page).getAttribute("aria-label");
      await expect(said).toHaveText(afterClick ?? "??");
      await page.clock.runFor(7_000);
      await expect(selectedSlide(page)).not.toHaveAttribute("aria-label", afterClick ?? "", {
        timeout: 10_000,
      });
      // Its own next move is not said, though focus is still on "next".
      await expect(said).toHaveText("");
    });

    test.describe(() => {
      onlyAt("desktop", "the same code at every width");

      test("autoplay waits while the tab is hidden", async ({ page }) => {
        // The page's clock, so 7 s of autoplay time pass at once (time runs on by itself too).
        await page.clock.install();
        await openHome(page, lang);
        const setVisibility = (state: "hidden" | "visible") =>
          page.evaluate((value) => {
            Object.defineProperty(document, "visibilityState", {
              configurable: true,
              get: () => value,
            });
            document.dispatchEvent(new Event("visibilitychange"));
          }, state);
        await setVisibility("hidden");
        const first = await selectedSlide(page).getAttribute("aria-label");
        await page.clock.runFor(7_000);
        await expect(selectedSlide(page)).toHaveAttribute("aria-label", first ?? "");
        await setVisibility("visible");
        await page.clock.runFor(7_000);
        await expect(selectedSlide(page)).not.toHaveAttribute("aria-label", first ?? "", {
          timeout: 10_000,
        });
      });

      test("autoplay waits while keyboard focus is on the slider's buttons, and goes on once it leaves", async ({
        page,
      }) => {
        await page.clock.install();
        await openHome(page, lang);
        await expect(page.getByTestId("hero-pause")).toBeVisible();
        // From the keyboard, as a keyboard user reaches it.
        await page.getByTestId("hero-pause").focus();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Shift+Tab");
        await expect(page.getByTestId("hero-pause")).toBeFocused();
        const held = await selectedSlide(page).getAttribute("aria-label");
        await page.clock.runFor(14_000);
        await expect(selectedSlide(page)).toHaveAttribute("aria-label", held ?? "");
        // Focus leaves the slider: it moves again.
        await page
          .getByRole("link", { name: t(lang, "nav.news") })
          .first()
          .focus();
        await page.clock.runFor(7_000);
        await expect(selectedSlide(page)).not.toHaveAttribute("aria-label", held ?? "", {
          timeout: 10_000,
        });
      });
    });

    test("the banner slider's buttons stay where they are when its script comes, and the next slide's picture is fetched before it shows", async ({
      page,
      context,
    }, testInfo) => {
      const places = async (target: Page) =>
        target
          .getByTestId("hero-slider")
          // Every button, the one not shown yet too.
          .locator("button")
          .evaluateAll((buttons) =>
            buttons.map((button) => Math.round(button.getBoundingClientRect().left)),
          );
      // As the page is before its islands' script has come (here: never comes).
      const before = await context.newPage();
      await before.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await before.goto(`/${lang}`, { waitUntil: "domcontentloaded" });
      const shown = await places(before);
      await openHome(page, lang);
      await expect(page.getByTestId("hero-pause")).toBeVisible();
      expect(await places(page)).toEqual(shown);
      // On a phone, one slide to a view: the pictures of the slides beside it, either way, are
      // on their way before they come in; the others wait their turn.
      if (testInfo.project.name === "phone") {
        // Paused: nothing moves but what the test moves.
        await page.getByTestId("hero-pause").click();
        const slides = page.getByTestId("hero-slide");
        const picture = (n: number) => slides.nth(n).locator("img").first();
        expect(await slides.count()).toBeGreaterThan(4);
        await expect(picture(1)).not.toHaveAttribute("src", /^data:/);
        await expect(slides.last().locator("img").first()).not.toHaveAttribute("src", /^data:/);
        await expect(picture(3)).toHaveAttribute("src", /^data:/);
        const next = t(lang, "home.carouselNext", { name: t(lang, "home.bannerRegion") });
        await page.getByTestId("hero-slider").getByRole("button", { name: next }).click();
        await expect(picture(2)).not.toHaveAttribute("src", /^data:/);
        await expect(picture(3)).toHaveAttribute("src", /^data:/);
      }
    });

    test("reduced motion: the banner slider does not autoplay", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.clock.install();
      await openHome(page, lang);
      const first = await selectedSlide(page).getAttribute("aria-label");
      await page.clock.runFor(7_000);
      await expect(selectedSlide(page)).toHaveAttribute("aria-label", first ?? "");
      await expect(page.getByTestId("hero-pause")).toBeHidden();
    });

    // One load of the home page for what it shows and how it is laid out, then what moves:
    // the banner slider's dots, then the latest projects carousel from its start to its end.
    test("the company's name as heading, the extra-data strip by index, the About Us block, the header's title on the home page only, slide widths by breakpoint, services and news links with news cut to 250 characters, a named banner slider, carousels in the reading direction with disabled ends", async ({
      page,
    }, testInfo) => {
      await openHome(page, lang);
      const carousel = page.getByTestId("latest-projects");

      await test.step("the company's name from the company file is the heading", async () => {
        await expect(heading(page)).toHaveText(company(lang).name);
      });

      await test.step("the extra-data strip is sorted by index", async () => {
        const items = await apiData<{ title: string; content: string; index: number | string }[]>(
          "/api/extra-data",
          lang,
        );
        expect(items.length).toBeGreaterThan(1);
        const expected = [...items].sort((a, b) => Number(a.index) - Number(b.index));
        const shown = page.getByTestId("extra-data-item");
        await expect(shown).toHaveCount(items.length);
        // A region of its own name, not a second "About Us" beside the About Us block.
        await expect(
          page.getByRole("region", { name: t(lang, "home.atAGlance"), exact: true }),
        ).toContainText(items[0]?.title ?? "??");
        for (const [i, item] of expected.entries()) {
          await expect(shown.nth(i)).toContainText(item.title);
          await expect(shown.nth(i)).toContainText(item.content);
        }
      });

      await test.step("the About Us block: the first record's image, title and content", async () => {
        const [about] = await apiData<{ title: string; content: string; image: string }[]>(
          "/api/about-homepage",
          lang,
        );
        if (!about) throw new Error("no home about record");
        const block = page.locator("section", { has: page.locator("#home-about") });
        await expect(block.getByRole("heading", { level: 2 })).toHaveText(about.title);
        const words = plainText(about.content).split(" ").slice(0, 8).join(" ");
        expect(words.length).toBeGreaterThan(10);
        await expect(block).toContainText(words);
        const source = await block
          .locator("img")
          .first()
          .evaluate((image) => image.getAttribute("data-src") ?? image.getAttribute("src"));
        expect(new URL(shownImage(source), "http://x").pathname).toBe(
          new URL(about.image, "http://x").pathname,
        );
      });

      await test.step("the header's animated title and description are on the home page only", async () => {
        await expect(page.getByTestId("home-title")).toBeVisible();
        const elsewhere = await (await page.request.get(`/${lang}/news`)).text();
        expect(elsewhere).toContain("data-site-header");
        expect(elsewhere).not.toContain('data-testid="home-title"');
      });

      await test.step("the slide widths follow the breakpoints", async () => {
        // The track's width: the viewport's, less the room it keeps for the cards' rings.
        const trackWidth = await carousel.getByTestId("carousel-viewport").evaluate((el) => {
          const style = getComputedStyle(el);
          return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        });
        const slides = carousel.getByTestId("carousel-slide");
        const slide = await slides.nth(0).boundingBox();
        const gap = await slides.nth(0).evaluate((el) => getComputedStyle(el).paddingInlineStart);
        if (!slide) throw new Error("no box");
        const phone = testInfo.project.name === "phone";
        expect(gap).toBe(phone ? "5px" : "20px");
        const perView = (trackWidth + (phone ? 5 : 20)) / slide.width;
        expect(perView).toBeCloseTo(phone ? 1.5 : 2.5, 1);

        // What the first card draws around itself (its ring, a 2 px focus ring) lies inside the
        // box that clips the slides, on its outer sides too.
        const clip = await carousel.getByTestId("carousel-viewport").boundingBox();
        // The slide's first box (slots in between have none: `display: contents`).
        const card = await slides.nth(0).evaluate((slideElement) => {
          let element = slideElement.firstElementChild;
          while (element && element.getBoundingClientRect().width === 0)
            element = element.firstElementChild;
          const box = element?.getBoundingClientRect();
          return box && { x: box.x, y: box.y, width: box.width, height: box.height };
        });
        if (!clip || !card) throw new Error("no box");
        expect(card.y - clip.y).toBeGreaterThanOrEqual(2);
        expect(clip.y + clip.height - (card.y + card.height)).toBeGreaterThanOrEqual(2);
        if (lang === "ar")
          expect(clip.x + clip.width - (card.x + card.width)).toBeGreaterThanOrEqual(2);
        else expect(card.x - clip.x).toBeGreaterThanOrEqual(2);

        const hero = page.getByTestId("hero-slider");
        const heroBox = await hero.boundingBox();
        const heroSlide = await page.getByTestId("hero-slide").first().boundingBox();
        if (!heroBox || !heroSlide) throw new Error("no box");
        expect(Math.round((heroBox.width + 50) / heroSlide.width)).toBe(phone ? 1 : 3);
        expect(heroBox.height).toBeGreaterThanOrEqual(560);
      });

      await test.step("services link to their pages; news is cut to 250 characters", async () => {
        const services = await apiData<{ id: number | string }[]>("/api/homepage-services", lang);
        const news = await apiData<{ data: { id: number | string; description: string }[] }>(
          "/api/news?page=1",
          lang,
        );
        // Each card's one link, named by the service alone.
        const serviceLinks = await page
          .getByTestId("service-card")
          .getByRole("link")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
        expect(serviceLinks).toEqual(services.map((service) => `/${lang}/services/${service.id}`));

        const newsCarousel = page.getByTestId("latest-news");
        // Beside each carousel's buttons, at every width, its whole list.
        for (const [holder, name, path] of [
          [carousel, "nav.completedProjects", "projects"],
          [newsCarousel, "nav.news", "news"],
        ] as const) {
          const link = holder.getByRole("link", { name: t(lang, name), exact: true });
          await expect(link).toBeVisible();
          await expect(link).toHaveAttribute("href", `/${lang}/${path}`);
        }
        const newsLinks = await newsCarousel
          .getByTestId("carousel-slide")
          .locator("a")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
        expect(newsLinks).toEqual(news.data.map((item) => `/${lang}/news/${item.id}`));

        const descriptions = await newsCarousel.getByTestId("news-description").allTextContents();
        expect(descriptions).toHaveLength(news.data.length);
        const long = news.data.findIndex((item) => codePoints(item.description) > 250);
        expect(
          long,
          "the seed has a news description longer than 250 characters",
        ).toBeGreaterThanOrEqual(0);
        for (const [i, text] of descriptions.entries()) {
          const source = news.data[i]?.description ?? "";
          // At most 250 characters (by code point), cut after a word, and an ellipsis; short
          // ones whole.
          expect(text).toBe(truncated(source, 250));
        }
      });

      await test.step("the banner slider has named controls and slide labels", async () => {
        const slides = page.getByTestId("hero-slide");
        const count = await slides.count();
        await expect(slides.first()).toHaveAttribute("role", "group");
        // Its picture is a backdrop; its heading names it, once.
        await expect(slides.first().locator("img")).toHaveAttribute("alt", "");
        await expect(slides.first()).toHaveAttribute(
          "aria-roledescription",
          t(lang, "common.slideRole"),
        );
        await expect(slides.nth(1)).toHaveAttribute(
          "aria-label",
          lang === "en" ? `Slide 2 of ${count}` : `الشريحة 2 من ${count}`,
        );
        const dots = page.getByTestId("hero-dot");
        await expect(dots).toHaveCount(count);
        await dots.nth(2).click();
        await expect(slides.nth(2)).toHaveAttribute("data-selected", "true");
        await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
      });

      // The first "next" shows the reading direction; the others go on to the end.
      await test.step("carousels run in the reading direction; the latest projects carousel: disabled ends, links", async () => {
        const projects = await apiData<{ id: number | string }[]>("/api/homepage-projects", lang);
        expect(projects.length).toBeGreaterThan(2);
        await expectLive(carousel);
        const hrefs = await carousel
          .getByTestId("carousel-slide")
          .locator("a")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
        expect(hrefs).toEqual(projects.map((project) => `/${lang}/projects/${project.id}`));

        const viewport = carousel.getByTestId("carousel-viewport");
        await expect(viewport).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
        const slides = carousel.getByTestId("carousel-slide");
        const first = await slides.nth(0).boundingBox();
        const second = await slides.nth(1).boundingBox();
        if (!first || !second) throw new Error("slides have no box");
        // Arabic lays slides out from the right; English from the left.
        if (lang === "ar") expect(second.x).toBeLessThan(first.x);
        else expect(second.x).toBeGreaterThan(first.x);

        const name = lang === "en" ? "Latest Projects" : "أحدث المشاريع";
        const previous = carousel.getByRole("button", {
          name: lang === "en" ? `Previous ${name}` : `${name}: السابق`,
        });
        const next = carousel.getByRole("button", {
          name: lang === "en" ? `Next ${name}` : `${name}: التالي`,
        });
        await expect(previous).toBeDisabled();
        await expect(next).toBeEnabled();

        await next.click();
        await expect(previous).toBeEnabled();
        // "Next" brings in the slides on the reading side: the track moves right in Arabic
        // (towards the end on the left) and left in English.
        await expect(async () => {
          const moved = await slides.nth(0).boundingBox();
          if (!moved) throw new Error("slide has no box");
          if (lang === "ar") expect(moved.x).toBeGreaterThan(first.x + 50);
          else expect(moved.x).toBeLessThan(first.x - 50);
        }).toPass();

        for (let i = 1; i < projects.length && (await next.isEnabled()); i++) {
          await next.click();
          await expect(previous).toBeEnabled();
        }
        await expect(next).toBeDisabled();
        // The last slide is fully in view at the end (once the scroll has settled).
        await expect(async () => {
          const view = await viewport.boundingBox();
          const last = await slides.last().boundingBox();
          if (!view || !last) throw new Error("no box");
          expect(last.x).toBeGreaterThanOrEqual(view.x - 2);
          expect(last.x + last.width).toBeLessThanOrEqual(view.x + view.width + 2);
        }).toPass();
      });
    });

    test.describe(() => {
      onlyAt("desktop", "the widths are set by the test");

      test("after the window changes size (a tablet turned), the banner's slide still starts at its edge: no headline is cut, with motion or without", async ({
        page,
      }) => {
        for (const reducedMotion of ["no-preference", "reduce"] as const) {
          await page.emulateMedia({ reducedMotion });
          await page.setViewportSize({ width: 1024, height: 768 });
          await openHome(page, lang);
          for (const [width, height] of [
            [768, 1024],
            [1024, 768],
            [900, 700],
          ] as const) {
            await page.setViewportSize({ width, height });
            await expect
              .poll(
                async () => {
                  const hero = await page.getByTestId("hero-slider").boundingBox();
                  const title = await selectedSlide(page).getByRole("heading").boundingBox();
                  if (!hero || !title) return "no box";
                  const inside =
                    title.x >= hero.x - 1 && title.x + title.width <= hero.x + hero.width + 1;
                  return inside ? "inside" : `${title.x}..${title.x + title.width}`;
                },
                { message: `${reducedMotion}, ${width} px` },
              )
              .toBe("inside");
          }
        }
      });

      test("at the breakpoints' edges: the banner shows one slide under 865 px and three from 865; the carousels 1.5 slides 5 px apart under 768 and 2.5 slides 20 px apart from 768", async ({
        page,
      }) => {
        await page.setViewportSize({ width: 767, height: 900 });
        await openHome(page, lang);
        const hero = page.getByTestId("hero-slider");
        const heroSlide = page.getByTestId("hero-slide").first();
        const carousel = page.getByTestId("latest-projects");
        const slide = carousel.getByTestId("carousel-slide").first();
        /** Slides per view and the gap between them, as laid out now. */
        const layout = async () => {
          const [heroBox, heroSlideBox, slideBox] = await Promise.all(
            [hero, heroSlide, slide].map((box) => box.boundingBox()),
          );
          const { track, gap } = await carousel.getByTestId("carousel-viewport").evaluate(
            (viewport, slideElement) => {
              const style = getComputedStyle(viewport);
              const track =
                viewport.clientWidth -
                parseFloat(style.paddingLeft) -
                parseFloat(style.paddingRight);
              return { track, gap: getComputedStyle(slideElement).paddingInlineStart };
            },
            await slide.elementHandle(),
          );
          if (!heroBox || !heroSlideBox || !slideBox) throw new Error("no box");
          const gapPx = parseFloat(gap);
          return {
            heroPerView: Math.round((heroBox.width + 50) / heroSlideBox.width),
            perView: Math.round(((track + gapPx) / slideBox.width) * 10) / 10,
            gap,
          };
        };
        for (const [width, expected] of [
          [767, { heroPerView: 1, perView: 1.5, gap: "5px" }],
          [768, { heroPerView: 1, perView: 2.5, gap: "20px" }],
          [864, { heroPerView: 1, perView: 2.5, gap: "20px" }],
          [865, { heroPerView: 3, perView: 2.5, gap: "20px" }],
        ] as const) {
          await page.setViewportSize({ width, height: 900 });
          await expect.poll(layout, { message: `at ${width} px` }).toEqual(expected);
        }
      });
    });

    test.describe(() => {
      onlyAt("phone", "phone width only");

      test("the phone layout does not overflow sideways", async ({ page }) => {
        await openHome(page, lang);
        await page.getByTestId("latest-news").scrollIntoViewIfNeeded();
        await expectNoHorizontalOverflow(page);
      });
    });

    test("the banner's controls: Tab goes through them in the order they are drawn, clear of the slide's text (phones: at 320 px)", async ({
      page,
      projectName,
    }) => {
      if (projectName === "phone") await page.setViewportSize({ width: 320, height: 640 });
      await openHome(page, lang);
      const slider = page.getByTestId("hero-slider");
      // Pause first (the ARIA carousel pattern), then Tab until focus leaves the slider.
      await page.getByTestId("hero-pause").focus();
      const drawn: { top: number; bottom: number; left: number; right: number }[] = [];
      while (await slider.evaluate((root) => root.contains(document.activeElement))) {
        drawn.push(
          await page.evaluate(() => {
            const box = (document.activeElement as Element).getBoundingClientRect();
            return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
          }),
        );
        await page.keyboard.press("Tab");
      }
      const dots = await slider.getByTestId("hero-dot").count();
      expect(drawn).toHaveLength(dots + 3);
      for (const [index, box] of drawn.entries()) {
        const before = drawn[index - 1];
        if (!before) continue;
        const nextRow = box.top >= before.bottom - 1;
        const sameRow = box.top < before.bottom && box.bottom > before.top;
        const further = lang === "ar" ? box.right <= before.left + 1 : box.left >= before.right - 1;
        expect(nextRow || (sameRow && further), `control ${index + 1} of ${drawn.length}`).toBe(
          true,
        );
      }
      // Every control inside the screen, and the first slide's words end above them.
      const width = page.viewportSize()?.width ?? 0;
      for (const box of drawn) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
      }
      const highest = Math.min(...drawn.map((box) => box.top));
      const text = await page
        .getByTestId("hero-slide")
        .first()
        .locator("h2, p")
        .evaluateAll((all) => all.map((element) => element.getBoundingClientRect().bottom));
      for (const bottom of text) expect(bottom).toBeLessThanOrEqual(highest);
    });

    test("with the browser's text size at 150 %, every banner headline in view lies below the header", async ({
      page,
    }) => {
      // Chromium's "font size" setting (text only, not zoom): the slider's layout follows the
      // text's breakpoints (rem), so the larger headlines are not cut off under the header.
      const browser = await page.context().newCDPSession(page);
      await browser.send("Page.setFontSizes", { fontSizes: { standard: 24, fixed: 13 } });
      await openHome(page, lang);
      const headerBottom = await page
        .locator("header")
        .first()
        .evaluate((header) => header.getBoundingClientRect().bottom);
      const tops = await page.getByTestId("hero-slide").evaluateAll((slides) =>
        slides
          .map((slide) => slide.querySelector("h2")?.getBoundingClientRect())
          .filter((box) => box !== undefined && box.right > 0 && box.left < innerWidth)
          .map((box) => box?.top ?? 0),
      );
      expect(tops.length).toBeGreaterThan(0);
      for (const top of tops) expect(top).toBeGreaterThanOrEqual(headerBottom);
    });

    test.describe(() => {
      onlyAt("desktop", "hover needs a mouse; the keyboard test runs with it");

      test("service icons turn white on hover and focus; See More shows; Tab reaches a link in a hidden slide and brings it into view", async ({
        page,
      }) => {
        await page.goto(`/${lang}`);
        const card = page.getByTestId("service-card").first();
        const white = card.locator('img[data-icon="white"]');
        const icon = card.locator('img[data-icon="default"]');
        await expect(white).toHaveCSS("opacity", "0");
        await expect(icon).toHaveCSS("opacity", "1");
        await card.hover();
        await expect(white).toHaveCSS("opacity", "1");
        await expect(icon).toHaveCSS("opacity", "0");
        await expect(card).toHaveCSS("background-color", "rgb(15, 42, 68)");

        await page.mouse.move(0, 0);
        await expect(white).toHaveCSS("opacity", "0");
        const second = page.getByTestId("service-card").nth(1);
        // Focus from the keyboard (:focus-visible), as a keyboard user would.
        await card.getByRole("link").focus();
        await page.keyboard.press("Tab");
        await expect(second.getByRole("link")).toBeFocused();
        await expect(second.locator('img[data-icon="white"]')).toHaveCSS("opacity", "1");
        await expect(second).toHaveCSS("background-color", "rgb(15, 42, 68)");

        const newsCard = page.getByTestId("latest-news").getByTestId("news-card").first();
        const seeMore = newsCard.getByTestId("see-more");
        await expect(seeMore).toHaveText(t(lang, "common.seeMore"));
        await expect(seeMore).toHaveCSS("opacity", "0");
        await newsCard.hover();
        await expect(seeMore).toHaveCSS("opacity", "1");

        // Keyboard: Tab reaches a link in a hidden slide and brings it into view.
        const carousel = page.getByTestId("latest-projects");
        await expectLive(carousel);
        const links = carousel.getByTestId("carousel-slide").locator("a");
        await links.nth(2).focus();
        await page.keyboard.press("Tab");
        const fourth = links.nth(3);
        await expect(fourth).toBeFocused();
        await expect(fourth).toBeInViewport({ ratio: 0.9 });
      });
    });
  });
}
