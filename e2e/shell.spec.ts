/**
 * The frame of every page: redirects, language and direction, language switching, footer
 * rules, the 404 page, the error screen (the API down, or failing after pages were seen) and
 * SEO tags in server HTML. The header's menus: e2e/header.spec.ts; the loading indicator, a
 * download and the scroll to the top when leaving a page: e2e/leaving-page.spec.ts.
 */

import { apiData, company, t } from "./support/content.ts";
import { seriousViolations } from "./support/page-checks.ts";
import { startSite, startSiteWithApi } from "./support/site.ts";
import { expect, onlyAt, type Page, test } from "./support/test.ts";
import { escapeRegExp, truncated } from "./support/text.ts";

const isDesktop = (project: string) => project === "desktop";

test.describe("redirects", () => {
  test("/ goes to English by default and to the saved language from the cookie", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
    // Leave the page first: /en saves "en" itself and could overwrite the cookie.
    await page.goto("about:blank");
    await context.addCookies([{ name: "language", value: "ar", url: baseURL ?? "" }]);
    await page.goto("/");
    await expect(page).toHaveURL(/\/ar$/);
  });

  test("unsupported languages go to English, keeping the page when it exists", async ({
    request,
  }) => {
    const cases: [string, string][] = [
      ["/fr/news", "/en/news"],
      // Only the query the page reads goes along: a list's page, nothing for a project.
      ["/fr/projects/3?page=2", "/en/projects/3"],
      ["/fr/projects?page=2&utm_source=x", "/en/projects?page=2"],
      ["/EN/iso", "/en/iso"],
      ["/projects", "/en/projects"],
      ["/de/no-such-page", "/en"],
      ["/xx", "/en"],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBeGreaterThanOrEqual(301);
      expect(response.status(), from).toBeLessThanOrEqual(308);
      expect(response.headers().location, from).toBe(to);
      // Made from the page table alone: a cache in front may keep it.
      expect(response.headers()["cache-control"], from).toBe("public, max-age=3600");
    }
  });

  test("a file's address outside the languages is not found, not sent to the home page", async ({
    page,
  }) => {
    for (const path of [
      "/wp-login.php",
      "/.well-known/security.txt",
      "/rss.xml",
      "/wp-admin/install.php",
      "/old/page.html",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(response?.headers()["cache-control"], path).toBe("no-store");
      await expect(page.getByTestId("not-found"), path).toBeVisible();
      await expect(page).toHaveTitle(t("en", "error.404.title"));
    }
  });

  test("route matching ignores case", async ({ request }) => {
    const response = await request.get("/en/SOSO");
    expect(response.status()).toBe(200);
  });
});

