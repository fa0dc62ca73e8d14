/**
 * The full-page cache, over HTTP against a production site and a reference API of its own
 * (data fresh for 3 s): pages rendered once then served from memory, ETags and 304s, headers
 * for CDNs, one body in every encoding, what is never shared, pages that follow the data, the
 * purge webhook and the health endpoints.
 */
import http from "node:http";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type Lang, languages } from "./support/content.ts";
import { E2E_DOWN_URL } from "./support/env.ts";
import { editNews, type SiteWithApi, startSiteWithApi } from "./support/site.ts";
import { expect, test } from "./support/test.ts";

const TTL_MS = 3_000;
const SECRET = "a-test-secret-of-some-length";

// No browser involved, so one width is enough.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));
test.describe.configure({ mode: "serial" });

let servers: SiteWithApi;
test.beforeAll(async () => {
  servers = await startSiteWithApi({}, { CACHE_TTL_MS: String(TTL_MS), PURGE_SECRET: SECRET });
});
test.afterAll(async () => servers?.stop());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET (or HEAD) with exactly these headers; the body as sent, not decoded. */
function get(
  pathname: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
  on: SiteWithApi = servers,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${on.site.url}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The first news story of the API, in both languages. */
function firstNews(on: SiteWithApi = servers): { id: number; title: Record<Lang, string> } {
  const db = new DatabaseSync(path.join(on.dir, "content.sqlite"), { readOnly: true });
  const row = db
    .prepare("SELECT id, title_en, title_ar FROM news ORDER BY created_at DESC, id DESC LIMIT 1")
    .get() as { id: number; title_en: string; title_ar: string };
  db.close();
  return { id: row.id, title: { en: row.title_en, ar: row.title_ar } };
}

test("a page is rendered once, then served from memory with its ETag and CDN headers", async () => {
  const first = await get("/en/news");
  const second = await get("/en/news");
  expect(first.status).toBe(200);
  expect(first.headers["x-cache"]).toBe("MISS");
  expect(second.headers["x-cache"]).toBe("HIT");
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.body.equals(first.body)).toBe(true);
  const control = String(second.headers["cache-control"]);
  expect(control).toMatch(/^public, max-age=0, must-revalidate, /);
  const shared = Number(control.match(/s-maxage=(\d+)/)?.[1]);
  expect(shared).toBeGreaterThanOrEqual(0);
  expect(shared).toBeLessThanOrEqual(TTL_MS / 1000);
  expect(control).toContain(`stale-while-revalidate=${shared}`);
  expect(control).toMatch(/stale-if-error=\d+/);
});

