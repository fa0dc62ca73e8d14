/**
 * The news page and news items, in both languages, against the reference API: cards
 * (description cut to 250 characters, dates), paging and `?page=` redirects, the item page
 * with its sanitised content, 404s, SEO tags, phone layout and accessibility (axe).
 */

import type { Payload } from "@site/contract";
import {
  allPages,
  apiData,
  firstId,
  type Lang,
  languages,
  type Paged,
  t,
} from "./support/content.ts";
import {
  clickAt,
  expectNextThenPrevious,
  heading,
  pagerLinks,
  phoneOverflowTests,
} from "./support/page-checks.ts";
import { expect, type Page, test } from "./support/test.ts";
import { escapeRegExp, truncated } from "./support/text.ts";

type NewsSummary = Payload<"news">["data"][number];
type NewsItem = Payload<"newsItem">;
type NewsPage = Payload<"newsPage">[number];

/** Every news summary, all pages. */
const allNews = (lang: Lang) => allPages<NewsSummary>("/api/news", lang);

const cards = (page: Page) => page.getByTestId("news-card");

/** The cards show these items, in order, each linking to its page. */
async function expectCards(page: Page, lang: Lang, items: NewsSummary[]) {
  await expect(cards(page)).toHaveCount(items.length);
  for (const [index, item] of items.entries()) {
    const card = cards(page).nth(index);
    const link = card.getByRole("link");
    await expect(link).toHaveCount(1);
    await expect(link).toHaveText(item.title);
    await expect(link).toHaveAttribute("href", `/${lang}/news/${item.id}`);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(item.title);
    await expect(card.getByTestId("news-description")).toHaveText(
      // A card shows at most 250 characters of a description (by code point), then "…".
      truncated(item.description, 250),
    );
    if (item.created_at)
      await expect(card.getByTestId("news-date")).toHaveText(item.created_at.slice(0, 10));
    else await expect(card.getByTestId("news-date")).toHaveCount(0);
  }
}

