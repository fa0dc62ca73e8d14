import { describe, expect, it } from "vitest";
import { firstText, firstUrl, type PageSeo, seoTags } from "./seo.ts";
import { cardVersion } from "./social-image.ts";

const find = (tags: ReturnType<typeof seoTags>, key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, string>)[key] === value) as
    | Record<string, string>
    | undefined;

/** What the search-engine and social tags of `page` say. */
function summary(tags: ReturnType<typeof seoTags>) {
  return {
    title: (tags[0] as { title: string }).title,
    description: find(tags, "name", "description")?.content,
    ogTitle: find(tags, "property", "og:title")?.content,
    ogDescription: find(tags, "property", "og:description")?.content,
    ogImage: find(tags, "property", "og:image")?.content,
    twitterTitle: find(tags, "name", "twitter:title")?.content,
    twitterDescription: find(tags, "name", "twitter:description")?.content,
    twitterImage: find(tags, "name", "twitter:image")?.content,
  };
}

/** Missing, null and every way of writing nothing. */
const empties = [undefined, null, "", "   ", "\n\t ", "<p> </p>", "<p>&nbsp;</p><br/>"];

describe("firstText and firstUrl", () => {
  it("skip missing, null, blank and markup-only candidates", () => {
    for (const empty of empties) {
      expect(firstText([empty, "<b>Own</b>  title"])).toBe("Own title");
      expect(firstText(empty)).toBe("");
    }
    expect(firstText([])).toBe("");
    expect(firstText(["<p>Meta &amp; more</p>", "Own"])).toBe("Meta & more");
  });

  it("take the first URL that is not blank, as given", () => {
    for (const empty of [undefined, null, "", "   "])
      expect(firstUrl([empty, "/storage/b.jpg"])).toBe("/storage/b.jpg");
    expect(firstUrl(["/storage/a.jpg", "/storage/b.jpg"])).toBe("/storage/a.jpg");
    expect(firstUrl([null, undefined])).toBe("");
  });
});

/** The og:image's width, height, type and alt. */
const imageTags = (tags: ReturnType<typeof seoTags>) => ({
  type: find(tags, "property", "og:image:type")?.content,
  width: find(tags, "property", "og:image:width")?.content,
  height: find(tags, "property", "og:image:height")?.content,
  alt: find(tags, "property", "og:image:alt")?.content,
});

const crop = (src: string) =>
  `https://site.example/img?src=${encodeURIComponent(src)}&fit=og&page=%2Fen%2Fnews%2F3`;
const cms = "https://cms.example";
const mediaOrigins = [cms];

