/**
 * Which pages load scripts, and what React does in the browser (decision 014). Every page is
 * rendered by React on the server; pages with islands (the hero slider, the carousels, the
 * gallery, the certificates, the contact form) load one module script, which hydrates each
 * island from the props after its root; other pages load no script file at all (the search
 * field's island loads it on the field's first focus: search-suggest.spec.ts), their inline
 * script doing what they need, also when the islands' script is held back. An island far below
 * the fold is hydrated only once the page is scrolled near it or a visitor focuses inside it.
 * No page logs a React warning or error (hydration mismatches included). Both languages, both
 * widths.
 */
import { apiData, type Lang, languages, type Paged } from "./support/content.ts";
import { forwardKey } from "./support/keyboard.ts";
import { expect, type Page, test } from "./support/test.ts";

/** The pages with islands, and the islands each one has. */
async function islandPagesOf(lang: Lang): Promise<[string, string[]][]> {
  const projects = await apiData<Paged<{ id: number }>>("/api/Completed-projects", lang);
  return [
    [`/${lang}`, ["hero-slider", "carousel", "carousel"]],
    [`/${lang}/projects/${projects.data[0]?.id}`, ["gallery"]],
    [`/${lang}/overview`, ["gallery"]],
    [`/${lang}/iso`, ["certificates"]],
    [`/${lang}/contactUs`, ["contact-form"]],
  ];
}

/** Pages without islands: lists, articles, the 404 page. */
async function plainPagesOf(lang: Lang) {
  const news = await apiData<Paged<{ id: number }>>("/api/news", lang);
  const [service] = await apiData<{ id: number }[]>("/api/services", lang);
  return [
    `/${lang}/news`,
    `/${lang}/news/${news.data[0]?.id}`,
    `/${lang}/projects`,
    `/${lang}/CurrentProjects`,
    `/${lang}/services`,
    `/${lang}/services/${service?.id}`,
    `/${lang}/HSE`,
    `/${lang}/equipment`,
    `/${lang}/no-such-page`,
  ];
}

/** The script files the page has fetched, once the network is quiet. */
async function scriptFiles(page: Page) {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith(".js")),
  );
}

/**
 * The warnings and errors the page logs from now on (React's hydration mismatches included),
 * each with its address; the 404 page (`/no-such-page`) is left out (its own status is logged
 * as an error).
 */
function consoleProblems(page: Page) {
  const logged: string[] = [];
  const note = (text: string) => {
    if (!page.url().endsWith("/no-such-page")) logged.push(`${page.url()}: ${text}`);
  };
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") note(message.text());
  });
  page.on("pageerror", (error) => note(error.message));
  return logged;
}

