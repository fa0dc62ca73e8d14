/** Keys and page loading shared by the keyboard specs. */
import type { Lang } from "./content.ts";
import { expect, type Page, scriptsReady } from "./test.ts";

/** The arrow key that goes forward (to the next slide) in this language's reading direction. */
export const forwardKey = (lang: Lang) => (lang === "ar" ? "ArrowLeft" : "ArrowRight");
export const backwardKey = (lang: Lang) => (lang === "ar" ? "ArrowRight" : "ArrowLeft");

/** Opens a page and waits for its widgets (on pages that have them), not for its images. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), path).toBeLessThan(400);
  await scriptsReady(page);
}
