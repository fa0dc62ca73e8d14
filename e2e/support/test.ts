/**
 * Playwright's `test` and `expect`, with two additions. On a page opened by `page.goto` or
 * `page.reload`, these also wait until every island of the page is live (its root says
 * `data-hydrated`, app/islands/hydrate.ts; see scriptsReady; the search field's only once used). Pages without islands (most pages, error pages,
 * files) and pages opened with JavaScript off are not waited for, nor pages in specs that set
 * `waitForScripts: false`. And `onlyAt` runs a group of tests at one width only.
 */
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ waitForScripts: boolean }, { projectName: string }>({
  /** Off for specs that look at a page before its islands are live. */
  waitForScripts: [true, { option: true }],
  /** The project running the test ("desktop" or "phone"): a worker fixture, for onlyAt(). */
  projectName: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
    async ({}, use, workerInfo) => use(workerInfo.project.name),
    { scope: "worker", box: true },
  ],
  page: async ({ page, javaScriptEnabled, waitForScripts }, use) => {
    if (javaScriptEnabled !== false && waitForScripts) waitForScriptsOnLoad(page);
    await use(page);
  },
});

/**
 * The tests of the enclosing describe (or file) run in one project only: the other project
 * skips them before any browser page is made. Call it directly inside `test.describe` or at file
 * level. Its condition reads a worker fixture only, so Playwright evaluates it with the
 * describe's `beforeAll` hooks, before every `beforeEach` (a file's `beforeEach({ page })`
 * included), once per describe and worker: the describe's later tests skip at once.
 * A `test.skip(condition)` in a test's body, or a modifier on a test fixture such as
 * `isMobile`, runs after the file's `beforeEach` hooks and their page.
 */
export function onlyAt(project: "desktop" | "phone", reason: string) {
  test.skip(({ projectName }) => {
    if (projectName !== "desktop" && projectName !== "phone")
      throw new Error(`onlyAt: no project "${projectName}" (playwright.config.ts)`);
    return projectName !== project;
  }, reason);
}

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

/**
 * Resolves once every island of the page is live, or at once on a page without islands. An
 * island far from the view starts only when it comes near or a visitor starts using it
 * (app/islands/hydrate.ts): each one not live yet gets a `focusin`, as a visitor's focus would
 * give it, until the islands' script has loaded and hydrated them all. The island hydrated on
 * focus (the search field) is waited for only once it has been used: its script is loaded by
 * that first use. Specs about when islands start (scripts.spec.ts) set `waitForScripts: false`
 * and do not call this.
 */
export async function scriptsReady(page: Page) {
  await page.waitForFunction(() => {
    const waiting = [
      ...document.querySelectorAll<HTMLElement>("island-root:not([data-hydrated])"),
    ].filter((root) => !(root.dataset.hydrate === "focus" && root.dataset.woken === undefined));
    for (const root of waiting) root.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    return waiting.length === 0;
  });
}

/** The island that holds `element` is live (app/islands/hydrate.ts marks its root). */
export async function expectLive(element: Locator) {
  await expect(element.locator("xpath=ancestor::island-root[1]")).toHaveAttribute(
    "data-hydrated",
    "",
  );
}
