/**
 * Services list and detail, other pages, HSE and equipment, in both languages, against the
 * reference API: the data shown, links, 404s, phone layout and accessibility (axe).
 * Their search tags: e2e/meta.spec.ts.
 */

import { apiData, firstId, languages, shownImage, t } from "./support/content.ts";
import { heading, phoneOverflowTests } from "./support/page-checks.ts";
import { expect, onlyAt, test } from "./support/test.ts";
import { decodeHtml, escapeRegExp } from "./support/text.ts";

interface Service {
  id: number | string;
  title: string;
  description?: string | null;
  icon: string | null;
  white_icon: string | null;
  banner_image: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  content: string;
}
interface OtherPage {
  id: number | string;
  title: string;
  content: string;
  image?: string | null;
  banner_image?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
}
interface Hse {
  title: string;
  content: string;
  meta_title?: string | null;
  meta_description?: string | null;
  hse_images?: { image: string | null }[] | null;
}
interface EquipmentPage {
  title: string;
  description?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
}
interface EquipmentItem {
  id: number | string;
  title: string;
  description?: string | null;
  quantity?: number | string | null;
}

/** The first text of an HTML fragment long enough to identify it (what the page must show). */
function firstText(html: string): string {
  const text = html.match(/>([^<>&]{12,})</)?.[1]?.trim();
  if (!text) throw new Error("no text in the content");
  return text;
}

/** Matches a URL ending with `suffix` (media URLs may be resolved against another origin). */
const endsWith = (suffix: string) => new RegExp(`${escapeRegExp(suffix)}$`);

