import type { Language } from "@site/contract";
import { mapLimit } from "@site/contract/concurrency";
import { describe, expect, it } from "vitest";
import type { ContentClient } from "../content/api-client.server.ts";
import { ApiError } from "../content/api-errors.server.ts";
import { captureLog } from "../testing/log-capture.ts";
import { LanguageIndex, type SearchDocument } from "./language-index.server.ts";
import { collectDocuments, itemPathsOfContent, readListings } from "./search-documents.server.ts";

const paged = (data: unknown[], page: number, last: number) => ({
  data,
  pagination: { current_page: page, last_page: last, per_page: 2, total: 3 },
});

/**
 * A content API in memory: three news in two pages (one listed but gone), a completed and a
 * current project, a service, an other page, the overview and HSE; Arabic as written by
 * editors, with hamza, ta marbuta and shadda.
 */
function fakeApi(reads: string[] = []): ContentClient {
  const answers: Record<string, (query: { id?: string | number; page?: number }) => unknown> = {
    news: ({ page }) =>
      page === 1
        ? paged(
            [
              { id: 1, title: "Bridge opened", description: "<p>The <b>bridge</b> opened.</p>" },
              { id: 2, title: "تسلّم مشروع رأس تنورة", description: "خبر" },
            ],
            1,
            2,
          )
        : paged([{ id: 3, title: "Gone", description: "removed" }], 2, 2),
    newsItem: ({ id }) => {
      if (id === 3) throw new ApiError("not-found", "/api/news/3", "not found", 404);
      return {
        content: id === 1 ? "<h2>Route</h2><p>Traffic crosses the wadi.</p>" : "<p>تسلم المالك</p>",
      };
    },
    completedProjects: () => paged([{ id: 7, title: "Ring road", client: "Ministry" }], 1, 1),
    currentProjects: () => paged([{ id: 8, title: "Hospital wing", client: "Health" }], 1, 1),
    project: ({ id }) => ({
      projects: { location: "Dammam", image_content: id === 7 ? "<p>Four bridges</p>" : "" },
    }),
    services: () => [{ id: 4, title: "Steel structures", description: "Fabrication" }],
    // What an editor's paste from Word may carry that the page never shows.
    service: () => ({
      content:
        '<title>Microsoft Word - draft</title><p>Welding and erection</p><select><option>Optionvalue</option></select><textarea>Typedtext</textarea><iframe src="https://example.com/v">Nosupport</iframe><script>alert(1)</script><img alt="a > b" onerror="alert(2)" src="/x.png">',
    }),
    extraPages: () => [{ id: 5, title: "Careers" }],
    extraPage: () => ({ content: "<p>Join our engineers</p>" }),
    overviews: () => [{ content: "<p>Founded in 1990</p>" }],
    hse: () => [{ title: "Safety first", content: "<p>Zero harm</p>" }],
  };
  return {
    uncached: async (name: string, lang: Language, query: { id?: number; page?: number } = {}) => {
      reads.push(`${lang} ${name} ${query.id ?? query.page ?? ""}`.trim());
      const answer = answers[name];
      if (!answer) throw new Error(`unexpected ${name}`);
      return answer(query);
    },
  } as unknown as ContentClient;
}

const titles = { overview: "Overview", hse: "HSE" };

describe("collectDocuments", () => {
  it("reads every list, all their pages and each item's page, skipping items that are gone", async () => {
    const reads: string[] = [];
    const documents = await collectDocuments(fakeApi(reads), "en", titles);
    expect(reads).toContain("en news 2");
    expect(reads).toContain("en newsItem 1");
    expect(reads).toContain("en project 7");
    expect(documents.map((doc) => [doc.kind, doc.href])).toEqual([
      ["news", "/en/news/1"],
      ["news", "/en/news/2"],
      ["news", "/en/news/3"],
      ["completedProject", "/en/projects/7"],
      ["currentProject", "/en/CurrentProjects/8"],
      ["service", "/en/services/4"],
      ["page", "/en/otherPages/5"],
      ["page", "/en/overview"],
      ["page", "/en/HSE"],
    ]);
    // Tags stripped, blocks' ends kept as line breaks (an extract shows them); the list's
    // description and the item's content both searchable.
    expect(documents[0]?.text).toBe("The bridge opened. \n Route\nTraffic crosses the wadi.");
    expect(documents[2]?.text).toBe("removed");
    expect(documents[3]?.text).toContain("Dammam");
    // Only what the page shows: the content as sanitised for it (a frame is a link to it).
    expect(documents[5]?.text).toBe("Fabrication \n Welding and erection\nexample.com/v");
  });

  it("fails when the API fails (not for a missing item)", async () => {
    const api = fakeApi();
    const failing = {
      ...api,
      uncached: (name: string, ...rest: unknown[]) =>
        name === "service"
          ? Promise.reject(new ApiError("unavailable", "/api/services/4", "down", 503))
          : (api.uncached as (...args: unknown[]) => Promise<unknown>)(name, ...rest),
    } as unknown as ContentClient;
    await expect(collectDocuments(failing, "en", titles)).rejects.toThrow("down");
  });

  it("reads items a few at a time", async () => {
    let running = 0;
    let most = 0;
    const done = await mapLimit([...Array(20).keys()], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      return n * 2;
    });
    expect(most).toBe(3);
    expect(done).toEqual([...Array(20).keys()].map((n) => n * 2));
  });
});

