/**
 * What search engines read, in the raw server HTML and files (no JavaScript): the sitemap, whose
 * every address must answer 200 with a canonical link to itself and alternates that answer too;
 * robots.txt; and the structured data (JSON-LD) of the home page, a news item and a project in
 * both languages. Width plays no part: desktop only.
 */

import { apiData, company, firstId, languages, t } from "./support/content.ts";
import { E2E_SITE_URL } from "./support/env.ts";
import { type APIRequestContext, expect, test } from "./support/test.ts";
import { headTags } from "./support/text.ts";

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the same files at every width");
});

/** The sitemap's `<url>` entries: address, lastmod and alternates by hreflang. */
function readSitemap(xml: string) {
  return Array.from(xml.matchAll(/<url>(.*?)<\/url>/gs), ([, entry = ""]) => ({
    loc: entry.match(/<loc>([^<]+)<\/loc>/)?.[1]?.replaceAll("&amp;", "&") ?? "",
    lastmod: entry.match(/<lastmod>([^<]+)<\/lastmod>/)?.[1],
    alternates: Object.fromEntries(
      Array.from(
        entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
        ([, lang = "", url = ""]) => [lang, url.replaceAll("&amp;", "&")],
      ),
    ),
  }));
}

/** The test server's address for a public URL (SITE_URL is the production origin). */
const local = (url: string) => url.replace(E2E_SITE_URL, "");

async function page(request: APIRequestContext, url: string) {
  const response = await request.get(local(url), { maxRedirects: 0 });
  return { status: response.status(), ...headTags(await response.text()) };
}

test("every address of the sitemap answers 200 with a canonical link to itself and live alternates", async ({
  request,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const entries = readSitemap(await response.text());

  // Every kind of page is there, in both languages, with ids from the API.
  const locs = new Set(entries.map((entry) => local(entry.loc)));
  for (const lang of languages) {
    const newsId = await firstId("/api/news", lang);
    const projectId = await firstId("/api/Completed-projects", lang);
    const services = await apiData<{ id: number }[]>("/api/services", lang);
    for (const path of ["", "/overview", "/projects", "/news", "/HSE", "/iso", "/contactUs"]) {
      expect(locs, `/${lang}${path}`).toContain(`/${lang}${path}`);
    }
    expect(locs).toContain(`/${lang}/news/${newsId}`);
    expect(locs).toContain(`/${lang}/projects/${projectId}`);
    for (const { id } of services) expect(locs).toContain(`/${lang}/services/${id}`);
    expect(locs).not.toContain(`/${lang}/soso`);
  }
  expect(entries.some((entry) => entry.lastmod)).toBe(true);

  const checked = new Map<string, number>();
  const statusOf = async (url: string) => {
    if (!checked.has(url)) checked.set(url, (await request.get(local(url))).status());
    return checked.get(url);
  };
  for (const entry of entries) {
    const shown = await page(request, entry.loc);
    expect(shown.status, entry.loc).toBe(200);
    checked.set(entry.loc, 200);
    const canonical = shown.links.find((link) => link.rel === "canonical")?.href;
    expect(canonical, entry.loc).toBe(entry.loc);
    expect(entry.alternates["x-default"], entry.loc).toBeDefined();
    for (const [hreflang, url] of Object.entries(entry.alternates)) {
      expect(await statusOf(url), `${entry.loc} → ${hreflang}`).toBe(200);
    }
    // The page's own alternates say the same as the sitemap.
    if (entry.alternates.en && entry.alternates.ar) {
      for (const hreflang of ["en", "ar", "x-default"]) {
        const link = shown.links.find((l) => l.rel === "alternate" && l.hreflang === hreflang);
        expect(link?.href, `${entry.loc} ${hreflang}`).toBe(entry.alternates[hreflang]);
      }
    }
  }
});

test("robots.txt allows the site, names the sitemap and keeps the data page and endpoints out", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const lines = (await response.text()).split("\n");
  expect(lines).toContain("User-agent: *");
  expect(lines).toContain("Allow: /");
  for (const path of ["/en/soso", "/ar/soso", "/healthz", "/readyz", "/purge"]) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).toContain(`Sitemap: ${E2E_SITE_URL}/sitemap.xml`);
  // Unknown sitemap parts are not pages of the site.
  expect((await request.get("/sitemap/1.xml")).status()).toBe(404);
});

