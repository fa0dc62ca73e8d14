/**
 * Social cards as crawlers see them: in the raw server HTML (no JavaScript), every page names
 * an absolute `og:image` of 1200×630 with its type, and the image behind that address is
 * exactly that: the crop of the page's own image (JPEG), or, for a page whose data has no
 * image, the card the site draws (PNG) with the title in the page's language. Checked in both
 * languages on the demo content and on a copy of it where one news story has no image and a
 * title that mixes Arabic and English.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { languages } from "./support/content.ts";
import { E2E_SITE_URL, repoRoot } from "./support/env.ts";
import { type SiteWithApi, startSiteWithApi } from "./support/site.ts";
import { type APIRequestContext, expect, test } from "./support/test.ts";
import { headTags } from "./support/text.ts";

test.beforeEach(() => {
  test.skip(
    test.info().project.name !== "desktop",
    "server HTML and images do not depend on the width",
  );
});

/** Width and height from a PNG's IHDR chunk or a JPEG's start-of-frame segment. */
function imageSize(body: Buffer): { format: string; width: number; height: number } {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    expect(body.toString("latin1", 12, 16)).toBe("IHDR");
    return { format: "png", width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
  }
  if (body[0] === 0xff && body[1] === 0xd8) {
    let at = 2;
    while (at + 9 < body.length && body[at] === 0xff) {
      const marker = body[at + 1] ?? 0;
      // SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return {
          format: "jpeg",
          height: body.readUInt16BE(at + 5),
          width: body.readUInt16BE(at + 7),
        };
      }
      at += 2 + body.readUInt16BE(at + 2);
    }
  }
  throw new Error(`not a PNG or JPEG: ${body.subarray(0, 16).toString("hex")}`);
}

/**
 * Reads a page's social tags from its raw HTML, fetches its og:image from `site` (the address
 * starts with SITE_URL, which the test server does not listen on), checks it is 1200×630 as
 * the tags say, and returns the tags and what the image answered.
 */
async function checkSocialImage(request: APIRequestContext, site: string, page: string) {
  const response = await request.get(`${site}${page}`);
  expect(response.status(), page).toBe(200);
  const { meta } = headTags(await response.text());
  const one = (key: string) => {
    expect(meta[key], `${page} ${key}`).toHaveLength(1);
    return meta[key]?.[0] ?? "";
  };
  const image = one("og:image");
  expect(image.startsWith(`${E2E_SITE_URL}/`), image).toBe(true);
  expect(one("twitter:image")).toBe(image);
  expect(one("twitter:card")).toBe("summary_large_image");
  expect([one("og:image:width"), one("og:image:height")]).toEqual(["1200", "630"]);
  expect(one("og:image:alt")).toBe(one("og:title"));
  const lang = page.split("/")[1];
  expect([one("og:locale"), one("og:locale:alternate")]).toEqual(
    lang === "ar" ? ["ar_SA", "en_US"] : ["en_US", "ar_SA"],
  );

  const fetched = await request.get(site + image.slice(E2E_SITE_URL.length), {
    headers: { Accept: "image/avif,image/webp,*/*" },
  });
  expect(fetched.status(), image).toBe(200);
  const body = await fetched.body();
  const size = imageSize(body);
  expect(size, image).toEqual({
    format: one("og:image:type").replace("image/", ""),
    width: 1200,
    height: 630,
  });
  expect(fetched.headers()["content-type"]).toBe(one("og:image:type"));
  return { image, title: one("og:title"), cacheControl: fetched.headers()["cache-control"] ?? "" };
}

test.describe("pages with an image of their own", () => {
  for (const lang of languages) {
    test(`/${lang}: og:image is the 1200×630 JPEG crop of the page's image`, async ({
      request,
      baseURL,
    }) => {
      for (const page of [`/${lang}`, `/${lang}/news`, `/${lang}/contactUs`]) {
        const { image } = await checkSocialImage(request, baseURL ?? "", page);
        expect(image, page).toMatch(/\/img\?src=%2Fstorage%2F[^&]+&fit=og&page=%2F(en|ar)/);
        // The crop's page is this one: if the image goes, crawlers get its drawn card.
        expect(new URL(image ?? "").searchParams.get("page"), page).toBe(page);
      }
    });
  }
});

test.describe("a page whose data has no image", () => {
  // One server start for both languages: the tests run in order in one worker.
  test.describe.configure({ mode: "default" });
  const titles = { en: "Arkan Tower opens in Riyadh", ar: "افتتاح برج Arkan Tower في الرياض" };
  let seedDir: string | undefined;
  let servers: SiteWithApi | undefined;
  let storyId = 0;

  test.beforeAll(async () => {
    if (test.info().project.name !== "desktop") return;
    seedDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-cards-seed-"));
    const demoSeed = path.join(repoRoot, "apps/content-api/seed");
    for (const file of fs.readdirSync(demoSeed).filter((name) => name.endsWith(".json"))) {
      fs.copyFileSync(path.join(demoSeed, file), path.join(seedDir, file));
    }
    // The first story loses its images and meta title, and gets a mixed-language title.
    const newsFile = path.join(seedDir, "news.json");
    const news = JSON.parse(fs.readFileSync(newsFile, "utf8")) as Record<string, unknown>[];
    const story = news[0] ?? {};
    storyId = Number(story.id);
    Object.assign(story, { title: titles, image: null, banner_image: null, meta_title: null });
    fs.writeFileSync(newsFile, JSON.stringify(news));
    servers = await startSiteWithApi({ seedDir }, { MEDIA_BASE_URL: "/", SITE_URL: E2E_SITE_URL });
  });

  test.afterAll(async () => {
    await servers?.stop();
    if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
  });

  for (const lang of languages) {
    test(`/${lang}: og:image is a drawn 1200×630 PNG card, cached at its address`, async ({
      request,
    }) => {
      if (!servers) throw new Error("the server is not running");
      const site = servers.site.url;
      const page = `/${lang}/news/${storyId}`;
      const card = await checkSocialImage(request, site, page);
      expect(card.title).toBe(titles[lang]);
      expect(card.image).toMatch(new RegExp(`/og/${lang}/news/${storyId}\\.png\\?v=\\w+$`));
      expect(card.cacheControl).toContain("max-age=604800");

      // Another language, another title: another card.
      const other = lang === "ar" ? "en" : "ar";
      const otherCard = await checkSocialImage(request, site, `/${other}/news/${storyId}`);
      expect(otherCard.image).not.toBe(card.image);
      // An address that is not a page's gets no card.
      const missing = await request.get(`${site}/og/${lang}/news/999999.png`);
      expect(missing.status()).toBe(404);
    });
  }
});
