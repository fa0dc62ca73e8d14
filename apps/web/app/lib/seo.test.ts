import { describe, expect, it } from "vitest";
import { seoTags } from "./seo.ts";

const find = (tags: ReturnType<typeof seoTags>, key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, string>)[key] === value) as
    | Record<string, string>
    | undefined;

describe("seoTags", () => {
  const site = {
    name: "Acme Builders",
    description: "Acme builds towers and bridges.",
    image: "/share.jpg",
  };
  const base = { siteUrl: "https://site.example", pathname: "/en/news/3", site } as const;

  it("builds title, description and social tags from the data", () => {
    const tags = seoTags({
      ...base,
      lang: "en",
      title: "Bridge opened",
      description: `<p>The  new\n bridge &amp; its <strong>approach roads</strong> ${"x".repeat(200)}</p>`,
      image: "/storage/news/bridge.webp",
      type: "article",
    });
    expect(tags[0]).toEqual({ title: "Bridge opened | Acme Builders" });
    const description = find(tags, "name", "description")?.content ?? "";
    expect(description.startsWith("The new bridge & its approach roads x")).toBe(true);
    expect(Array.from(description).length).toBeLessThanOrEqual(161);
    expect(find(tags, "property", "og:type")?.content).toBe("article");
    expect(find(tags, "property", "og:image")?.content).toBe(
      "https://site.example/storage/news/bridge.webp",
    );
    expect(find(tags, "property", "og:locale")?.content).toBe("en_US");
    expect(find(tags, "property", "og:locale:alternate")?.content).toBe("ar_SA");
  });

  it("links canonical and hreflang alternates, keeping only a page query", () => {
    const tags = seoTags({ ...base, lang: "ar", pathname: "/ar/news", search: "?page=2&utm=x" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://site.example/ar/news?page=2");
    expect(find(tags, "hrefLang", "en")?.href).toBe("https://site.example/en/news?page=2");
    expect(find(tags, "hrefLang", "x-default")?.href).toBe("https://site.example/en/news?page=2");
  });

  it("adds the brand to the title only once", () => {
    const tags = seoTags({ ...base, lang: "ar", title: "نبذة عن الشركة | Acme Builders" });
    expect(tags[0]).toEqual({ title: "نبذة عن الشركة | Acme Builders" });
  });

  it("falls back to the company's name, description and share image when the data has none", () => {
    const tags = seoTags({ ...base, lang: "ar" });
    expect(tags[0]).toEqual({ title: "Acme Builders" });
    expect(find(tags, "name", "description")?.content).toBe("Acme builds towers and bridges.");
    expect(find(tags, "property", "og:image")?.content).toBe("https://site.example/share.jpg");
  });
});
