/**
 * Purge by content (issue 34): two instances of the site on one Redis, reading one reference
 * API, with Debian's Varnish running deploy/varnish.vcl in front of them. An editor's change
 * (written into the API's database) is purged by naming the content (`{"api": [...]}`) at one
 * instance; every page made from it, in both languages, on the other instance and in Varnish,
 * shows the change on the next request, and pages made from other content stay cached.
 * No browser: plain HTTP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { ContentApi } from "@site/content-api";
import { freshGet } from "./support/fresh-get.ts";
import { freePort, startRedis, type TestRedis } from "./support/redis.ts";
import { editNews, type RunningSite, startApiIn, startSite } from "./support/site.ts";
import { startVarnish, type TestVarnish } from "./support/varnish.ts";

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "processes, not pages: one width is enough");

const secret = "purge-by-content-secret-0123456789";
const languages = ["en", "ar"] as const;

let dir = "";
let api: ContentApi | undefined;
let redis: TestRedis | undefined;
let varnish: TestVarnish | undefined;
let a: RunningSite | undefined;
let b: RunningSite | undefined;
/** The newest story: on its own page, the news list, the home page's strip and the feed. */
let story: { id: number; title: Record<(typeof languages)[number], string> };

const purge = async (site: RunningSite, body: unknown) => {
  const answer = await fetch(`${site.url}/purge`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.text()) as string };
};

/** `text` as the pages' HTML (and the feed's XML) writes it. */
const inMarkup = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

async function newestStory(lang: (typeof languages)[number]) {
  const answer = await fetch(`${api?.url}/api/news?page=1`, { headers: { lang } });
  const body = (await answer.json()) as { data: { data: { id: number; title: string }[] } };
  const first = body.data.data[0];
  if (!first) throw new Error("the demo content has no news");
  return first;
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-purge-content-"));
  api = await startApiIn(dir);
  redis = await startRedis();
  const varnishPort = await freePort();
  const instance = (n: number) =>
    startSite({
      API_BASE_URL: api?.url ?? "",
      REDIS_URL: redis?.url ?? "",
      PURGE_SECRET: secret,
      PURGE_HTTP_CACHES: `http://127.0.0.1:${varnishPort}`,
      OUTBOX_DATABASE_PATH: path.join(dir, `outbox-${n}.sqlite`),
      IMAGE_CACHE_DIR: path.join(dir, `images-${n}`),
      ACCESS_LOG: "false",
    });
  [a, b] = await Promise.all([instance(1), instance(2)]);
  varnish = await startVarnish([a.url, b.url], varnishPort);
  const [en, ar] = [await newestStory("en"), await newestStory("ar")];
  story = { id: en.id, title: { en: en.title, ar: ar.title } };
});