type Thing = Record<string, unknown>;
const graphOf = async (request: APIRequestContext, path: string): Promise<Thing[]> => {
  const { jsonLd } = await page(request, path);
  expect(jsonLd, path).toHaveLength(1);
  expect(jsonLd[0]?.["@context"]).toBe("https://schema.org");
  return jsonLd[0]?.["@graph"] as Thing[];
};
const ofType = (graph: Thing[], type: string) => graph.find((thing) => thing["@type"] === type);

for (const lang of languages) {
  test(`/${lang}: structured data of the company, the site, a news item and a project`, async ({
    request,
  }) => {
    const home = await graphOf(request, `/${lang}`);
    const organization = ofType(home, "Organization");
    expect(organization).toMatchObject({
      name: company(lang).name,
      url: `${E2E_SITE_URL}/${lang}`,
    });
    expect(String(organization?.logo)).toMatch(/^https:\/\//);
    const [social] = await apiData<Record<string, string | null>[]>("/api/footers", lang);
    for (const url of Object.values(social ?? {}).filter((u) => u?.startsWith("https://"))) {
      expect(organization?.sameAs).toContain(url);
    }
    // The footer's phone and e-mail lines as the company's own properties.
    expect(organization?.telephone ?? organization?.email).toBeTruthy();
    expect(organization).not.toHaveProperty("contactPoint");
    expect(ofType(home, "WebSite")).toMatchObject({ inLanguage: lang });

    const newsId = await firstId("/api/news", lang);
    const news = await apiData<{
      title: string;
      created_at?: string;
      banner_image?: string | null;
      image?: string | null;
    }>(`/api/news/${newsId}`, lang);
    const newsGraph = await graphOf(request, `/${lang}/news/${newsId}`);
    const article = ofType(newsGraph, "NewsArticle");
    expect(article?.headline).toBe(news.title.slice(0, 110));
    const images = [article?.image].flat().map(String);
    for (const image of images) expect(image).toMatch(/^https?:\/\//);
    // A story with a picture: the picture as it is, then its 1200×630 crop (the og:image).
    if (news.banner_image?.trim() || news.image?.trim()) {
      expect(images).toHaveLength(2);
      expect(images[1]).toMatch(/\/img\?src=[^&]+&fit=og&/);
    }
    if (news.created_at) {
      // An RFC 3339 time of the API's day, not the day alone.
      expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(String(article?.datePublished).slice(0, 10)).toBe(news.created_at.slice(0, 10));
      expect(article?.publisher).toMatchObject({
        "@type": "Organization",
        name: company(lang).name,
      });
    }
    const crumbs = ofType(newsGraph, "BreadcrumbList")?.itemListElement as Thing[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual([
      t(lang, "nav.home"),
      t(lang, "nav.news"),
      news.title,
    ]);

    const projectId = await firstId("/api/Completed-projects", lang);
    const { projects } = await apiData<{
      projects: { title: string; client: string; location: string; date: string };
    }>(`/api/projects/${projectId}`, lang);
    const project = ofType(await graphOf(request, `/${lang}/projects/${projectId}`), "Project");
    expect(project).toMatchObject({
      name: projects.title,
      funder: { name: projects.client },
      location: { name: projects.location },
    });
    // Its date is when it was completed: no founding date nor any other date of schema.org's.
    expect(projects.date).toBeTruthy();
    expect(project).not.toHaveProperty("foundingDate");
  });
}