test("a browser that has the page gets 304 with no body", async () => {
  const page = await get("/ar/news");
  const again = await get("/ar/news", { "If-None-Match": String(page.headers.etag) });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  // Weak, as one tag names the page in every encoding; compared weakly, as a cache that
  // dropped the `W/` still matches.
  expect(String(page.headers.etag)).toMatch(/^W\/"/);
  const bare = String(page.headers.etag).replace(/^W\//, "");
  expect((await get("/ar/news", { "If-None-Match": `"x", ${bare}` })).status).toBe(304);
  const other = await get("/ar/news", { "If-None-Match": '"something-else"' });
  expect(other.status).toBe(200);
});

test("the same page in Brotli, gzip or plain, and HEAD without a body", async () => {
  const plain = await get("/en/overview", { "Accept-Encoding": "identity" });
  const br = await get("/en/overview", { "Accept-Encoding": "gzip, br" });
  const gzip = await get("/en/overview", { "Accept-Encoding": "gzip" });
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(br.headers["content-encoding"]).toBe("br");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  expect(br.headers.vary).toContain("Accept-Encoding");
  expect(Number(br.headers["content-length"])).toBe(br.body.length);
  const head = await get("/en/overview", { "Accept-Encoding": "identity" }, "HEAD");
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(Number(head.headers["content-length"])).toBe(plain.body.length);
});

/** Empties the site's caches through the webhook. */
const purgeAll = () =>
  get(
    "/purge",
    { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
    "POST",
    "{}",
  );

test("a hit answered by the HTTP server carries what the app's answer carries, in both languages", async () => {
  // Varying by request or by the second: the id, the date, the entry's remaining freshness.
  const varying = new Set([
    "x-request-id",
    "date",
    "x-cache",
    "cache-control",
    "connection",
    "keep-alive",
  ]);
  const lasting = (headers: http.IncomingHttpHeaders) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !varying.has(name)));
  for (const lang of languages) {
    const pathname = `/${lang}/HSE`;
    await purgeAll();
    const miss = await get(pathname, { "Accept-Encoding": "gzip", "X-Request-Id": "abc-123" });
    const hit = await get(pathname, { "Accept-Encoding": "gzip", "X-Request-Id": "abc-124" });
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    expect(lasting(hit.headers)).toEqual(lasting(miss.headers));
    // The charset in the header too, not only in the page's <meta>: for clients that read no HTML.
    expect(hit.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(hit.body.equals(miss.body)).toBe(true);
    expect([miss.headers["x-request-id"], hit.headers["x-request-id"]]).toEqual([
      "abc-123",
      "abc-124",
    ]);
    expect(String(hit.headers["cache-control"])).toMatch(
      /^public, max-age=0, must-revalidate, s-maxage=\d+/,
    );
    // A Host the app must check still goes through it: refused, not served from memory.
    expect((await get(pathname, { Host: "example.com:99999" })).status).toBe(400);
  }
});

test("search results are shared like lists, under their normalised query; a purge drops them", async () => {
  for (const lang of languages) {
    const word = lang === "en" ? "project" : "مشروع";
    const plain = `/${lang}/search?q=${encodeURIComponent(word)}`;
    // The first search may find the index still being prepared (503, never kept).
    await expect.poll(async () => (await get(plain)).status, { timeout: 15_000 }).toBe(200);
    const again = await get(`/${lang}/search?q=${encodeURIComponent(`  ${word}  `)}&utm_source=x`);
    expect([again.status, again.headers["x-cache"]]).toEqual([200, "HIT"]);
    expect(String(again.headers["cache-control"])).toMatch(/^public, .*s-maxage=\d+/);
    await purgeAll();
    expect((await get(plain)).headers["x-cache"]).toBe("MISS");
  }
});

test("the contact page is never shared, and is still sent compressed in the encoding asked for", async () => {
  for (const pathname of ["/en/contactUs", "/ar/contactUs"]) {
    await get(pathname);
    const again = await get(pathname);
    expect(again.status).toBe(200);
    expect(again.headers["x-cache"], pathname).toBeUndefined();
  }
  const contact = await get("/en/contactUs");
  expect(String(contact.headers["cache-control"])).toContain("no-store");
  // Still sent compressed in the encoding asked for, with its length, and whole.
  for (const [asked, encoding, decode] of [
    ["gzip, br", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
  ] as const) {
    const answer = await get("/ar/contactUs", { "Accept-Encoding": asked });
    expect(answer.headers["content-encoding"]).toBe(encoding);
    expect(answer.headers.vary).toContain("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    const html = decode(answer.body).toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
    expect(html).toMatch(/<\/html>$/);
  }
  // Neither Brotli nor gzip: sent as it is (no compression stream opened for it either).
  for (const asked of ["identity", "deflate"]) {
    const plain = await get("/ar/contactUs", { "Accept-Encoding": asked });
    expect(plain.headers["content-encoding"], asked).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString("utf8")).toMatch(/<\/html>$/);
  }
});

test("parameters pages do not read share the page's one entry; other spellings redirect to it", async () => {
  await get("/en/news?page=2");
  const plain = await get("/en/news?page=2");
  expect(plain.headers["x-cache"]).toBe("HIT");
  for (const pathname of [
    "/en/NEWS/?page=2",
    "/en/%6Eews?page=2&utm_source=x",
    "/EN/news?page=2",
  ]) {
    const answer = await get(pathname);
    expect(answer.status, pathname).toBe(301);
    expect(answer.headers.location, pathname).toBe("/en/news?page=2");
  }
  for (const pathname of [
    "/en/news?page=2&utm_source=mail",
    "/en/news?fbclid=abc&page=2",
    "/en/news?page=2&page=3",
    "/en/news?page=2&q=unread",
  ]) {
    const answer = await get(pathname);
    expect(answer.status, pathname).toBe(200);
    expect(answer.headers["x-cache"], pathname).toBe("HIT");
    // The very page of the plain address: nothing of the other spelling is echoed.
    expect(answer.body.equals(plain.body), pathname).toBe(true);
  }
});

test("client-side navigation data is cached like pages, but not per subset of routes", async () => {
  const url = "/en/news.data";
  await get(url);
  const again = await get(url);
  expect(again.status).toBe(200);
  expect(again.headers["x-cache"]).toBe("HIT");
  // `_routes` names any subset of the routes: answered, never kept (one entry per subset).
  for (let i = 0; i < 2; i++) {
    const some = await get("/en/news.data?_routes=news");
    expect(some.status).toBe(200);
    expect(some.headers["x-cache"]).toBeUndefined();
  }
});

test("a changed story shows once its data expires, in both languages", async () => {
  const before = firstNews();
  for (const lang of languages) {
    const page = await get(`/${lang}/news/${before.id}`);
    expect(page.body.toString()).toContain(before.title[lang]);
  }
  const changed = { en: `Updated ${Date.now()}`, ar: `خبر محدث ${Date.now()}` };
  editNews(servers, before.id, { title_en: changed.en, title_ar: changed.ar });
  for (const lang of languages) {
    // Served from memory: the old title until the data the page was made from expires.
    const cached = await get(`/${lang}/news/${before.id}`);
    expect(cached.headers["x-cache"]).toBe("HIT");
    expect(cached.body.toString()).toContain(before.title[lang]);
  }
  for (const lang of languages) {
    await expect
      .poll(async () => (await get(`/${lang}/news/${before.id}`)).body.toString(), {
        timeout: TTL_MS * 3,
      })
      .toContain(changed[lang]);
  }
});

test.describe("the purge webhook (data fresh for 5 minutes)", () => {
  let fresh: SiteWithApi;
  test.beforeAll(async () => {
    fresh = await startSiteWithApi({}, { PURGE_SECRET: SECRET });
  });
  test.afterAll(async () => fresh?.stop());

  const at = (
    pathname: string,
    headers: Record<string, string> = {},
    method?: string,
    body?: string,
  ) => get(pathname, headers, method, body, fresh);

  /** Sends the purge webhook with `secret` (and `paths`, if given). */
  const purge = (secret: string, paths?: string[]) =>
    at(
      "/purge",
      { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      "POST",
      JSON.stringify(paths ? { paths } : {}),
    );

  test("it needs the secret, and purges one page or all", async () => {
    await at("/en/news");
    await at("/ar/news");
    expect((await at("/en/news")).headers["x-cache"]).toBe("HIT");

    for (const secret of ["wrong-secret-of-some-length", ""]) {
      expect((await purge(secret)).status).toBe(401);
    }
    expect((await at("/en/news")).headers["x-cache"]).toBe("HIT");
    expect((await at("/purge")).status).toBe(405);
    // A body it cannot read or did not expect purges nothing (never "all").
    for (const [type, body, status] of [
      ["application/json", '{"paths":"/en"}', 400],
      ["application/json", '{"path":["/en/news"]}', 400],
      ["application/json", '["/en/news"]', 400],
      ["application/x-www-form-urlencoded", '{"paths":["/en/news"]}', 415],
      ["text/plain", "paths=/en/news", 415],
    ] as const) {
      const bad = await at(
        "/purge",
        { Authorization: `Bearer ${SECRET}`, "Content-Type": type },
        "POST",
        body,
      );
      expect(bad.status, `${type} ${body}`).toBe(status);
    }
    expect((await at("/en/news")).headers["x-cache"]).toBe("HIT");
    expect((await at("/ar/news")).headers["x-cache"]).toBe("HIT");

    expect((await purge(SECRET, ["/en/news"])).status).toBe(200);
    expect((await at("/en/news")).headers["x-cache"]).toBe("MISS");
    expect((await at("/ar/news")).headers["x-cache"]).toBe("HIT");

    expect((await purge(SECRET)).status).toBe(200);
    expect((await at("/ar/news")).headers["x-cache"]).toBe("MISS");
  });

  test("after a purge of its page, an edited story shows at once, in both languages", async () => {
    const story = firstNews(fresh);
    for (const lang of languages) await at(`/${lang}/news/${story.id}`);
    const changed = { en: `Purged ${Date.now()}`, ar: `خبر بعد الحذف ${Date.now()}` };
    editNews(fresh, story.id, { title_en: changed.en, title_ar: changed.ar });
    for (const lang of languages) {
      // Without a purge the page stays as it was (its data is fresh for minutes)...
      expect((await at(`/${lang}/news/${story.id}`)).body.toString()).toContain(story.title[lang]);
    }
    const pages = languages.map((lang) => `/${lang}/news/${story.id}`);
    expect((await purge(SECRET, pages)).status).toBe(200);
    for (const lang of languages) {
      // ...and right after it, it shows the change.
      expect((await at(`/${lang}/news/${story.id}`)).body.toString()).toContain(changed[lang]);
    }
  });
});

test("content and queries that look like markup stay text: in the pages, and in the data an island reads", async ({
  page,
}) => {
  const story = firstNews();
  const hostile =
    '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
  editNews(servers, story.id, { title_en: `Tower ${hostile}`, description_en: hostile });
  // Fresh data: after the data expires each page is made again from the changed record.
  for (const address of [`/en/news/${story.id}`, "/en/news", "/en"]) {
    await expect
      .poll(async () => (await get(address)).body.toString(), { timeout: TTL_MS * 3 })
      .toContain("Tower ");
  }
  const search = `/en/search?q=${encodeURIComponent(hostile)}`;
  // The story's page, the list and the home page show it; the search form's island carries
  // the query in its props.
  expect((await get(search)).body.toString()).toContain('"query":"\\u003c/script>');
  for (const address of [`/en/news/${story.id}`, "/en/news", "/en", search]) {
    await page.goto(`${servers.site.url}${address}`);
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() => (window as { __pwned?: number }).__pwned),
      address,
    ).toBeUndefined();
    if (address === search) {
      await expect(page.getByRole("main").getByRole("searchbox")).toHaveValue(hostile);
    } else {
      await expect(page.getByText(`Tower ${hostile}`).first(), address).toBeVisible();
    }
  }
  await page.goto(`${servers.site.url}/en/news/${story.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("</script><script>");
});

test("health: /healthz says the process lives, /readyz says the content API is down but stays 200, as pages are still served", async () => {
  const health = await get("/healthz");
  expect(health.status).toBe(200);
  expect(health.headers["cache-control"]).toBe("no-store");
  const before = await get("/readyz");
  expect([before.status, before.body.toString()]).toEqual([200, "ready"]);
  expect((await get("/en/overview")).status).toBe(200);
  expect((await get("/en")).status).toBe(200);
  await servers.api.close();
  // Once the last answer is older than the data's freshness, readiness asks the API again.
  await new Promise((resolve) => setTimeout(resolve, TTL_MS + 200));
  const ready = await get("/readyz");
  // Not 503: a load balancer would take every instance out (the API is theirs too), and
  // answer with its own error page what this one still serves.
  expect(ready.status).toBe(200);
  expect(ready.body.toString()).toMatch(/^ready, degraded: content API not answering/);
  expect((await get("/en/overview")).status).toBe(200);
  expect((await get("/healthz")).status).toBe(200);
  // A site that has never had an answer, and keeps none (the run's site whose API is down):
  // nothing to serve, out of service.
  const down = await fetch(`${E2E_DOWN_URL}/readyz`);
  expect([down.status, await down.text()]).toEqual([
    503,
    "content API not answering, and nothing kept to serve",
  ]);
});