test.afterAll(async () => {
  await varnish?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("a page names the content it was made from (Surrogate-Key, xkey)", async () => {
  if (!b) throw new Error("not started");
  for (const lang of languages) {
    const page = await freshGet(`${b.url}/${lang}/news/${story.id}`);
    expect(page.status).toBe(200);
    const keys = String(page.headers["surrogate-key"]).split(" ");
    expect(keys[0]).toBe(`/${lang}/news/${story.id}`);
    expect(keys).toContain(`/api/news/${story.id}`);
    expect(keys).toContain("/api/footers");
    expect(page.headers.xkey).toBe(page.headers["surrogate-key"]);
    const list = await freshGet(`${b.url}/${lang}/news?page=1`);
    expect(String(list.headers["surrogate-key"]).split(" ")).toContain("/api/news");
  }
});

test("a purge naming no endpoint of the contract is refused", async () => {
  if (!a) throw new Error("not started");
  for (const body of [
    { api: ["/api/nothing"] },
    { api: "/api/news" },
    { api: ["/en/news"] },
    { api: ["/api/news"], paths: ["/en/news"] },
  ]) {
    const answer = await purge(a, body);
    expect(answer.status, JSON.stringify(body)).toBe(400);
  }
});

test("an edit purged by content at one instance shows on every page of the other that shows it, in both languages, at once", async () => {
  if (!a || !b) throw new Error("not started");
  const feeds = languages.map((lang) => `/${lang}/news/feed.xml`);
  const showing = languages.flatMap((lang) => [
    `/${lang}/news/${story.id}`,
    `/${lang}/news`,
    `/${lang}`,
    `/${lang}/news/${story.id}.data`,
  ]);
  const unrelated = ["/en/HSE", "/ar/equipment"];
  // Every page made on instance B (the purge goes to A), then served from B's page cache.
  for (const page of [...showing, ...feeds, ...unrelated, "/sitemap.xml"]) {
    expect((await freshGet(b.url + page)).status, page).toBe(200);
    expect((await freshGet(b.url + page)).cache, page).toBe("HIT");
  }
  const edited = { en: `Edited by the CMS ${Date.now()}`, ar: `عدّله المحرر ${Date.now()}` };
  editNews({ dir }, story.id, { title_en: edited.en, title_ar: edited.ar });
  expect((await freshGet(`${b.url}/ar/news/${story.id}`)).body).toContain(inMarkup(story.title.ar));

  const started = Date.now();
  const answer = await purge(a, { api: [`/api/news/${story.id}`, "/api/news?page=1"] });
  const answeredIn = Date.now() - started;
  expect(answer.status).toBe(200);
  // Answered once B said what it dropped, not at the one-second deadline for the others.
  expect(answeredIn).toBeLessThan(1_000);
  const purged = JSON.parse(answer.body) as { purged: string[]; keys: string[] };
  expect(purged.keys).toEqual(["/api/news", `/api/news/${story.id}`]);
  // B named what it dropped: every form of every page made from the story or the list.
  for (const page of [...showing, ...feeds, "/sitemap.xml"]) {
    expect(purged.purged, page).toContain(page);
  }
  for (const page of unrelated) expect(purged.purged).not.toContain(page);

  // The very next request of each page shows the edit (no waiting, no second try).
  for (const page of [...showing, ...feeds]) {
    const lang = page.startsWith("/ar") ? "ar" : "en";
    const next = await freshGet(b.url + page);
    expect(next.cache, page).toBe("MISS");
    expect(next.body, page).toContain(inMarkup(edited[lang]));
    expect(next.body, page).not.toContain(inMarkup(story.title[lang]));
  }
  console.log(
    `purge by content: answered in ${answeredIn} ms; the edit on all ${showing.length + feeds.length} pages ${Date.now() - started} ms after the purge was sent`,
  );
  for (const page of unrelated) expect((await freshGet(b.url + page)).cache, page).toBe("HIT");
  story.title = edited;
});

test.describe("Varnish in front (deploy/varnish.vcl)", () => {
  const shared = (page: string) => freshGet(`${varnish?.url}${page}`);

  test("a page is a hit; an edit purged by content at the site is a miss with the new text; an unrelated page stays a hit", async () => {
    if (!a) throw new Error("not started");
    const pages = languages.map((lang) => `/${lang}/news/${story.id}`);
    const unrelated = "/en/services";
    for (const page of [...pages, unrelated]) {
      await shared(page);
      const again = await shared(page);
      expect(again.status, page).toBe(200);
      expect(again.headers["x-shared-cache"], page).toBe("HIT");
      // The keys are for the cache, not for browsers.
      expect(again.headers.xkey, page).toBeUndefined();
    }
    const edited = {
      en: `Edited behind Varnish ${Date.now()}`,
      ar: `تعديل خلف الذاكرة ${Date.now()}`,
    };
    editNews({ dir }, story.id, { title_en: edited.en, title_ar: edited.ar });
    expect((await shared(pages[0] ?? "")).body).toContain(inMarkup(story.title.en));

    const answer = await purge(a, { api: [`/api/news/${story.id}`] });
    expect(answer.status).toBe(200);
    for (const [n, lang] of languages.entries()) {
      const next = await shared(pages[n] ?? "");
      expect(next.headers["x-shared-cache"], lang).toBe("MISS");
      expect(next.body, lang).toContain(inMarkup(edited[lang]));
      expect((await shared(pages[n] ?? "")).headers["x-shared-cache"], lang).toBe("HIT");
    }
    expect((await shared(unrelated)).headers["x-shared-cache"]).toBe("HIT");
  });

  test("a page is kept once whatever Host a client sends", async () => {
    const page = "/en/equipment";
    await shared(page);
    for (const host of ["a1.example", "a2.example"]) {
      const answer = await freshGet(`${varnish?.url}${page}`, { host });
      expect([host, answer.status, answer.headers["x-shared-cache"]]).toEqual([host, 200, "HIT"]);
    }
  });

  test("a purge by path reaches every form of that page in Varnish, and a purge of everything all", async () => {
    if (!a) throw new Error("not started");
    for (const page of ["/en/HSE", "/en/HSE.data", "/ar/HSE"]) {
      await shared(page);
      expect((await shared(page)).headers["x-shared-cache"], page).toBe("HIT");
    }
    expect((await purge(a, { paths: ["/en/hse/"] })).status).toBe(200);
    expect((await shared("/en/HSE")).headers["x-shared-cache"]).toBe("MISS");
    expect((await shared("/en/HSE.data")).headers["x-shared-cache"]).toBe("MISS");
    expect((await shared("/ar/HSE")).headers["x-shared-cache"]).toBe("HIT");
    expect((await purge(a, {})).status).toBe(200);
    expect((await shared("/ar/HSE")).headers["x-shared-cache"]).toBe("MISS");
  });
});