test.describe("language and direction", () => {
  for (const [lang, dir] of [
    ["en", "ltr"],
    ["ar", "rtl"],
  ] as const) {
    test(`raw server HTML of /${lang} has lang=${lang} dir=${dir}`, async ({ request }) => {
      const response = await request.get(`/${lang}/soso`);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<html lang="${lang}" dir="${dir}"`));
      expect(response.headers()["content-language"]).toBe(lang);
      // A 404 page says its language too.
      const missing = await request.get(`/${lang}/no/such/page`);
      expect(missing.status()).toBe(404);
      expect(missing.headers()["content-language"]).toBe(lang);
      const footerDir = html.match(/<footer dir="(\w+)"/)?.[1];
      expect(footerDir).toBe(dir);
    });
  }

  test("the switcher goes to the same page in the other language and saves the choice", async ({
    page,
  }, testInfo) => {
    await page.goto("/en/soso");
    if (!isDesktop(testInfo.project.name))
      await page.getByRole("button", { name: "Open menu" }).click();
    const switcher = page.getByRole("link", { name: "العربية" }).filter({ visible: true });
    await expect(switcher).toHaveAttribute("hreflang", "ar");
    // The name is Arabic; its hint is English, as the page, naming Arabic in English.
    await expect(switcher.locator("span[lang=ar]")).toHaveText("العربية");
    await expect(switcher).not.toHaveAttribute("lang");
    await expect(switcher).toHaveAttribute("title", "Switch to Arabic");
    await switcher.click();
    await expect(page).toHaveURL(/\/ar\/soso$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // And back: the Arabic page's hint names English in Arabic, for an Arabic voice to say.
    await expect(page.locator("a[hreflang=en]").first()).toHaveAttribute(
      "title",
      "التبديل إلى الإنجليزية",
    );
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ar");
    await page.goto("/");
    await expect(page).toHaveURL(/\/ar$/);
    // Local storage alone (cookies cleared): the server sends `/` to English, which goes on to
    // the saved Arabic, and the cookie is written again.
    const languageCookie = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === "language")?.value;
    await page.context().clearCookies();
    await page.goto("/");
    await expect(page).toHaveURL(/\/ar$/);
    await expect.poll(languageCookie).toBe("ar");
    // English asked for by its address, even by another spelling of it that redirects, is
    // English, and becomes the saved language.
    await page.context().clearCookies();
    await page.goto("/EN/");
    await expect.poll(languageCookie).toBe("en");
    await expect(page).toHaveURL(/\/en$/);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  });

  test("/ marks its default for a minute only when no cookie names a language", async ({
    request,
  }) => {
    const marks = async (cookie?: string) =>
      (
        await request.get("/", {
          maxRedirects: 0,
          headers: cookie ? { Cookie: cookie } : {},
        })
      ).headers()["set-cookie"] ?? "";
    expect(await marks()).toBe("language-by-default=1; Path=/; Max-Age=60; SameSite=Lax");
    expect(await marks("language=fr")).toContain("language-by-default=1");
    expect(await marks("language=ar")).toBe("");
  });
});

test.describe("footer", () => {
  for (const lang of ["en", "ar"] as const) {
    // One load of /{lang}/soso for its data, its footer and the frame's axe check.
    test(`/${lang}/soso: the raw banner and services data, the footer rules, no serious axe violations`, async ({
      page,
    }) => {
      const latest = await apiData<{ id: number; title: string; created_at: string }[]>(
        "/api/latest-projects",
        lang,
      );
      const [social] = await apiData<Record<string, string | null>[]>("/api/footers", lang);
      const titles = async (list: string) =>
        (await apiData<{ title: string }[]>(list, lang)).map(({ title }) => title);
      await page.goto(`/${lang}/soso`);

      const shown = JSON.parse((await page.locator("pre").textContent()) ?? "") as Record<
        "banners" | "services",
        { title: string }[]
      >;
      expect(shown.banners.map(({ title }) => title)).toEqual(
        await titles("/api/homepage-banners"),
      );
      expect(shown.services.map(({ title }) => title)).toEqual(
        await titles("/api/homepage-services"),
      );

      const footer = page.locator("footer");
      await expect(footer).toHaveAttribute("dir", lang === "en" ? "ltr" : "rtl");
      const items = footer.getByTestId("footer-projects").getByRole("link");
      // SPEC: the 3 latest projects (more than that is asked, so the cut is seen).
      expect(latest.length, "the API's latest projects").toBeGreaterThan(3);
      await expect(items).toHaveCount(3);
      for (const [index, project] of latest.slice(0, 3).entries()) {
        const item = items.nth(index);
        await expect(item).toHaveAttribute("href", `/${lang}/projects/${project.id}`);
        await expect(item).toContainText(truncated(project.title, 60));
        await expect(item.locator("time")).toHaveText(project.created_at.slice(0, 10));
        // The picture adds nothing to the link's name: the title once, then the date.
        await expect(item.locator("img")).toHaveAttribute("alt", "");
        await expect(item).toHaveAccessibleName(
          new RegExp(
            `^${escapeRegExp(truncated(project.title, 60))}\\s*${project.created_at.slice(0, 10)}$`,
          ),
        );
      }
      await expect(footer).toContainText(String(new Date().getFullYear()));
      // Who the site speaks for comes from the company file, in the page's language.
      const who = company(lang);
      for (const text of [who.name, who.shortDescription, who.longDescription])
        await expect(footer).toContainText(text);
      await expect(footer).toContainText(`${new Date().getFullYear()} ${who.legalName}`);
      for (const network of ["facebook", "youtube", "instagram", "x"]) {
        const link = footer.locator(`a[data-social="${network}"]`);
        if (social?.[network]) {
          await expect(link).toHaveAttribute("href", social[network] ?? "");
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", "noopener noreferrer");
        } else {
          await expect(link).toHaveCount(0);
        }
      }

      await test.step(`no serious axe violations on /${lang}/soso`, async () => {
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
});

async function expectNotFound(page: Page, lang: "en" | "ar") {
  const texts = {
    en: [
      "Error 404",
      "The page you are looking for does not exist. Please check the URL or go back to the homepage.",
    ],
    ar: [
      "خطأ 404",
      "الصفحة التي تبحث عنها غير موجودة. يرجى التحقق من الرابط أو العودة إلى الصفحة الرئيسية.",
    ],
  }[lang];
  const [title = "", message = ""] = texts;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(message)).toBeVisible();
}

test.describe("404", () => {
  for (const lang of ["en", "ar"] as const) {
    test(`unknown paths answer 404 with the 404 page in ${lang}`, async ({ page }) => {
      const response = await page.goto(`/${lang}/no/such/page`);
      expect(response?.status()).toBe(404);
      // Kept by no cache in front: the address may name a page tomorrow.
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expectNotFound(page, lang);
      // Not a page of the site: no canonical or alternate address, no share card (which
      // would be a 404 too); a title and noindex.
      await expect(
        page.locator('link[rel="canonical"], link[rel="alternate"][hreflang]'),
      ).toHaveCount(0);
      await expect(page.locator('meta[property^="og:"], meta[name^="twitter:"]')).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      const home = page.getByRole("link", {
        name: lang === "en" ? "Go Back Home" : "العودة إلى الصفحة الرئيسية",
      });
      await expect(home).toHaveAttribute("href", "/");
      await expect(
        page.getByRole("link", { name: lang === "en" ? "Try Again" : "حاول مرة أخرى" }),
      ).toHaveAttribute("href", `/${lang}/no/such/page`);
      // The header and footer frame the 404 page.
      await expect(page.locator("footer")).toBeVisible();
    });
  }
});

test.describe("the content API is down", () => {
  onlyAt("desktop", "one server start is enough");

  test("pages answer 503 with the error screen, in both languages", async ({ page }) => {
    // Port 9 (discard) refuses connections on loopback: the API is unreachable.
    const site = await startSite({
      API_BASE_URL: "http://127.0.0.1:9",
      API_TIMEOUT_MS: "2000",
    });
    try {
      for (const [lang, title, message] of [
        ["en", "Error", "It looks like something went wrong."],
        ["ar", t("ar", "error.title"), t("ar", "error.message")],
      ] as const) {
        const response = await page.goto(`${site.url}/${lang}/soso`);
        expect(response?.status()).toBe(503);
        expect(response?.headers()["cache-control"]).toBe("no-store");
        // Browsers and crawlers are told when to come back.
        expect(response?.headers()["retry-after"]).toBe("30");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page.getByText(message)).toBeVisible();
        const screen = page.getByTestId("error-screen");
        await expect(screen).toBeVisible();
        // The error's own message, then 'Try Again' (this page again) and 'Go Back Home'.
        await expect(screen.getByText(t(lang, "error.api.unavailable"))).toBeVisible();
        await expect(screen.getByRole("link")).toHaveText([
          t(lang, "error.tryAgain"),
          t(lang, "error.goHome"),
        ]);
        await expect(screen.getByRole("link", { name: t(lang, "error.tryAgain") })).toHaveAttribute(
          "href",
          `/${lang}/soso`,
        );
        await expect(screen.getByRole("link", { name: t(lang, "error.goHome") })).toHaveAttribute(
          "href",
          "/",
        );
      }
      // A feed or sitemap that cannot be built has no error screen: it says so in plain text,
      // not as React Router's JSON, and when to come back.
      for (const address of ["/en/news/feed.xml", "/ar/news/feed.xml", "/sitemap.xml"]) {
        const answer = await fetch(site.url + address);
        expect(answer.status, address).toBe(503);
        expect(answer.headers.get("content-type"), address).toBe("text/plain; charset=utf-8");
        expect(answer.headers.get("retry-after"), address).toBe("30");
        expect(answer.headers.get("cache-control"), address).toBe("no-store");
        expect(await answer.text(), address).toBe("unavailable");
      }
      // One structured line per failed endpoint, never a crash.
      const failures = site.logged().filter((entry) => entry.component === "answers");
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure).toMatchObject({ level: "error", kind: "unavailable" });
        expect(String(failure.endpoint)).toMatch(/^\/api\//);
      }
    } finally {
      await site.stop();
    }
  });
});

test.describe("SEO", () => {
  test("meta tags are in the raw server HTML", async ({ request }) => {
    const html = await (await request.get("/ar/soso")).text();
    expect(html).toContain(
      '<link rel="canonical" href="https://www.arkan-contracting.example/ar/soso"/>',
    );
    expect(html).toContain('hrefLang="en" href="https://www.arkan-contracting.example/en/soso"');
    expect(html).toContain(
      'hrefLang="x-default" href="https://www.arkan-contracting.example/en/soso"',
    );
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html).toContain('<meta property="og:locale" content="ar_SA"/>');
    // The hidden page has no drawn card and no picture: no image, rather than one that 404s.
    expect(html).not.toContain('property="og:image"');
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});

test.describe("accessibility of the frame", () => {
  // /en/soso and /ar/soso: with the footer rules.
  for (const path of ["/ar/no-such-page"]) {
    test(`no serious axe violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("the content API fails after pages were seen", () => {
  onlyAt("desktop", "one server start is enough");

  test("pages seen before are served from the cache; others get the error screen", async ({
    page,
  }) => {
    // Answers go stale at once, so every visit asks the API again.
    const { api, site, stop } = await startSiteWithApi({}, { CACHE_TTL_MS: "1" });
    try {
      const first = await page.goto(`${site.url}/ar/news`);
      expect(first?.status()).toBe(200);
      const heading = await page.getByRole("heading", { level: 1 }).textContent();

      await api.close();
      const again = await page.goto(`${site.url}/ar/news`);
      expect(again?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");
      // Logged by the refresh behind the page, which may end just after the page was sent.
      await expect
        .poll(() => site.logged())
        .toContainEqual(
          expect.objectContaining({
            level: "warn",
            component: "answers",
            key: expect.stringMatching(/^ar \/api\/news\b/),
          }),
        );

      const unseen = await page.goto(`${site.url}/ar/equipment`);
      expect(unseen?.status()).toBe(503);
      await expect(page.getByTestId("error-screen")).toBeVisible();
    } finally {
      await stop();
    }
  });
});
