import { describe, expect, it } from "vitest";
import type { ContentClient } from "../content/api-client.server.ts";
import { escapeXml } from "../escape-xml.ts";
import { atomFeed, latestNews } from "./news-feed.server.ts";

const story = (id: number, created_at?: string | null) => ({
  id,
  title: `Story <${id}> & more`,
  image: null,
  description: `<p>Summary of <b>story</b> ${id}</p>`,
  created_at,
});

/** News in pages of 9: 25 stories, newest first. */
function fakeApi(pagesRead: number[]): ContentClient {
  const all = Array.from({ length: 25 }, (_, i) => story(25 - i, "2024-05-01"));
  return {
    content: async (_name: string, _lang: string, { page = 1 }: { page?: number } = {}) => {
      pagesRead.push(page);
      return {
        data: all.slice((page - 1) * 9, page * 9),
        pagination: { current_page: page, last_page: 3, per_page: 9, total: 25 },
      };
    },
  } as unknown as ContentClient;
}

/** Arkan's news feed at https://www.example.com in `lang`, made on 1 January 2030. */
const feedOf = (lang: "ar" | "en", stories: ReturnType<typeof story>[]) =>
  atomFeed({
    lang,
    siteUrl: "https://www.example.com",
    title: "Arkan: News",
    author: "Arkan",
    stories,
    now: new Date("2030-01-01T00:00:00Z"),
  });

describe("latestNews", () => {
  it("reads pages until it has 20 stories, in the API's order", async () => {
    const pages: number[] = [];
    const stories = await latestNews(fakeApi(pages), "en");
    expect(stories).toHaveLength(20);
    expect(stories[0]?.id).toBe(25);
    expect(stories[19]?.id).toBe(6);
    expect(pages).toEqual([1, 2, 3]);
  });

  it("stops at the last page", async () => {
    const pages: number[] = [];
    expect(await latestNews(fakeApi(pages), "en", 30)).toHaveLength(25);
    expect(pages).toEqual([1, 2, 3]);
  });
});

describe("atomFeed", () => {
  const xml = feedOf("ar", [
    story(2, "2024-05-12T09:30:00.000000Z"),
    story(1, "2024-05-01"),
    story(3, null),
  ]);
  const entries = xml.split("<entry>").slice(1);

  it("is an Atom feed in the page's language with the required elements", () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ar">',
      ),
    ).toBe(true);
    expect(xml).toContain("<title>Arkan: News</title>");
    expect(xml).toContain("<id>https://www.example.com/ar/news/feed.xml</id>");
    expect(xml).toContain("<author><name>Arkan</name></author>");
    // The newest story's date.
    expect(xml).toContain("<updated>2024-05-12T09:30:00.000Z</updated>\n<author>");
    expect(xml.trimEnd().endsWith("</feed>")).toBe(true);
  });

  it("links itself, its news page and the other language's feed", () => {
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://www.example.com/ar/news/feed.xml"/>',
    );
    expect(xml).toContain(
      '<link rel="alternate" type="text/html" hreflang="ar" href="https://www.example.com/ar/news"/>',
    );
    expect(xml).toContain(
      '<link rel="alternate" type="application/atom+xml" hreflang="en" href="https://www.example.com/en/news/feed.xml"/>',
    );
  });

  it("gives each story a title, link, id, updated date and a summary without tags", () => {
    expect(entries).toHaveLength(3);
    const [first, , undated] = entries;
    expect(first).toContain("<title>Story &lt;2&gt; &amp; more</title>");
    expect(first).toContain('href="https://www.example.com/ar/news/2"');
    expect(first).toContain("<id>https://www.example.com/ar/news/2</id>");
    expect(first).toContain("<updated>2024-05-12T09:30:00.000Z</updated>");
    expect(first).toContain('<summary type="text">Summary of story 2</summary>');
    // No date of its own: the feed's.
    expect(undated).toContain("<updated>2024-05-12T09:30:00.000Z</updated>");
    expect(undated).not.toContain("<published>");
  });

  it("links stories by string ids", () => {
    const odd = feedOf("en", [{ ...story(1, null), id: "Road-7" as unknown as number }]);
    expect(odd.split("<entry>")).toHaveLength(2);
    expect(odd).toContain("<id>https://www.example.com/en/news/Road-7</id>");
  });

  it("dates a feed without dated stories now", () => {
    const bare = feedOf("en", []);
    expect(bare).toContain("<updated>2030-01-01T00:00:00.000Z</updated>");
    expect(bare).not.toContain("<entry>");
  });
});

describe("XML helpers", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`a<b>&"c'\u0001\uFFFE`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
  });
});
