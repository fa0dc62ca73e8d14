/**
 * Leaving a page (app/page-script/leaving-page.ts, SPEC.md 4): a link to another page shows
 * the loading bar, or the full-screen overlay for a home page, until the next page is in, on
 * pages with and without islands; a link that downloads (a PDF through the site's media, a
 * `download` link) shows none; and the next page starts at the top. Both languages' pages, at
 * both widths.
 */
import { t } from "./support/content.ts";
import { expect, test } from "./support/test.ts";

// SPEC.md 4: a loading indicator while the next page loads; the overlay for the home page.
test("a link shows the loading bar, or the overlay for home, until the next page is in", async ({
  page,
}) => {
  let onShown = (_text: string) => {};
  await page.exposeFunction("noteShown", (text: string) => onShown(text));
  for (const [from, link, indicator] of [
    // A page without islands (page-script/leaving-page.ts shows the indicator).
    ["/ar/news", 'main a[href^="/ar/news/"]', "loading-bar"],
    ["/ar/news", 'header a[href="/"]', "loading-overlay"],
    // A page with islands, once they are live.
    ["/en/contactUs", 'footer a[href^="/en/projects/"]', "loading-bar"],
  ] as const) {
    await page.goto(from);
    const to = (await page.locator(link).first().getAttribute("href")) ?? "??";
    let seen = "";
    const shown = new Promise<void>((resolve) => {
      onShown = (text) => {
        seen = text;
        resolve();
      };
    });
    // Hold the next page until the indicator has shown.
    await page.route(
      (url) => url.pathname === to,
      async (route) => {
        await Promise.race([shown, page.waitForTimeout(10_000)]);
        await route.continue();
      },
    );
    await expect(page.getByTestId(indicator)).toBeHidden();
    // Playwright waits for a document on its way before it looks at the page: the page
    // reports what it shows instead.
    await page.evaluate((testId) => {
      const element = document.querySelector(`[data-testid="${testId}"]`);
      if (!element) return;
      new MutationObserver(() => {
        if (element.checkVisibility())
          (window as unknown as { noteShown(text: string): void }).noteShown(
            element.textContent ?? "",
          );
      }).observe(element, { attributes: true });
    }, indicator);
    await page.locator(link).first().click({ noWaitAfter: true });
    // `/` goes on to the home page of the saved language.
    await expect(page).toHaveURL(new RegExp(`${to === "/" ? from.slice(0, 3) : to}$`));
    expect(seen, `${from} → ${to}`).toContain(
      t(from.startsWith("/ar") ? "ar" : "en", "common.loading"),
    );
    await expect(page.getByTestId(indicator)).toBeHidden();
    await page.unrouteAll();
  }
});

test("a link that downloads shows no loading indicator", async ({ page }) => {
  await page.goto("/en/news");
  const indicators = page.locator("[data-loading]");
  await expect(indicators).toHaveCount(2);
  // Links as rich content has them: a PDF through the site's media, a `download` link. Neither
  // replaces this page, so an indicator would stay up for good.
  await page.route("**/storage/**", (route) =>
    route.fulfill({
      contentType: "application/pdf",
      headers: { "Content-Disposition": 'attachment; filename="profile.pdf"' },
      body: "%PDF-1.4\n",
    }),
  );
  // Below the banner, clear of the fixed header.
  await page
    .locator("#list")
    .evaluate((list) =>
      list.insertAdjacentHTML(
        "afterbegin",
        '<a id="t-pdf" href="/storage/profile/company-profile.pdf">PDF</a> ' +
          '<a id="t-download" href="/storage/profile/other.pdf" download>download</a>',
      ),
    );
  for (const id of ["t-pdf", "t-download"]) {
    const download = page.waitForEvent("download");
    await page.locator(`#${id}`).click();
    await download;
    for (const indicator of await indicators.all()) await expect(indicator, id).toBeHidden();
    await expect(page).toHaveURL(/\/en\/news$/);
  }
});

test("a new page starts at the top", async ({ page }) => {
  await page.goto("/en/soso");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const link = page.getByTestId("footer-projects").getByRole("link").first();
  const href = await link.getAttribute("href");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