test.describe("services list", () => {
  for (const lang of languages) {
    // One load of the list: what it shows, keyboard focus on a card, then a card's link.
    test(`/${lang}/services shows every service, linking to its page; keyboard focus swaps the icon like hover`, async ({
      page,
    }) => {
      const services = await apiData<Service[]>("/api/services", lang);
      // Two at least: the keyboard step goes from the first card to the second.
      expect(services.length).toBeGreaterThan(1);

      await page.goto(`/${lang}/services`);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(heading(page)).toHaveText(t(lang, "services.title"));
      const cards = page.getByTestId("service-card");
      await expect(cards).toHaveCount(services.length);
      for (const [index, service] of services.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole("heading", { level: 2 })).toHaveText(service.title);
        if (service.description) await expect(card).toContainText(service.description);
        // One link, named by the title alone (not the description and "read more" with it).
        await expect(card.getByRole("link", { name: service.title, exact: true })).toHaveAttribute(
          "href",
          `/${lang}/services/${service.id}`,
        );
      }

      await test.step("keyboard focus swaps the icon like hover", async () => {
        const card = cards.nth(1);
        const white = card.locator('img[data-icon="white"]');
        await expect(white).toHaveCSS("opacity", "0");
        // Tab from the card before it, so focus comes from the keyboard (:focus-visible).
        await cards.first().getByRole("link").focus();
        await page.keyboard.press("Tab");
        await expect(card.getByRole("link")).toBeFocused();
        await expect(card).toHaveCSS("background-color", "rgb(15, 42, 68)");
        // The link's own ring is off (it is stretched over the card): the card shows the card
        // family's ring (a 2 px spread), beside its shadow.
        await expect(card).toHaveCSS("box-shadow", /0px 0px 0px 2px/);
        await expect(white).toHaveCSS("opacity", "1");
      });

      const first = services[0] as Service;
      await cards.first().click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/services/${first.id}$`));
      const detail = await apiData<Service>(`/api/services/${first.id}`, lang);
      await expect(heading(page)).toHaveText(detail.title);
      await expect(page.locator(".rich-content")).toContainText(firstText(detail.content));
    });
  }

  test.describe(() => {
    onlyAt("desktop", "no hover on touch screens");

    test("a card turns navy and shows the white icon on hover", async ({ page }) => {
      const services = await apiData<Service[]>("/api/services", "en");
      await page.goto("/en/services");
      const card = page.getByTestId("service-card").first();
      const white = card.locator('img[data-icon="white"]');
      const normal = card.locator('img[data-icon="default"]');
      await expect(white).toHaveAttribute("src", endsWith(services[0]?.white_icon ?? ""));
      await expect(white).toHaveCSS("opacity", "0");
      await card.hover();
      await expect(card).toHaveCSS("background-color", "rgb(15, 42, 68)");
      await expect(white).toHaveCSS("opacity", "1");
      await expect(normal).toHaveCSS("opacity", "0");
    });
  });
});

test.describe("service detail", () => {
  for (const lang of languages) {
    test(`/${lang}/services/{id} shows the service and lists all services`, async ({ page }) => {
      const services = await apiData<Service[]>("/api/services", lang);
      const target = services[services.length - 1] as Service;
      const service = await apiData<Service>(`/api/services/${target.id}`, lang);
      await page.goto(`/${lang}/services/${target.id}`);
      await expect(heading(page)).toHaveText(service.title);
      await expect(page.locator(".rich-content")).toContainText(firstText(service.content));
      const list = page.getByRole("navigation", { name: t(lang, "nav.allServices") });
      await expect(list.getByRole("link")).toHaveCount(services.length);
      await expect(list.locator('[aria-current="page"]')).toHaveText(service.title);
    });
  }

  test("an unknown service answers 404 with the 404 page", async ({ page }) => {
    for (const lang of languages) {
      const response = await page.request.get(`/${lang}/services/999999`);
      expect(response.status()).toBe(404);
      expect(decodeHtml(await response.text())).toContain(t(lang, "error.404.message"));
    }
    await page.goto("/en/services/999999");
    await expect(heading(page)).toHaveText(t("en", "error.404.title"));
    await expect(page.getByText(t("en", "error.404.message"))).toBeVisible();
  });
});

test.describe("other pages", () => {
  for (const lang of languages) {
    test(`/${lang}/otherPages/{id} shows title, content and image`, async ({ page }) => {
      const pages = await apiData<{ id: number | string; title: string }[]>(
        "/api/extra-pages",
        lang,
      );
      expect(pages.length).toBeGreaterThan(0);
      for (const { id } of pages) {
        const data = await apiData<OtherPage>(`/api/extra-pages/${id}`, lang);
        await page.goto(`/${lang}/otherPages/${id}`);
        await expect(heading(page)).toHaveText(data.title);
        await expect(page.locator(".rich-content")).toContainText(firstText(data.content));
        if (data.image) {
          const image = page.getByTestId("side-photo").locator("img");
          await expect(image).toHaveAttribute("alt", "");
          await image.scrollIntoViewIfNeeded();
          await expect
            .poll(async () => shownImage(await image.getAttribute("src")))
            .toMatch(endsWith(data.image));
        }
      }
    });
  }

  test("an unknown page answers 404 with the 404 page", async ({ page }) => {
    const response = await page.request.get("/en/otherPages/999999");
    expect(response.status()).toBe(404);
    expect(decodeHtml(await response.text())).toContain(t("en", "error.404.message"));
    await page.goto("/ar/otherPages/999999");
    await expect(heading(page)).toHaveText(t("ar", "error.404.title"));
  });
});

test.describe("HSE", () => {
  for (const lang of languages) {
    test(`/${lang}/HSE shows the policy and its photos`, async ({ page }) => {
      const [hse] = await apiData<Hse[]>("/api/hse", lang);
      if (!hse) throw new Error("no HSE record");
      const images = (hse.hse_images ?? []).flatMap((entry) => (entry.image ? [entry.image] : []));
      expect(images.length).toBeGreaterThan(0);

      await page.goto(`/${lang}/HSE`);
      await expect(heading(page)).toHaveText(hse.title);
      await expect(page.locator(".rich-content")).toContainText(firstText(hse.content));
      await expect(
        page.getByRole("heading", { level: 2, name: t(lang, "hse.gallery") }),
      ).toBeVisible();
      const photos = page.getByTestId("image-grid").locator("img");
      await expect(photos).toHaveCount(images.length);
      for (const [index, src] of images.entries()) {
        const photo = photos.nth(index);
        await expect(photo).toHaveAttribute(
          "alt",
          t(lang, "common.imageAlt", { title: t(lang, "hse.gallery"), index: index + 1 }),
        );
        await expect(photo).toHaveAttribute("width", /^\d+$/);
        await expect(photo).toHaveAttribute("height", /^\d+$/);
        await photo.scrollIntoViewIfNeeded();
        await expect
          .poll(async () => shownImage(await photo.getAttribute("src")))
          .toMatch(endsWith(src));
        await expect
          .poll(() =>
            photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          )
          .toBe(true);
      }
    });
  }
});

test.describe("equipment", () => {
  for (const lang of languages) {
    test(`/${lang}/equipment shows the page header and every machine with its quantity`, async ({
      page,
    }) => {
      const [header] = await apiData<EquipmentPage[]>("/api/equipment-pages", lang);
      if (!header) throw new Error("no equipment page record");
      const items = await apiData<EquipmentItem[]>("/api/equipments", lang);
      expect(items.length).toBeGreaterThan(0);

      await page.goto(`/${lang}/equipment`);
      await expect(heading(page)).toHaveText(header.title);
      if (header.description) await expect(page.getByText(header.description)).toBeVisible();
      const cards = page.getByTestId("equipment-card");
      await expect(cards).toHaveCount(items.length);
      for (const [index, item] of items.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole("heading", { level: 2 })).toHaveText(item.title);
        await expect(card.locator("img").first()).toHaveAttribute("alt", "");
        if (item.description) await expect(card).toContainText(item.description);
        if (item.quantity !== null && item.quantity !== undefined) {
          await expect(card.getByTestId("equipment-quantity")).toHaveText(
            t(lang, "equipment.quantity", { count: item.quantity }),
          );
        } else {
          await expect(card.getByTestId("equipment-quantity")).toHaveCount(0);
        }
      }
    });
  }
});

const paths = async () => [
  "/services",
  `/services/${await firstId("/api/services")}`,
  `/otherPages/${await firstId("/api/extra-pages")}`,
  "/HSE",
  "/equipment",
];

test.describe("layout and accessibility", () => phoneOverflowTests(paths));
