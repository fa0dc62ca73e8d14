import { describe, expect, it } from "vitest";
import { firstText, firstUrl, type PageSeo, seoTags } from "./seo.ts";

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

describe("seoTags", () => {
  const site = {
    name: "Acme Builders",
    description: "Acme builds towers and bridges.",
    image: "/share.jpg",
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
      ogImage: "https://site.example/storage/news/meta.webp",
      twitterTitle: "Bridge opened | Acme News",
      twitterDescription: "Meta description",
      twitterImage: "https://site.example/storage/news/meta.webp",
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
        ogImage: "https://site.example/storage/news/own.webp",
        twitterTitle: "Bridge opened",
        twitterDescription: "Own description",
        twitterImage: "https://site.example/storage/news/own.webp",
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

  it("keeps an absolute image URL and resolves a root-relative one against the site", () => {
    const absolute = seoTags({ ...base, image: "https://cdn.example/a.jpg" });
    expect(summary(absolute).ogImage).toBe("https://cdn.example/a.jpg");
    const relative = seoTags({ ...base, image: [" ", "/storage/a b.jpg"] });
    expect(summary(relative).twitterImage).toBe("https://site.example/storage/a%20b.jpg");
  });

  it("falls back to the company's name, description and share image when the data has none", () => {
    const tags = seoTags({ ...base, lang: "ar", metaTitle: "<p> </p>", title: [null, "  "] });
    expect(summary(tags)).toEqual({
      title: "Acme Builders",
      description: "Acme builds towers and bridges.",
      ogTitle: "Acme Builders",
      ogDescription: "Acme builds towers and bridges.",
      ogImage: "https://site.example/share.jpg",
      twitterTitle: "Acme Builders",
      twitterDescription: "Acme builds towers and bridges.",
      twitterImage: "https://site.example/share.jpg",
    });
  });

  it("links canonical and hreflang alternates, keeping only a page query", () => {
    const tags = seoTags({ ...base, lang: "ar", pathname: "/ar/news", search: "?page=2&utm=x" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://site.example/ar/news?page=2");
    expect(find(tags, "hrefLang", "en")?.href).toBe("https://site.example/en/news?page=2");
    expect(find(tags, "hrefLang", "x-default")?.href).toBe("https://site.example/en/news?page=2");
    expect(find(tags, "property", "og:locale")?.content).toBe("ar_SA");
  });
});
