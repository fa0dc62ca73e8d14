/**
 * Playwright's `test` and `expect`, with one change: on a page opened by `page.goto` or
 * `page.reload`, these also wait until the page's widget script has run (it marks
 * `html[data-widgets]`, app/widgets/main.ts). Pages without it (most pages, error pages, files)
 * and pages opened with JavaScript off are not waited for, nor pages in specs that set
 * `waitForScripts: false`.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ waitForScripts: boolean }>({
  /** Off for specs that look at a page before its widget script has run. */
  waitForScripts: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, waitForScripts }, use) => {
    if (javaScriptEnabled !== false && waitForScripts) waitForScriptsOnLoad(page);
    await use(page);
  },
});

function waitForScriptsOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((options?.waitUntil ?? "load") === "load") await scriptsReady(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if ((options?.waitUntil ?? "load") === "load") await scriptsReady(page);
    return response;
  };
}

/** Resolves once the page's widgets have started, or at once on a page without them. */
export async function scriptsReady(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector("script[data-widgets]") ||
      document.documentElement.hasAttribute("data-widgets"),
  );
}
