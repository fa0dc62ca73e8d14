/**
 * Playwright's `test` and `expect`, with one change: on a page opened by `page.goto` or
 * `page.reload`, the scripts start only after the first paint (apps/web/server/deferred-scripts.ts),
 * so these also wait until React has hydrated the page (`html[data-hydrated]`, set by root.tsx).
 * Pages without the site's scripts (error pages made outside React, files) and pages opened with
 * JavaScript off are not waited for, nor pages in specs that set `waitForHydration: false`.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ waitForHydration: boolean }>({
  /** Off for specs that look at a page before its scripts have run. */
  waitForHydration: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, waitForHydration }, use) => {
    if (javaScriptEnabled !== false && waitForHydration) waitForHydrationOnLoad(page);
    await use(page);
  },
});

function waitForHydrationOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((options?.waitUntil ?? "load") === "load") await hydration(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if ((options?.waitUntil ?? "load") === "load") await hydration(page);
    return response;
  };
}

/** Resolves once the page is hydrated, or at once when it has no bootstrap script to run. */
export async function hydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") ||
      !document.querySelector(
        'script[type="text/x-deferred-module"], script[type="module"]:not([src])',
      ),
  );
}
