/**
 * The metrics' labels stay few whatever visitors ask for: page kinds come from the page table,
 * never from the raw path. (The whole site's series are counted under 1,000 random addresses
 * in e2e/operations.spec.ts.)
 */
import { describe, expect, it } from "vitest";
import { enableMetrics, observeRequest } from "./metrics.server.ts";
import { pageKindOf } from "./page-kind.server.ts";

describe("pageKindOf", () => {
  it("names the page, not its address", () => {
    expect(pageKindOf("/en")).toBe("home");
    expect(pageKindOf("/ar/news/12")).toBe("newsItem");
    expect(pageKindOf("/EN/NEWS/99999")).toBe("newsItem");
    expect(pageKindOf("/en/CurrentProjects/3.data")).toBe("currentProject");
    expect(pageKindOf("/ar/news/feed.xml")).toBe("feed");
    expect(pageKindOf("/en/contactUs/send")).toBe("contact-send");
    expect(pageKindOf("/ar/search/suggest")).toBe("search-suggest");
    expect(pageKindOf("/EN/ourprofile/")).toBe("company-profile");
    expect(pageKindOf("/ar/Manifest.webmanifest")).toBe("manifest");
    expect(pageKindOf("/fr/news/feed.xml")).toBe("other");
    expect(pageKindOf("/img")).toBe("image");
    expect(pageKindOf("/og/en/news/3.png")).toBe("social-card");
    expect(pageKindOf("/assets/root-abc.js")).toBe("asset");
    expect(pageKindOf("/storage/x/y.jpg")).toBe("media");
    expect(pageKindOf("/sitemap/2.xml")).toBe("sitemap");
    expect(pageKindOf("/favicon.ico")).toBe("static");
    expect(pageKindOf("/readyz")).toBe("operations");
    expect(pageKindOf("/wp-login.php")).toBe("other");
    expect(pageKindOf("/en/no/such/page")).toBe("other");
  });

  it("keeps the request series bounded under random addresses", async () => {
    const { register } = await enableMetrics();
    const series = async () =>
      (await register.getSingleMetricAsString("http_requests_total"))
        .split("\n")
        .filter((line) => line.startsWith("http_requests_total{")).length;
    const random = () => Math.random().toString(36).slice(2);
    const shapes = [
      () => `/${random()}`,
      () => `/en/${random()}/${random()}`,
      () => `/ar/news/${random()}`,
      () => `/${random()}.php?x=${random()}`,
    ];
    for (const shape of shapes) observeRequest(shape(), 404, 0.01);
    const before = await series();
    for (let i = 0; i < 1_000; i++) observeRequest(shapes[i % shapes.length]?.() ?? "/", 404, 0.01);
    expect(await series()).toBe(before);
  });
});