describe("seoTags", () => {
  const site = {
    name: "Acme Builders",
    description: "Acme builds towers and bridges.",
    logo: "/logo.svg",
  };
  const base = {
    siteUrl: "https://site.example",
    pathname: "/en/news/3",
    lang: "en",
    site,
  } as const satisfies Partial<PageSeo>;

  it("uses the data's meta title exactly, and the meta description and image", () => {
    const tags = seoTags({
      ...base,
      metaTitle: "Bridge opened | Acme News",
      title: "Bridge opened",
      description: ["Meta description", "Own description"],
      image: ["/storage/news/meta.webp", "/storage/news/own.webp"],
      type: "article",
    });
    expect(summary(tags)).toEqual({
      title: "Bridge opened | Acme News",
      description: "Meta description",
      ogTitle: "Bridge opened | Acme News",
      ogDescription: "Meta description",
      ogImage: crop("/storage/news/meta.webp"),
      twitterTitle: "Bridge opened | Acme News",
      twitterDescription: "Meta description",
      twitterImage: crop("/storage/news/meta.webp"),
    });
    expect(find(tags, "property", "og:type")?.content).toBe("article");
    expect(find(tags, "property", "og:locale")?.content).toBe("en_US");
    expect(find(tags, "property", "og:locale:alternate")?.content).toBe("ar_SA");
  });

  it("never adds the site name to a meta title, even one that does not name the company", () => {
    const tags = seoTags({ ...base, metaTitle: "Projects", title: "Completed Projects" });
    expect(summary(tags).title).toBe("Projects");
  });

  for (const empty of empties) {
    it(`falls back to the page's own fields when the meta fields are ${JSON.stringify(empty)}`, () => {
      // Image URLs are never markup (the contract checks them): blank ones only.
      const url = empty?.includes("<") ? "" : empty;
      const tags = seoTags({
        ...base,
        metaTitle: empty,
        title: [empty, "Bridge opened"],
        description: [empty, "<p>Own  description</p>"],
        image: [url, "/storage/news/own.webp"],
      });
      expect(summary(tags)).toEqual({
        title: "Bridge opened | Acme Builders",
        description: "Own description",
        ogTitle: "Bridge opened",
        ogDescription: "Own description",
        ogImage: crop("/storage/news/own.webp"),
        twitterTitle: "Bridge opened",
        twitterDescription: "Own description",
        twitterImage: crop("/storage/news/own.webp"),
      });
    });
  }

  it("strips tags, decodes entities and collapses whitespace in every text", () => {
    const tags = seoTags({
      ...base,
      metaTitle:
        "<h1> Roads &amp; Bridges&nbsp;&mdash;\n <em>&#1571;&#x0631;&#x0643;&#x0627;&#x0646;</em> </h1>",
      description: `<p>The  new\n bridge &amp; its <strong>approach roads</strong> &laquo;A&raquo; ${"x".repeat(200)}</p>`,
    });
    const { title, ogTitle, description } = summary(tags);
    expect(title).toBe("Roads & Bridges — أركان");
    expect(ogTitle).toBe("Roads & Bridges — أركان");
    expect(description?.startsWith("The new bridge & its approach roads «A» x")).toBe(true);
    expect(description?.endsWith("…")).toBe(true);
    expect(Array.from(description ?? "").length).toBeLessThanOrEqual(161);
  });

  it("crops the page's image to the card's size when the image endpoint may fetch it", () => {
    const media = seoTags({ ...base, mediaOrigins, image: `${cms}/storage/a.jpg` });
    expect(summary(media).ogImage).toBe(
      `https://site.example/img?src=${encodeURIComponent(`${cms}/storage/a.jpg`)}&fit=og&page=%2Fen%2Fnews%2F3`,
    );
    const relative = seoTags({ ...base, image: [" ", "/storage/a%20b.jpg"] });
    expect(summary(relative).twitterImage).toBe(
      "https://site.example/img?src=%2Fstorage%2Fa%2520b.jpg&fit=og&page=%2Fen%2Fnews%2F3",
    );
    expect(imageTags(relative)).toEqual({
      type: "image/jpeg",
      width: "1200",
      height: "630",
      alt: "Acme Builders",
    });
  });

  it("draws a card instead of images the endpoint may not fetch or social sites cannot show", () => {
    const card = `https://site.example/og/en/news/3.png?v=${cardVersion("en", ["Bridge", "Acme Builders", "/logo.svg"])}`;
    for (const image of [
      "https://other.example/a.jpg",
      `${cms}.evil.example/a.jpg`,
      `${cms}/storage/plan.svg`,
      "/no-image.png",
      // What the image endpoint refuses (a space, a query, an empty segment, outside /storage/).
      "/storage/a b.jpg",
      `${cms}/storage/a.jpg?v=2`,
      "/storage/a//b.jpg",
      `${cms}/uploads/a.jpg`,
      "/storage/plan.svgz",
    ]) {
      const tags = seoTags({ ...base, mediaOrigins, title: "Bridge", image });
      expect(summary(tags).ogImage, image).toBe(card);
      expect(imageTags(tags).type).toBe("image/png");
    }
  });

  it("gives a new card address when the title, language, name or logo changes", () => {
    const image = (page: Partial<PageSeo>) =>
      summary(seoTags({ ...base, title: "Bridge", ...page })).ogImage;
    const addresses = [
      image({}),
      image({ title: "Bridge opened" }),
      image({ lang: "ar" }),
      image({ site: { ...site, name: "Acme" } }),
      image({ site: { ...site, logo: "/logo-2.svg" } }),
    ];
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(image({})).toBe(image({ description: "Other words" }));
  });

  it("falls back to the company's name and description, and a drawn card, when the data has none", () => {
    const tags = seoTags({
      ...base,
      lang: "ar",
      pathname: "/ar/news/3",
      metaTitle: "<p> </p>",
      title: [null, "  "],
    });
    const card = `https://site.example/og/ar/news/3.png?v=${cardVersion("ar", ["Acme Builders", "Acme Builders", "/logo.svg"])}`;
    expect(summary(tags)).toEqual({
      title: "Acme Builders",
      description: "Acme builds towers and bridges.",
      ogTitle: "Acme Builders",
      ogDescription: "Acme builds towers and bridges.",
      ogImage: card,
      twitterTitle: "Acme Builders",
      twitterDescription: "Acme builds towers and bridges.",
      twitterImage: card,
    });
    expect(imageTags(tags)).toEqual({
      type: "image/png",
      width: "1200",
      height: "630",
      alt: "Acme Builders",
    });
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("gives a page with no drawn card and no picture of its own no image, not a missing one", () => {
    const tags = seoTags({ ...base, pathname: "/en/soso", noindex: true });
    expect(find(tags, "property", "og:image")).toBeUndefined();
    expect(find(tags, "name", "twitter:image")).toBeUndefined();
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary");
    // A picture of its own is still shown.
    const own = seoTags({
      ...base,
      pathname: "/en/soso",
      image: `${cms}/storage/a.jpg`,
      mediaOrigins,
    });
    expect(find(own, "property", "og:image")?.content).toContain("/img?src=");
  });

  it("names the home page's card after the language alone", () => {
    const tags = seoTags({ ...base, pathname: "/en" });
    expect(summary(tags).ogImage).toMatch(/^https:\/\/site\.example\/og\/en\.png\?v=\w+$/);
  });

  it("links canonical and hreflang alternates, keeping only a page query", () => {
    const tags = seoTags({ ...base, lang: "ar", pathname: "/ar/news", search: "?page=2&utm=x" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://site.example/ar/news?page=2");
    expect(find(tags, "hrefLang", "en")?.href).toBe("https://site.example/en/news?page=2");
    expect(find(tags, "hrefLang", "x-default")?.href).toBe("https://site.example/en/news?page=2");
    expect(find(tags, "property", "og:locale")?.content).toBe("ar_SA");
  });

  it("tells when a story was published, to the second, in its article tags", () => {
    const story = (published: string | null) =>
      find(
        seoTags({ ...base, type: "article", about: { type: "NewsArticle", published } }),
        "property",
        "article:published_time",
      )?.content;
    expect(story("2024-05-02T10:00:00.000000Z")).toBe("2024-05-02T10:00:00.000Z");
    expect(story("yesterday")).toBeUndefined();
    expect(story(null)).toBeUndefined();
  });

  it("names a later page of a list apart from the first, in the page's language", () => {
    const list = { ...base, pathname: "/en/news", title: "News", description: "Our news." };
    expect(summary(seoTags({ ...list, search: "?page=1" }))).toMatchObject({
      title: "News | Acme Builders",
      description: "Our news.",
      ogTitle: "News",
    });
    expect(summary(seoTags({ ...list, search: "?page=3" }))).toMatchObject({
      title: "News (Page 3) | Acme Builders",
      description: "Page 3: Our news.",
      ogTitle: "News (Page 3)",
    });
    const arabic = seoTags({ ...list, lang: "ar", pathname: "/ar/news", search: "?page=2" });
    expect(summary(arabic).title).toBe("News (الصفحة 2) | Acme Builders");
    // The card is the list's, drawn at its address without the query: the same version.
    const card = (search: string) =>
      summary(seoTags({ ...list, search })).ogImage?.replace(/^.*\?v=/, "");
    expect(card("?page=3")).toBe(card(""));
    // The data's meta title is the whole title: the page follows it.
    const meta = seoTags({ ...list, metaTitle: "Acme News", search: "?page=2" });
    expect(summary(meta).title).toBe("Acme News (Page 2)");
    // Naming its site after a ` | `, it keeps the site's name last, as the site's own titles do.
    const named = (metaTitle: string) =>
      summary(seoTags({ ...list, lang: "ar", metaTitle, search: "?page=2" })).title;
    expect(named("الأخبار | Acme Builders & Sons")).toBe(
      "الأخبار (الصفحة 2) | Acme Builders & Sons",
    );
    expect(named("News | Riyadh | Acme")).toBe("News | Riyadh (الصفحة 2) | Acme");
    expect(named("News – Acme")).toBe("News – Acme (الصفحة 2)");
    expect(named("| Acme")).toBe("| Acme (الصفحة 2)");
    // A title of the page's own is not one that names a site: the page follows all of it.
    const own = summary(seoTags({ ...list, title: "Health | Safety", search: "?page=2" }));
    expect(own).toMatchObject({
      title: "Health | Safety (Page 2) | Acme Builders",
      ogTitle: "Health | Safety (Page 2)",
    });
  });
});
