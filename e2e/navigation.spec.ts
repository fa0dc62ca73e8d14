/**
 * Instant navigation (issue 33, decision 022): every page carries speculation rules that let
 * Chromium prefetch a page of its language while the pointer rests on its link, never a file,
 * the other language or a download; the policy allows them by hash; and pages cross-fade into
 * the next one (cross-document View Transitions), except for visitors who ask for reduced motion.
 * Both languages; hovering is a desktop thing (1280 px), the rest at both widths.
 */
import { createHash } from "node:crypto";
import { apiData, type Lang, languages, type Paged } from "./support/content.ts";
import { expect, onlyAt, type Page, test } from "./support/test.ts";

/** Pages of every kind: home, lists, details, the contact page, the 404 page. */
async function pagesOf(lang: Lang): Promise<string[]> {
  const projects = await apiData<Paged<{ id: number }>>("/api/Completed-projects", lang);
  const news = await apiData<Paged<{ id: number }>>("/api/news", lang);
  return [
    `/${lang}`,
    `/${lang}/projects`,
    `/${lang}/projects/${projects.data[0]?.id}`,
    `/${lang}/news/${news.data[0]?.id}`,
    `/${lang}/overview`,
    `/${lang}/contactUs`,
    `/${lang}/no-such-page`,
  ];
}

/** The page's speculation rules, as the browser finds them in the document. */
const rulesOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[type="speculationrules"]')].map(
      (script) => script.text,
    ),
  );

const hashOf = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

/**
 * Which links the rules would prefetch and which never, read by the browser itself: each
 * `href_matches` a URLPattern relative to the page, each `selector_matches` a CSS selector. The
 * links are the page's own, or, given `hrefs`, links to those addresses made in the page.
 */
const linksByRules = (page: Page, rules: string, hrefs?: string[]) =>
  page.evaluate(
    ({ text, hrefs }) => {
      interface Where {
        and?: Where[];
        or?: Where[];
        not?: Where;
        href_matches?: string;
        selector_matches?: string;
      }
      const holds = (where: Where, link: HTMLAnchorElement): boolean => {
        if (where.and) return where.and.every((part) => holds(part, link));
        if (where.or) return where.or.some((part) => holds(part, link));
        if (where.not) return !holds(where.not, link);
        if (where.href_matches !== undefined)
          return new URLPattern(where.href_matches, document.baseURI).test(link.href);
        if (where.selector_matches !== undefined) return link.matches(where.selector_matches);
        throw new Error(`unknown rule ${JSON.stringify(where)}`);
      };
      const { prefetch } = JSON.parse(text) as { prefetch: { where: Where }[] };
      const links = hrefs
        ? hrefs.map((href) => Object.assign(document.createElement("a"), { href }))
        : [...document.querySelectorAll<HTMLAnchorElement>("a[href]")];
      const describe = (link: HTMLAnchorElement) => ({
        href: link.href,
        download: link.hasAttribute("download"),
        hreflang: link.hreflang,
      });
      const prefetched = (link: HTMLAnchorElement) =>
        prefetch.some((rule) => holds(rule.where, link));
      return {
        prefetched: links.filter(prefetched).map(describe),
        never: links.filter((link) => !prefetched(link)).map(describe),
      };
    },
    { text: rules, hrefs },
  );

/** The sources `script-src` allows. */
const scriptSources = (policy: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "script-src")
    ?.slice(1) ?? [];

