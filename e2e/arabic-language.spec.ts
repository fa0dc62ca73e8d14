/**
 * Arabic pages speak Arabic: the titles and meta tags, the 404 page, the error screen and the
 * contact form's messages (measured in the browser on the real server, against the English
 * ones), and a long Arabic title that stays inside its banner on a phone.
 */

import { arabicLetters, open, pagePaths, widthAgnostic } from "./support/arabic.ts";
import { apiData, languages, type Paged } from "./support/content.ts";
import { E2E_DOWN_URL } from "./support/env.ts";
import { expect, onlyAt, type Page, test } from "./support/test.ts";
import { decodeHtml } from "./support/text.ts";

/** The text meta tags a page's HTML carries (title, description, Open Graph, Twitter). */
function textMeta(html: string): Record<string, string> {
  const tags: Record<string, string> = {
    title: decodeHtml(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1]?.trim() ?? ""),
  };
  for (const [, , name, content] of html.matchAll(
    /<meta (name|property)="([^"]+)" content="([^"]*)"/g,
  )) {
    if (
      name &&
      /^(description|og:(site_name|title|description|image:alt)|twitter:(title|description|image:alt))$/.test(
        name,
      )
    )
      tags[name] = decodeHtml(content ?? "");
  }
  return tags;
}

/** Keys whose Arabic value has no Arabic letters or equals the English one. */
function notArabic(english: Record<string, string>, arabic: Record<string, string>): string[] {
  return Object.keys(english).filter(
    (key) => !arabicLetters.test(arabic[key] ?? "") || arabic[key] === english[key],
  );
}

test.describe("Arabic routes speak Arabic", () => {
  onlyAt("desktop", widthAgnostic);

  test("page titles and meta tags", async ({ request }) => {
    for (const [name, path] of Object.entries(await pagePaths())) {
      const [en, ar] = await Promise.all(
        languages.map(async (lang) =>
          textMeta(await (await request.get(`/${lang}${path}`)).text()),
        ),
      );
      // A 404 names no page: its title and description only (no share card's texts).
      const least = name === "notFound" ? 2 : 3;
      expect(Object.keys(en ?? {}).length, path).toBeGreaterThanOrEqual(least);
      expect(Object.keys(ar ?? {}).sort(), path).toEqual(Object.keys(en ?? {}).sort());
      expect(notArabic(en ?? {}, ar ?? {}), path).toEqual([]);
    }
  });

  test("no interface text is left in English: every text and label an Arabic page shares with the English one is data, not words", async ({
    page,
  }) => {
    /** Each text of the page and each text a label or picture carries (its own translations). */
    const textsOf = async (path: string) => {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      return page.evaluate(() => {
        const found = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Not text: scripts and the like; contact details are data, written alike in both.
          const skipped = "script, style, template, noscript, a[href^='mailto:'], a[href^='tel:']";
          if (node.parentElement?.closest(skipped)) continue;
          found.add(node.textContent?.trim() ?? "");
        }
        for (const name of ["aria-label", "alt", "title", "placeholder"]) {
          for (const element of document.querySelectorAll(`[${name}]`))
            found.add(element.getAttribute(name)?.trim() ?? "");
        }
        return [...found].filter((text) => /\p{L}/u.test(text));
      });
    };
    const paths = Object.values(await pagePaths());
    expect(paths.length).toBeGreaterThan(8);
    for (const path of [...paths, "/iso", "/HSE", "/CurrentProjects", "/search?q=tower"]) {
      const english = new Set(await textsOf(`/en${path}`));
      const arabic = await textsOf(`/ar${path}`);
      expect(arabic.length, path).toBeGreaterThan(10);
      // Shared and without an Arabic letter: an address, a number or a name written the same
      // way in both (one token with "@", "." or ":"), never a word of the interface.
      const untranslated = arabic.filter(
        (text) =>
          english.has(text) && !arabicLetters.test(text) && !/^[^\s]*[@.:][^\s]*$/.test(text),
      );
      expect(untranslated, path).toEqual([]);
    }
  });

  /** The title, heading and text of a screen, in a record for notArabic(). */
  async function screenText(page: Page) {
    return {
      title: await page.title(),
      heading: (await page.getByRole("heading", { level: 1 }).textContent()) ?? "",
      text: (await page.locator("main").textContent()) ?? "",
    };
  }

  test("the 404 page", async ({ page }) => {
    const screens: Record<string, Record<string, string>> = {};
    for (const lang of languages) {
      expect((await open(page, `/${lang}/no-such-page`))?.status()).toBe(404);
      screens[lang] = await screenText(page);
    }
    expect(notArabic(screens.en ?? {}, screens.ar ?? {})).toEqual([]);
  });

  test("the error screen of a site whose API is down", async ({ page }) => {
    const screens: Record<string, Record<string, string>> = {};
    for (const lang of languages) {
      const response = await page.goto(`${E2E_DOWN_URL}/${lang}/news`);
      expect(response?.status()).toBe(503);
      await expect(page.getByTestId("error-screen")).toBeVisible();
      screens[lang] = {
        title: await page.title(),
        heading: (await page.getByRole("heading", { level: 1 }).textContent()) ?? "",
        text: (await page.getByTestId("error-screen").textContent()) ?? "",
      };
    }
    expect(notArabic(screens.en ?? {}, screens.ar ?? {})).toEqual([]);
  });

  test("the contact form's messages", async ({ page }) => {
    const messages: Record<string, Record<string, string>> = {};
    for (const lang of languages) {
      await open(page, `/${lang}/contactUs`);
      await page
        .locator('form[aria-labelledby="contact-form-heading"] button[type="submit"]')
        .click();
      await expect(page.getByRole("alert")).toBeVisible();
      const shown = await page.evaluate(() => {
        const found: Record<string, string> = {
          alert: document.querySelector('[role="alert"]')?.textContent?.trim() ?? "",
        };
        for (const control of document.querySelectorAll('form [aria-invalid="true"]')) {
          const ids = control.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
          found[control.id] = ids
            .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
            .join(" ");
        }
        return found;
      });
      messages[lang] = shown;
    }
    expect(Object.keys(messages.en ?? {}).length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(messages.ar ?? {}).sort()).toEqual(Object.keys(messages.en ?? {}).sort());
    expect(notArabic(messages.en ?? {}, messages.ar ?? {})).toEqual([]);
  });
});

test.describe(() => {
  onlyAt("phone", "a phone layout");

  test("a long Arabic title stays inside its banner, below the header, on a phone", async ({
    page,
  }) => {
    const rows = await apiData<Paged<{ id: number | string; title: string }>>(
      "/api/Completed-projects",
      "ar",
    );
    const longest = rows.data.reduce((a, b) => (b.title.length > a.title.length ? b : a));
    await open(page, `/ar/projects/${longest.id}`);
    const header = await page.locator("header").first().boundingBox();
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    const banner = await page.locator("section:has(h1)").first().boundingBox();
    expect(header && title && banner).toBeTruthy();
    if (!header || !title || !banner) return;
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(title.y + title.height).toBeLessThanOrEqual(banner.y + banner.height);
  });
});