describe("readListings", () => {
  it("keeps at most SEARCH_MAX_DOCUMENTS, leaving out the oldest news first, with a warning", async () => {
    const log = captureLog();
    const hrefsOf = async (maxDocuments?: number) => {
      const limits = { maxDocuments, logger: log.logger };
      const { items, singles } = await readListings(fakeApi(), "en", titles, limits);
      return [...singles, ...items].map((item) => item.href);
    };
    // Two pages (overview, HSE), four other items and three news: nine in all.
    expect(await hrefsOf()).toHaveLength(9);
    expect(log.lines).toEqual([]);
    const seven = await hrefsOf(7);
    expect(seven).toHaveLength(7);
    // The newest story stays; the two older go; every project, service and page stays.
    expect(seven).toContain("/en/news/1");
    expect(seven.filter((href) => href.startsWith("/en/news/"))).toEqual(["/en/news/1"]);
    expect(seven).toEqual(expect.arrayContaining(["/en/projects/7", "/en/services/4", "/en/HSE"]));
    expect(log.lines.some((line) => /SEARCH_MAX_DOCUMENTS/.test(line.message))).toBe(true);
    // Fewer than the other documents: no news at all, never fewer projects or pages.
    expect((await hrefsOf(2)).some((href) => href.startsWith("/en/news/"))).toBe(false);
    expect(await hrefsOf(2)).toHaveLength(6);
  });

  it("leaves out a list the API fails, saying so; throws when it fails them all", async () => {
    const failing = (names: (name: string) => boolean) => {
      const api = fakeApi();
      const read = api.uncached.bind(api);
      api.uncached = (async (name: string, lang: Language, query?: object) => {
        if (names(name)) throw new ApiError("unavailable", name, "down", 503);
        return read(name as "news", lang, query as { page: number });
      }) as ContentClient["uncached"];
      return api;
    };
    const partly = await readListings(
      failing((name) => name === "services"),
      "en",
      titles,
    );
    expect(partly.items.map((item) => item.href)).not.toContain("/en/services/4");
    expect(partly.items.map((item) => item.href)).toContain("/en/news/1");
    expect(partly.incomplete).toMatchObject({ lists: 1, error: expect.any(ApiError) });
    const whole = await readListings(fakeApi(), "en", titles);
    expect(whole.incomplete).toBeUndefined();
    const lists = ["news", "completedProjects", "currentProjects", "services", "extraPages"];
    const down = failing((name) => [...lists, "overviews", "hse"].includes(name));
    await expect(readListings(down, "en", titles)).rejects.toBeInstanceOf(ApiError);
  });

  it("leaves out the oldest news by their dates when every story has one", async () => {
    const dated = fakeApi();
    // Forms Date.parse does not read: a zone in hours, a comma fraction, 24:00.
    const dates: Record<number, string> = {
      1: "2024-01-05T09:30:00+03",
      2: "2026-03-01T24:00:00Z",
      3: "2025-07-10T08:00:00,5+0300",
    };
    const read = dated.uncached.bind(dated);
    dated.uncached = (async (name: string, lang: Language, query?: { page?: number }) => {
      const answer = (await read(name as "news", lang, query as { page: number })) as {
        data: { id: number }[];
      };
      if (name !== "news") return answer;
      return { ...answer, data: answer.data.map((row) => ({ ...row, created_at: dates[row.id] })) };
    }) as ContentClient["uncached"];
    const { items } = await readListings(dated, "en", titles, { maxDocuments: 8 });
    const news = items.filter((item) => item.page === "newsItem").map((item) => item.id);
    expect(news).toEqual([2, 3]);
  });
});