for (const lang of languages) {
  const other: Lang = lang === "en" ? "ar" : "en";

  // The home page of the loop (the first) is also where the links that are never prefetched
  // are read.
  test(`/${lang}: every page has the same speculation rules, allowed by the policy's hash; the company profile, the feed and media links are never prefetched`, async ({
    page,
  }) => {
    const policies = new Set<string>();
    let rulesText = "";
    for (const path of await pagesOf(lang)) {
      const response = await page.goto(path);
      const rules = await rulesOf(page);
      expect(rules, path).toHaveLength(1);
      rulesText ||= rules[0] ?? "";
      expect(rules[0], `${path}: the same rules on every page of the language`).toBe(rulesText);
      const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
      policies.add(policy);
      const scripts = scriptSources(policy);
      expect(scripts, path).toContain(hashOf(rulesText));
      expect(scripts, path).not.toContain("'unsafe-inline'");
      expect(scripts, path).not.toContain("'inline-speculation-rules'");

      const { prefetched, never } = await linksByRules(page, rulesText);
      expect(prefetched.length, `${path}: some links are prefetched`).toBeGreaterThan(0);
      for (const link of prefetched) {
        const url = new URL(link.href);
        expect(url.origin, link.href).toBe(new URL(page.url()).origin);
        expect(url.pathname, link.href).toMatch(new RegExp(`^/${lang}(/[^.]*)?$`));
        expect(url.pathname, link.href).not.toMatch(/\/contactUs\/send$/i);
        expect(link.download, link.href).toBe(false);
        expect(link.hreflang, link.href).toBe("");
      }
      // The language switcher is on every page, never prefetched.
      expect(
        never.some((link) => link.hreflang === other),
        `${path}: the link to the other language is not prefetched`,
      ).toBe(true);

      if (path === `/${lang}`)
        await test.step("the company profile, the feed and media links are never prefetched", async () => {
          const profile = never.find((link) => link.download);
          expect(profile, "the company profile's link (a download)").toBeDefined();
          // Addresses a page could link to: what the rules say of each, read by the browser.
          const files = [
            `/${lang}/news/feed.xml`,
            "/storage/profile.pdf",
            "/img/storage/a.jpg?w=640",
            "/sitemap.xml",
            `/${lang}/contactUs/send`,
            `/${other}/news`,
            "https://cdn.example.com/en/news",
          ];
          const verdicts = await linksByRules(page, rulesText, [...files, `/${lang}/news?page=2`]);
          expect(verdicts.prefetched.map((link) => new URL(link.href).pathname)).toEqual([
            `/${lang}/news`,
          ]);
        });
    }
    expect([...policies]).toHaveLength(1);
    const rules = JSON.parse(rulesText) as { prefetch: { eagerness: string }[] };
    expect(rules.prefetch.map((rule) => rule.eagerness)).toEqual(["moderate"]);
  });
}

test.describe("Chromium prefetching on hover", () => {
  onlyAt("desktop", "a pointer rests on a link only where there is one");

  for (const lang of languages) {
    test(`/${lang}: a hovered page link is fetched before the click and the click uses it; excluded links are not`, async ({
      page,
    }) => {
      const prefetches: string[] = [];
      page.on("request", (request) => {
        if (request.headers()["sec-purpose"]?.startsWith("prefetch"))
          prefetches.push(new URL(request.url()).pathname);
      });
      await page.goto(`/${lang}/projects`);
      // Excluded: the other language (the switcher), the company profile (in About's dropdown).
      await page.locator("header a[hreflang]").filter({ visible: true }).first().hover();
      await page.waitForTimeout(500);
      const about = page.locator("header nav li").filter({ has: page.locator("a[download]") });
      await about.first().hover();
      const profile = page.locator("header a[download]").filter({ visible: true }).first();
      await profile.hover();
      await page.waitForTimeout(500);
      expect(prefetches).toEqual([]);

      // A page link: prefetched while the pointer rests on it.
      const link = page.locator(`main a[href^="/${lang}/projects/"]`).first();
      const target = (await link.getAttribute("href")) ?? "";
      await link.hover();
      await expect.poll(() => prefetches).toContain(target);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      const delivery = await page.evaluate(
        () =>
          (performance.getEntriesByType("navigation")[0] as { deliveryType?: string }).deliveryType,
      );
      expect(delivery).toBe("navigational-prefetch");
      expect(prefetches.filter((path) => path !== target)).toEqual([]);
    });
  }
});

test.describe("cross-document view transitions", () => {
  for (const lang of languages) {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      test(`/${lang}: going to another page ${
        reducedMotion === "reduce" ? "replaces it at once with reduced motion" : "cross-fades"
      }`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion });
        // Whether the page arrived at came with a view transition (`pagereveal`, Chromium).
        await page.addInitScript(() => {
          addEventListener("pagereveal", (event) => {
            document.documentElement.dataset.revealed = (
              event as Event & {
                viewTransition: unknown;
              }
            ).viewTransition
              ? "transition"
              : "none";
          });
        });
        await page.goto(`/${lang}/projects`);
        const link = page.locator(`main a[href^="/${lang}/projects/"]`).first();
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/projects/[^/]+$`));
        await expect(page.locator("html")).toHaveAttribute(
          "data-revealed",
          reducedMotion === "reduce" ? "none" : "transition",
        );
      });
    }
  }
});