test.describe("news page", () => {
  for (const lang of languages) {
    // One load of the list for what it shows and how its cards are laid out, then a card's
    // click to its story (in both languages, where it was Arabic only).
    test(`/${lang}/news: header and the cards of page 1, long descriptions cut to 250 characters with an ellipsis, cards in columns on desktop and one column on phones; a card leads to its news item`, async ({
      page,
    }, testInfo) => {
      const [header] = await apiData<NewsPage[]>("/api/news-page", lang);
      const first = await apiData<Paged<NewsSummary>>("/api/news", lang);
      expect(first.data.length).toBeGreaterThan(0);

      const response = await page.goto(`/${lang}/news`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(heading(page)).toHaveText(header?.title ?? "");
      await expect(page.getByTestId("news-page-description")).toHaveText(header?.description ?? "");
      await expectCards(page, lang, first.data);

      await test.step("long descriptions are cut to 250 characters with an ellipsis", async () => {
        const long = first.data.find((item) => Array.from(item.description).length > 250);
        expect(
          long,
          "page 1 of the seed has a description longer than 250 characters",
        ).toBeTruthy();
        if (!long) return;

        const shown =
          (await cards(page)
            .filter({ hasText: long.title })
            .getByTestId("news-description")
            .textContent()) ?? "";
        // At most 250 characters (by code point), whole words when they fill most of it, then
        // the ellipsis.
        expect(shown).toBe(truncated(long.description, 250));
        expect(Array.from(shown.trimEnd().replace(/…$/, "")).length).toBeGreaterThan(150);
        const descriptions = await page.getByTestId("news-description").allTextContents();
        const dates = await page.getByTestId("news-date").allTextContents();
        expect(descriptions.length).toBeGreaterThan(1);
        expect(dates.length).toBeGreaterThan(1);
        for (const text of descriptions) {
          expect(Array.from(text.replace(/…$/, "")).length).toBeLessThanOrEqual(250);
        }
        for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      });

      await test.step("cards in columns on desktop, one column on phones", async () => {
        const [a, b] = await Promise.all([
          cards(page).nth(0).boundingBox(),
          cards(page).nth(1).boundingBox(),
        ]);
        if (!a || !b) throw new Error("cards not rendered");
        if (testInfo.project.name === "phone") {
          expect(b.y).toBeGreaterThan(a.y + a.height - 1);
        } else {
          expect(Math.abs(a.y - b.y)).toBeLessThan(2);
          // Reading order: the second card follows the first in the language's direction.
          if (lang === "en") expect(b.x).toBeGreaterThan(a.x);
          else expect(b.x).toBeLessThan(a.x);
        }
      });

      await test.step("a card leads to its news item", async () => {
        // The whole card is clickable: a click on its description (under the title's link) opens it.
        await clickAt(page, cards(page).first().getByTestId("news-description"));
        await expect(page).toHaveURL(`/${lang}/news/${first.data[0]?.id}`);
        await expect(heading(page)).toHaveText(first.data[0]?.title ?? "");
      });
    });

    test(`/${lang}/news: paging with next and previous`, async ({ page }) => {
      const first = await apiData<Paged<NewsSummary>>("/api/news", lang);
      const last = first.pagination.last_page;
      expect(last, "the seed has more than one page of news").toBeGreaterThan(1);
      const second = await apiData<Paged<NewsSummary>>("/api/news?page=2", lang);
      const final = await apiData<Paged<NewsSummary>>(`/api/news?page=${last}`, lang);

      expect(second.data.map((item) => item.id)).not.toEqual(first.data.map((item) => item.id));

      await page.goto(`/${lang}/news`);
      const { previous, next } = pagerLinks(page, lang);
      await expect(previous).toHaveAttribute("aria-disabled", "true");
      await expect(next).not.toHaveAttribute("aria-disabled", "true");
      await expectNextThenPrevious(page, lang, "/news", [first.data, second.data], (items) =>
        expectCards(page, lang, items),
      );

      await page.goto(`/${lang}/news?page=${last}`);
      await expectCards(page, lang, final.data);
      await expect(next).toHaveAttribute("aria-disabled", "true");
      await expect(previous).not.toHaveAttribute("aria-disabled", "true");
      // Its title names the page, before the site's name where the list's title ends with it.
      const [record] = await apiData<{ meta_title?: string | null }[]>("/api/news-page", lang);
      const pageName = `(${t(lang, "pagination.page", { page: last })})`;
      const listTitle = record?.meta_title ?? "";
      const at = listTitle.lastIndexOf(" | ");
      if (at > 0) {
        await expect(page).toHaveTitle(
          `${listTitle.slice(0, at)} ${pageName}${listTitle.slice(at)}`,
        );
      } else {
        await expect(page).toHaveTitle(new RegExp(escapeRegExp(pageName)));
      }
    });
  }

  test("?page= values that are not pages land on a valid page", async ({ page }) => {
    const { pagination } = await apiData<Paged<NewsSummary>>("/api/news", "en");
    const cases: [string, string][] = [
      ["abc", "/en/news"],
      ["0", "/en/news"],
      ["-1", "/en/news"],
      ["999", `/en/news?page=${pagination.last_page}`],
    ];
    for (const [value, target] of cases) {
      const response = await page.goto(`/en/news?page=${value}`);
      expect(response?.status(), value).toBeLessThan(400);
      expect(new URL(page.url()).pathname + new URL(page.url()).search, value).toBe(target);
      await expect(cards(page).first()).toBeVisible();
    }
  });
});

test.describe("news item", () => {
  for (const lang of languages) {
    test(`/${lang}/news/:id: banner title, date, content and image`, async ({ page }) => {
      const [summary] = (await apiData<Paged<NewsSummary>>("/api/news", lang)).data;
      const item = await apiData<NewsItem>(`/api/news/${summary?.id}`, lang);

      const response = await page.goto(`/${lang}/news/${item.id}`);
      expect(response?.status()).toBe(200);
      await expect(heading(page)).toHaveText(item.title);
      if (item.created_at)
        await expect(page.getByTestId("news-item-date")).toHaveText(item.created_at.slice(0, 10));

      // The article shows the text of the API's content.
      const expected = await page.evaluate((html) => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        return (doc.querySelector("p")?.textContent ?? "").trim();
      }, item.content);
      expect(expected.length).toBeGreaterThan(10);
      await expect(page.getByTestId("news-content")).toContainText(expected);
      // The photo, left to the heading to name (not said twice).
      const photo = page.getByTestId("side-photo").locator("img");
      await expect(photo).toBeVisible();
      await expect(photo).toHaveAttribute("alt", "");
      // Back to the list, a target of at least 24 px each way (WCAG 2.5.8).
      const back = page
        .locator("main")
        .getByRole("link", { name: t(lang, "news.title") })
        .first();
      await expect(back).toHaveAttribute("href", `/${lang}/news`);
      const box = await back.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
    });

    test(`/${lang}/news/:id: unsafe HTML is removed from the server HTML`, async ({ page }) => {
      const items = await Promise.all(
        (await allNews(lang)).map((summary) => apiData<NewsItem>(`/api/news/${summary.id}`, lang)),
      );
      const unsafe = items.find((item) => /\son(click|error)\s*=/i.test(item.content));
      expect(unsafe, "the seed has a news item with an unsafe snippet").toBeTruthy();
      if (!unsafe) return;

      const response = await page.request.get(`/${lang}/news/${unsafe.id}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).not.toMatch(/<[^>]+\son(click|error)\s*=/i);
      expect(html).not.toMatch(/alert\(1\)/);
      // ... while the rest of the article is there.
      expect(html).toContain('class="rich-content');
      await page.goto(`/${lang}/news/${unsafe.id}`);
      await expect(heading(page)).toHaveText(unsafe.title);
      await expect(page.locator("[onclick], [onerror]")).toHaveCount(0);
    });

    test(`/${lang}/news/:id: article meta tags in the server HTML`, async ({ request }) => {
      const [summary] = (await apiData<Paged<NewsSummary>>("/api/news", lang)).data;
      const html = await (await request.get(`/${lang}/news/${summary?.id}`)).text();
      expect(html).toContain('<meta property="og:type" content="article"/>');
      expect(html).toMatch(
        new RegExp(`<link rel="canonical" href="[^"]*/${lang}/news/${summary?.id}"`),
      );
    });
  }

  for (const badPath of ["/en/news/999999", "/ar/news/abc"]) {
    test(`${badPath} answers 404 with the 404 page`, async ({ page }) => {
      const lang: Lang = badPath.startsWith("/ar") ? "ar" : "en";
      const response = await page.goto(badPath);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText(t(lang, "error.404.title"));
      await expect(page.getByTestId("not-found")).toBeVisible();
    });
  }
});

const layoutPaths = async () => ["/news", "/news?page=2", `/news/${await firstId("/api/news")}`];

test.describe("layout and accessibility", () => {
  phoneOverflowTests(layoutPaths);
});
