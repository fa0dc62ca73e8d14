/**
 * Reading site search's answers (issues 24 and 31) in the browser tests: a results page's
 * message, results, marks, counts by kind and corrected query, from its server HTML.
 */
import type { Lang } from "./content.ts";
import { type APIRequestContext, expect } from "./test.ts";

/**
 * What a results page shows: its message, and each result's kind, link and marked words. A
 * site just started may answer 503 "being prepared" while its first index is built: asked
 * again after its Retry-After, for 30 s at most.
 */
export async function resultsOf(request: APIRequestContext, address: string) {
  let response = await request.get(address, { maxRedirects: 0 });
  for (let tries = 0; response.status() === 503 && response.headers()["retry-after"]; tries++) {
    expect(tries, `${address}: still being prepared`).toBeLessThan(60);
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await request.get(address, { maxRedirects: 0 });
  }
  const html = await response.text();
  const items = Array.from(html.matchAll(/<li[^>]*data-kind="([^"]+)"[^>]*>(.*?)<\/li>/gs));
  return {
    status: response.status(),
    html,
    message: html.match(/data-testid="search-message"[^>]*>([^<]*)</)?.[1] ?? "",
    /** "Nothing matched ... as typed", when misspelt words were corrected. */
    notAsTyped: html.match(/data-testid="search-not-as-typed"[^>]*>([^<]*)</)?.[1],
    /** The links to one kind of results: label, count, address, whether it is the page's. */
    kinds: Array.from(
      (html.match(/data-testid="search-kinds".*?<\/nav>/s)?.[0] ?? "").matchAll(
        /<li>(?:<a href="([^"]+)"([^>]*)>|<span[^>]*>)([^<]+)<span[^>]*>\((\d+)\)<\/span>/g,
      ),
      ([, href, attributes = "", label = "", count = "0"]) => ({
        label,
        count: Number(count),
        href: href?.replaceAll("&amp;", "&"),
        current: attributes.includes('aria-current="page"'),
      }),
    ),
    results: items.map(([, kind = "", body = ""]) => ({
      kind,
      href: body.match(/<a href="([^"]+)"/)?.[1] ?? "",
      marks: marksIn(body),
      titleMarks: marksIn(body.match(/<h2[^>]*>(.*?)<\/h2>/s)?.[1] ?? ""),
    })),
  };
}

const marksIn = (html: string) =>
  Array.from(html.matchAll(/<mark[^>]*>([^<]*)<\/mark>/g), ([, text = ""]) => text);

/** The links of every result of a query, all pages. */
export async function allResults(request: APIRequestContext, lang: Lang, query: string) {
  const first = await resultsOf(request, searchPath(lang, query));
  expect(first.status, query).toBe(200);
  const count = Number(first.message.match(/(\d+)$/)?.[1] ?? 0);
  const hrefs = first.results.map((result) => result.href);
  for (let page = 2; page <= Math.ceil(count / 10); page++) {
    const next = await resultsOf(request, searchPath(lang, query, page));
    hrefs.push(...next.results.map((result) => result.href));
  }
  return hrefs;
}

export const searchPath = (lang: Lang, query: string, page?: number, kind?: string) =>
  `/${lang}/search?q=${encodeURIComponent(query)}${kind ? `&kind=${kind}` : ""}${page ? `&page=${page}` : ""}`;

/** Arabic as people type it: bare alef, ha for ta marbuta, ya for alef maqsura, no marks. */
export const plainArabic = (word: string) =>
  word
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/[\u064B-\u065F\u0670\u0640]/g, "");