/** Scrolls to the bottom and back, so that the islands below the fold are hydrated too. */
async function scrollDownAndBack(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** React Router's bootstrap and module preloads: never (links load pages, decision 013). */
function expectNoRouterBootstrap(html: string, path: string) {
  expect(html, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
  expect(html, path).not.toContain("__reactRouterContext");
}

/** The islands' script as the inline page script names it (page-script/islands-after-paint.ts). */
const islandsScript = /"(\/assets\/hydrate-[\w-]+\.js)"/g;

for (const lang of languages) {
  // Each page is also scrolled down and back, and no page may log a React warning or error.
  test(`/${lang}: pages with islands load the islands' script once, and hydrate each island; no React warning or error`, async ({
    page,
    request,
  }) => {
    const logged = consoleProblems(page);
    for (const [path, islands] of await islandPagesOf(lang)) {
      const html = await (await request.get(path)).text();
      expectNoRouterBootstrap(html, path);
      // Named twice: after the first paint, and on the search field's first focus.
      const scripts = [...html.matchAll(islandsScript)];
      expect(new Set(scripts.map((script) => script[1])).size, `${path}: one islands script`).toBe(
        1,
      );
      // Not a script element: the page script adds it once the page has been painted.
      expect(html, path).not.toMatch(/<script[^>]+\ssrc=/);
      // Each root is followed by its props, a JSON data block. The search field's islands,
      // hydrated on focus only, are left out (search-suggest.spec.ts).
      const roots = [
        ...html.matchAll(
          /<island-root data-island="([\w-]+)" data-hydrate="([\w-]+)"[^>]*>[\s\S]*?<\/island-root><script type="application\/json">/g,
        ),
      ];
      expect(
        roots.filter((root) => root[2] !== "focus").map((root) => root[1]),
        path,
      ).toEqual(islands);

      // `goto` waits for every island to be live (support/test.ts).
      await page.goto(path);
      const live = page.locator("island-root[data-hydrated]");
      await expect(live, path).toHaveCount(islands.length);
      const files = await scriptFiles(page);
      expect(files, path).toContain(scripts[0]?.[1]);
      const [requested, painted] = await page.evaluate((src) => {
        const script = performance.getEntriesByName(new URL(src, location.href).href)[0];
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        return [script?.startTime ?? -1, paint?.startTime ?? Number.POSITIVE_INFINITY];
      }, scripts[0]?.[1] ?? "");
      expect(
        requested,
        `${path}: the islands' script is requested after the first paint`,
      ).toBeGreaterThanOrEqual(painted);
      expect(
        files.every((file) => file.startsWith("/assets/")),
        path,
      ).toBe(true);
      await scrollDownAndBack(page);
    }
    expect(logged).toEqual([]);
  });

  test(`/${lang}: pages without islands load no script file; no React warning or error`, async ({
    page,
    request,
  }) => {
    const logged = consoleProblems(page);
    for (const path of await plainPagesOf(lang)) {
      const html = await (await request.get(path)).text();
      expectNoRouterBootstrap(html, path);
      expect(html, path).not.toMatch(/<script[^>]+\ssrc=/);
      // None but the search field's, whose script loads on its first focus (search-suggest.spec.ts).
      expect(html, path).not.toMatch(/<island-root(?![^>]*data-hydrate="focus")/);
      await page.goto(path);
      expect(await scriptFiles(page), path).toEqual([]);
      // The page's own inline script is there (page-script/page-script.ts): its images are watched.
      const images = page.locator("main img[data-lazy]");
      const waiting = page.locator("main img[data-lazy='']");
      if ((await images.count()) > 0)
        expect(await waiting.count(), `${path}: lazy images watched`).toBe(0);
      await scrollDownAndBack(page);
    }
    expect(logged).toEqual([]);
  });
}

test.describe("before the islands are live", () => {
  test.use({ waitForScripts: false });

  for (const lang of languages) {
    test(`/${lang}: the header follows the scroll and the language is saved`, async ({
      page,
      context,
    }) => {
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto(`/${lang}`);
      await page.evaluate(() => window.scrollTo(0, 200));
      await expect(page.locator("html")).toHaveAttribute("data-scrolled", "");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator("html")).not.toHaveAttribute("data-scrolled");
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe(lang);
      await expect(page.locator("island-root")).not.toHaveCount(0);
      await expect(page.locator("island-root[data-hydrated]")).toHaveCount(0);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of languages) {
    test(`/${lang}: every slide can be scrolled to, and no slider control that only the script moves is shown`, async ({
      page,
    }) => {
      for (const [path, islands] of await islandPagesOf(lang)) {
        const sliders = islands.filter(
          (name) => name !== "certificates" && name !== "contact-form",
        );
        if (sliders.length === 0) continue;
        await page.goto(path);
        const viewports = page.locator("[data-slides-viewport]");
        await expect(viewports).toHaveCount(sliders.length);
        for (const viewport of await viewports.all()) {
          // The last slide is reached by scrolling the viewport sideways (either direction);
          // its box includes the gap after it, out of view (50 px of a 360 px phone's).
          const last = viewport.locator(":scope > * > *").last();
          await last.scrollIntoViewIfNeeded();
          await expect(last).toBeInViewport({ ratio: 0.8 });
        }
        // Previous, next, the dots, pause and the gallery's counter would do or say nothing.
        await expect(page.locator("[data-needs-script]")).not.toHaveCount(0);
        for (const control of await page.locator("[data-needs-script]").all()) {
          await expect(control).toBeHidden();
        }
        await expect(page.getByRole("button", { name: /next|التالي/i })).toHaveCount(0);
        await expect(page.getByTestId("gallery-counter")).toBeHidden();
      }
    });
  }
});

test.describe("islands start as they come near the view", () => {
  test.use({ waitForScripts: false });

  for (const lang of languages) {
    test(`/${lang}: an island far below the fold is not hydrated until the page is scrolled near it, and a carousel then works`, async ({
      page,
    }) => {
      await page.goto(`/${lang}`);
      const roots = page.locator("island-root");
      // The hero is the first view: hydrated at once.
      await expect(roots.and(page.locator('[data-island="hero-slider"]'))).toHaveAttribute(
        "data-hydrated",
        "",
      );
      await page.waitForLoadState("networkidle");
      // Far: more than a viewport and the 200 px margin of hydrate.ts below the view.
      const far = await roots.evaluateAll((all) =>
        all.map((root) => {
          const top = (root.firstElementChild ?? root).getBoundingClientRect().top;
          return top > innerHeight + 400;
        }),
      );
      const lastCarousel = far.lastIndexOf(true);
      expect(lastCarousel, "an island far below the fold").toBeGreaterThan(0);
      const carousel = roots.nth(lastCarousel);
      await expect(carousel).toHaveAttribute("data-island", "carousel");
      // Given time, and the browser idle, it still waits.
      await page.waitForTimeout(1_000);
      for (const [index, isFar] of far.entries())
        if (isFar)
          await expect(roots.nth(index), `island ${index}`).not.toHaveAttribute("data-hydrated");

      const previous = carousel.getByTestId("carousel-previous");
      const next = carousel.getByTestId("carousel-next");
      await next.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute("data-hydrated", "");
      await expect(previous).toBeDisabled();
      await next.click();
      await expect(previous).toBeEnabled();
    });

    test(`/${lang}: a press on a carousel's arrow and an arrow key before the carousel is live are not lost`, async ({
      page,
    }) => {
      // The carousel's own code arrives only when the test says so: the press comes first.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/carousel-[\w-]{8}\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`/${lang}`);
      // The islands' script runs (the hero, the first view, is live): from now on it holds a
      // press on an island not live yet. One before it has loaded would reach nothing.
      await expect(page.locator('island-root[data-island="hero-slider"]')).toHaveAttribute(
        "data-hydrated",
        "",
      );
      const carousel = page.locator('island-root[data-island="carousel"]').last();
      const previous = carousel.getByTestId("carousel-previous");
      const next = carousel.getByTestId("carousel-next");
      await next.scrollIntoViewIfNeeded();
      await next.click();
      // The arrow key of the reading direction, on the button the press left focused.
      await expect(next).toBeFocused();
      await page.keyboard.press(forwardKey(lang));
      await expect(carousel).not.toHaveAttribute("data-hydrated");
      await expect(previous).toBeDisabled();
      release();
      await expect(carousel).toHaveAttribute("data-hydrated", "");
      // The press and the key were made again once the carousel was live: it moved on by two
      // slides, the third now first in view (its start edge at the viewport's, on the right in
      // Arabic).
      await expect(previous).toBeEnabled();
      const viewport = carousel.getByTestId("carousel-viewport");
      const third = carousel.getByTestId("carousel-slide").nth(2);
      await expect(async () => {
        const [frame, slide] = await Promise.all([viewport.boundingBox(), third.boundingBox()]);
        if (!frame || !slide) throw new Error("no box");
        const offset =
          lang === "ar" ? frame.x + frame.width - (slide.x + slide.width) : slide.x - frame.x;
        // Within a quarter of a slide: the slide's own gap before it, not a whole slide away.
        expect(Math.abs(offset)).toBeLessThan(slide.width / 4);
      }).toPass();
    });

    test(`/${lang}: an island not yet hydrated starts when a visitor focuses inside it`, async ({
      page,
    }) => {
      await page.goto(`/${lang}`);
      // The islands' script runs: the hero is live.
      await expect(page.locator('island-root[data-island="hero-slider"]')).toHaveAttribute(
        "data-hydrated",
        "",
      );
      await page.waitForLoadState("networkidle");
      const carousel = page.locator('island-root[data-island="carousel"]').last();
      await expect(carousel).not.toHaveAttribute("data-hydrated");
      // Focus without scrolling: only the visitor's use of the island can start it.
      await carousel.getByTestId("carousel-next").evaluate((button: HTMLElement) => {
        button.focus({ preventScroll: true });
      });
      await expect(carousel).toHaveAttribute("data-hydrated", "");
    });
  }
});

test.describe("the contact form starts once in view or first used", () => {
  test.use({ waitForScripts: false });

  for (const lang of languages) {
    test(`/${lang}/contactUs: live at once where the first view shows it, else when a field is focused`, async ({
      page,
    }) => {
      await page.goto(`/${lang}/contactUs`);
      await page.waitForLoadState("networkidle");
      const form = page.locator('island-root[data-island="contact-form"]');
      const inView = await form.evaluate(
        (root) => (root.firstElementChild ?? root).getBoundingClientRect().top < innerHeight,
      );
      if (inView) {
        await expect(form).toHaveAttribute("data-hydrated", "");
        return;
      }
      // Just below the first view (a phone): a plain form until the visitor reaches it.
      await page.waitForTimeout(1_000);
      await expect(form).not.toHaveAttribute("data-hydrated");
      await form
        .locator("input:not([type=hidden])")
        .first()
        .evaluate((input: HTMLElement) => {
          input.focus({ preventScroll: true });
        });
      await expect(form).toHaveAttribute("data-hydrated", "");
    });
  }
});
