/**
 * Images: the site's image endpoint (`/img`) over HTTP against the shared test server, and
 * pages that ask it for the sizes they draw (srcset, sizes, dimensions, the LCP preload).
 */

import { apiData, type Lang, languages } from "./support/content.ts";
import { E2E_PORT } from "./support/env.ts";
import { expect, type Page, test } from "./support/test.ts";

const site = `http://127.0.0.1:${E2E_PORT}`;

/** A banner image of the API, as root-relative media (`/storage/...`). */
async function bannerPath(lang: Lang): Promise<string> {
  const banners = await apiData<{ image: string }[]>("/api/homepage-banners", lang);
  const image = banners.find((banner) => banner.image)?.image ?? "";
  return new URL(image, site).pathname;
}

/** Width and height of an image file, read from its header by the browser-free `sharp`. */
async function sizeOf(body: Buffer) {
  const { default: sharp } = await import("sharp");
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format };
}

test.describe("the image endpoint", () => {
  // No browser involved, so one width is enough.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

  test("resizes to the width asked and answers AVIF, WebP or the original format", async () => {
    const src = encodeURIComponent(await bannerPath("en"));
    const cases = [
      ["image/avif,image/webp,*/*", "image/avif", "heif"],
      ["image/webp,*/*", "image/webp", "webp"],
      ["*/*", undefined, undefined],
    ] as const;
    for (const [accept, type, format] of cases) {
      const response = await fetch(`${site}/img?src=${src}&w=480`, { headers: { Accept: accept } });
      expect(response.status).toBe(200);
      if (type) expect(response.headers.get("content-type")).toBe(type);
      else expect(response.headers.get("content-type")).toMatch(/^image\/(jpeg|png)$/);
      expect(response.headers.get("cache-control")).toMatch(/public, max-age=\d{6,}/);
      expect(response.headers.get("vary")).toContain("Accept");
      const size = await sizeOf(Buffer.from(await response.arrayBuffer()));
      expect(size.width).toBe(480);
      if (format) expect(size.format).toBe(format);
    }
  });

  // That it is made once is counted at the API in apps/web/server/images/image-endpoint-limits.test.ts.
  test("the same request twice gives the same bytes", async () => {
    const src = encodeURIComponent(await bannerPath("ar"));
    const url = `${site}/img?src=${src}&w=640`;
    const headers = { Accept: "image/webp" };
    const first = Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
    const second = Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
    expect(second.equals(first)).toBe(true);
  });

  test("bad widths, foreign or odd sources and files that are not images get a 400", async () => {
    const src = encodeURIComponent(await bannerPath("en"));
    const profiles = await apiData<{ pdf_download_url: string }[]>("/api/our_profile", "en");
    const pdf = new URL(profiles[0]?.pdf_download_url ?? "/storage/x.pdf", site).pathname;
    for (const query of [
      `src=${src}&w=481`,
      `src=${src}&w=99999`,
      `src=${src}&w=abc`,
      `src=${src}`,
      "w=480",
      `w=480&src=${encodeURIComponent("https://evil.example/a.jpg")}`,
      `w=480&src=${encodeURIComponent("file:///etc/passwd")}`,
      `w=480&src=${encodeURIComponent("//evil.example/a.jpg")}`,
      `w=480&src=${encodeURIComponent(pdf)}`,
    ]) {
      const response = await fetch(`${site}/img?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text(), query).not.toMatch(/at \w+ \(|node_modules|Error:/);
    }
    const missing = await fetch(
      `${site}/img?w=480&src=${encodeURIComponent("/storage/no/such.jpg")}`,
    );
    expect(missing.status).toBe(404);
  });
});

for (const lang of languages) {
  test(`/${lang}: images come in the sizes they are drawn at, with their dimensions`, async ({
    page,
  }) => {
    await page.goto(`/${lang}`);
    // The hero's first slide is the largest element of the first view: preloaded, high priority.
    const preload = page.locator('link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload).toHaveCount(1);
    expect(await preload.getAttribute("imagesrcset")).toContain("/img?src=");
    const hero = page.locator('img[fetchpriority="high"]').first();
    const srcset = (await hero.getAttribute("srcset")) ?? "";
    const widths = [...srcset.matchAll(/ (\d+)w/g)].map((match) => Number(match[1]));
    expect(widths.length).toBeGreaterThan(1);
    expect(await hero.getAttribute("sizes")).toBeTruthy();
    // Every image declares its size, so nothing shifts as it loads.
    const unsized = await page
      .locator("img")
      .evaluateAll(
        (images) =>
          images.filter((img) => !img.getAttribute("width") || !img.getAttribute("height")).length,
      );
    expect(unsized).toBe(0);
    // The browser picked one of the offered widths and got an image back.
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain("/img?src=");
  });
}

/**
 * Where each lazy image of the page's main content is, against the viewport's bottom edge
 * (`below`: how far its top is under that edge, negative once it is inside), and whether it has
 * its real source yet.
 */
function lazyImages(page: Page) {
  return page.locator("main img[data-src]").evaluateAll((images) =>
    images
      .filter((image) => image.getClientRects().length > 0)
      .map((image) => ({
        below: image.getBoundingClientRect().top - window.innerHeight,
        loaded: !(image.getAttribute("src") ?? "").startsWith("data:"),
      })),
  );
}

/** Images load within 100 px of the viewport and not before, as the page is scrolled down. */
async function checkLazyLoading(page: Page) {
  const nearOnesLoaded = async () =>
    (await lazyImages(page)).filter((image) => image.below < 100).every((image) => image.loaded);
  const farOnesWaiting = async () =>
    (await lazyImages(page)).filter((image) => image.below > 150).every((image) => !image.loaded);
  await expect.poll(nearOnesLoaded).toBe(true);
  expect(await farOnesWaiting()).toBe(true);
  // A short window leaves most of the list below it: bring each next one to 50 px under the edge.
  const far = (await lazyImages(page)).filter((image) => image.below > 150);
  expect(far.length).toBeGreaterThan(0);
  for (let step = 0; step < 3; step++) {
    const next = (await lazyImages(page)).find((image) => image.below > 150);
    if (!next) break;
    await page.evaluate((by) => window.scrollBy(0, by), next.below - 50);
    await expect.poll(nearOnesLoaded).toBe(true);
    expect(await farOnesWaiting()).toBe(true);
  }
}

test.describe("lazy images", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    // Short, so the list's images start well below the first view at either width.
    await page.setViewportSize({
      width: testInfo.project.name === "desktop" ? 1280 : 375,
      height: 400,
    });
  });

  // The page script loads them (page-script/lazy-images.ts): the news list has no other script.
  for (const lang of languages) {
    test(`/${lang}/news: images load within 100 px of the viewport`, async ({ page }) => {
      await page.goto(`/${lang}/news`);
      await checkLazyLoading(page);
    });
  }
});
