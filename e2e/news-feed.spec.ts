/**
 * The Atom feeds of the news (`/{lang}/news/feed.xml`): well-formed, in Atom's namespace, the
 * latest 20 news of the API with their links, in each language, pointing at the other.
 */
import { allNews, company, languages } from "./support/content.ts";
import { E2E_SITE_URL } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

test.describe("news feeds", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name === "phone", "the same server answers at every width");
  });

  for (const lang of languages) {
    test(`/${lang}/news/feed.xml is a valid Atom feed of the latest 20 news`, async ({
      page,
      request,
    }) => {
      const response = await request.get(`/${lang}/news/feed.xml`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
      expect(response.headers()["content-language"]).toBe(lang);
      const xml = await response.text();
      // Parsed by the browser's XML parser: a well-formed document in Atom's namespace.
      const feed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        const ATOM = "http://www.w3.org/2005/Atom";
        const root = doc.documentElement;
        const child = (parent: Element, name: string) =>
          Array.from(parent.children).filter(
            (el) => el.namespaceURI === ATOM && el.localName === name,
          );
        const textOf = (parent: Element, name: string) =>
          child(parent, name)[0]?.textContent ?? null;
        const links = (parent: Element) =>
          child(parent, "link").map((link) => ({
            rel: link.getAttribute("rel") ?? "alternate",
            type: link.getAttribute("type"),
            hreflang: link.getAttribute("hreflang"),
            href: link.getAttribute("href"),
          }));
        return {
          error: doc.getElementsByTagName("parsererror").length > 0,
          root: `${root.namespaceURI} ${root.localName}`,
          lang: root.getAttribute("xml:lang"),
          title: textOf(root, "title"),
          id: textOf(root, "id"),
          updated: textOf(root, "updated"),
          author: child(root, "author")[0]
            ? textOf(child(root, "author")[0] as Element, "name")
            : null,
          links: links(root),
          entries: child(root, "entry").map((entry) => ({
            title: textOf(entry, "title"),
            id: textOf(entry, "id"),
            updated: textOf(entry, "updated"),
            summary: textOf(entry, "summary"),
            links: links(entry),
          })),
        };
      }, xml);

      expect(feed.error).toBe(false);
      expect(feed.root).toBe("http://www.w3.org/2005/Atom feed");
      expect(feed.lang).toBe(lang);
      expect(feed.title).toContain(company(lang).name);
      expect(feed.author).toBe(company(lang).name);
      const self = `${E2E_SITE_URL}/${lang}/news/feed.xml`;
      expect(feed.id).toBe(self);
      const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
      expect(feed.updated).toMatch(rfc3339);
      const other = lang === "en" ? "ar" : "en";
      expect(feed.links).toContainEqual({
        rel: "self",
        type: "application/atom+xml",
        hreflang: null,
        href: self,
      });
      expect(feed.links).toContainEqual({
        rel: "alternate",
        type: "application/atom+xml",
        hreflang: other,
        href: `${E2E_SITE_URL}/${other}/news/feed.xml`,
      });

      const news = await allNews(lang);
      expect(feed.entries).toHaveLength(Math.min(20, news.length));
      feed.entries.forEach((entry, index) => {
        const story = news[index];
        const link = `${E2E_SITE_URL}/${lang}/news/${story?.id}`;
        expect(entry.title).toBe(story?.title);
        expect(entry.id).toBe(link);
        expect(entry.links).toContainEqual({
          rel: "alternate",
          type: "text/html",
          hreflang: null,
          href: link,
        });
        expect(entry.updated).toMatch(rfc3339);
        expect(entry.summary?.length).toBeGreaterThan(0);
        expect(entry.summary).not.toMatch(/<[a-z/]/i);
      });
      // The alternate feed exists too.
      expect((await request.get(`/${other}/news/feed.xml`)).status()).toBe(200);
    });
  }

  test("every page's head links its language's feed", async ({ request }) => {
    for (const address of ["/en", "/ar", "/en/news", "/ar/search?q=iso", "/en/no-such-page"]) {
      const html = await (await request.get(address)).text();
      const lang = address.slice(1, 3);
      expect(html, address).toMatch(
        new RegExp(
          `<link rel="alternate" type="application/atom\\+xml" href="/${lang}/news/feed.xml"`,
        ),
      );
    }
    // Another language's feed is English's, as its pages are (discovery.spec.ts).
    const unknown = await request.get("/fr/news/feed.xml", { maxRedirects: 0 });
    expect([unknown.status(), unknown.headers().location]).toEqual([301, "/en/news/feed.xml"]);
  });
});