describe("itemPathsOfContent", () => {
  it("names the pages of the items a purge by content names, string ids too", () => {
    expect(itemPathsOfContent(["/api/news/301", "/api/services/Road-7"])).toEqual([
      "/en/news/301",
      "/ar/news/301",
      "/en/services/Road-7",
      "/ar/services/Road-7",
    ]);
    expect(itemPathsOfContent(["/api/news/%D8%AE%D8%A8%D8%B1"])).toEqual([
      "/en/news/%D8%AE%D8%A8%D8%B1",
      "/ar/news/%D8%AE%D8%A8%D8%B1",
    ]);
  });

  it("names none for a list, a project or what no id can be: the lists are read again", () => {
    for (const keys of [
      ["/api/news"],
      ["/api/projects/3"],
      ["/api/news/%2E%2E"],
      ["/api/news/%E0"],
    ])
      expect(itemPathsOfContent(keys), keys[0]).toBeUndefined();
  });
});

describe("LanguageIndex", async () => {
  const en = new LanguageIndex(await collectDocuments(fakeApi(), "en", titles));
  const hrefs = (query: string, index = en) => index.search(query).results.map((r) => r.href);

  it("finds words by stem, case and prefix of the last word", () => {
    expect(hrefs("bridges")).toEqual(["/en/news/1", "/en/projects/7"]);
    expect(hrefs("STEEL struct")).toEqual(["/en/services/4"]);
    expect(hrefs("weld")).toEqual(["/en/services/4"]);
    expect(hrefs("nothing like this")).toEqual([]);
    expect(hrefs("x")).toEqual([]);
  });

  it("ranks titles above body text", () => {
    // "bridge" is in news 1's title, only in the body of project 7.
    expect(hrefs("bridge")[0]).toBe("/en/news/1");
    const first = en.search("bridge").results[0];
    expect(first?.kind).toBe("news");
    expect(first?.title).toEqual([{ text: "Bridge", mark: true }, { text: " opened" }]);
    expect(first?.extract.filter((s) => s.mark).map((s) => s.text)).toEqual(["bridge"]);
  });

  it("requires every word", () => {
    expect(hrefs("bridge wadi")).toEqual(["/en/news/1"]);
    expect(hrefs("bridge zzzq")).toEqual([]);
  });

  it("completes a word being typed with its most frequent completions only", () => {
    // 30 rare words beginning "tow", and "tower" in every document.
    const docs: SearchDocument[] = Array.from({ length: 30 }, (_, i) => ({
      href: `/en/news/${i}`,
      kind: "news",
      title: "Tower",
      text: `tow${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`,
    }));
    const index = new LanguageIndex(docs);
    expect(index.search("tow").total).toBe(30);
    expect(index.search("towbax").total).toBe(1);
  });

  it("is the same built in chunks", async () => {
    const documents = await collectDocuments(fakeApi(), "en", titles);
    const chunked = await LanguageIndex.build(documents);
    for (const query of ["bridges", "steel str", "safety", "zzz"]) {
      expect(chunked.search(query)).toEqual(en.search(query));
    }
  });

  it("pages results and counts them all", () => {
    const docs: SearchDocument[] = Array.from({ length: 25 }, (_, i) => ({
      href: `/en/news/${i}`,
      kind: "news",
      title: `Tower ${i}`,
      text: "A tower",
    }));
    const index = new LanguageIndex(docs);
    const second = index.search("tower", { offset: 10, limit: 10 });
    expect(second.total).toBe(25);
    expect(second.results).toHaveLength(10);
    expect(index.search("tower", { offset: 20, limit: 10 }).results).toHaveLength(5);
    const seen = new Set(
      [0, 10, 20].flatMap((at) =>
        index.search("tower", { offset: at, limit: 10 }).results.map((r) => r.href),
      ),
    );
    expect(seen.size).toBe(25);
  });

  it("finds Arabic however it is spelled, and marks the words as written", async () => {
    const ar = new LanguageIndex(await collectDocuments(fakeApi(), "ar", titles));
    for (const query of ["راس تنوره", "رأس تنورة", "تسلم", "تسلّم", "تنـــورة", "راس تن"]) {
      expect(hrefs(query, ar), query).toEqual(["/ar/news/2"]);
    }
    const title = ar.search("راس تنوره").results[0]?.title;
    expect(title?.filter((s) => s.mark).map((s) => s.text)).toEqual(["رأس", "تنورة"]);
  });
});
