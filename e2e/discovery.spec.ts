/**
 * How browsers, launchers, screen readers and crawlers find their way: the icons and the web
 * app manifest of each language, linked from the raw server HTML; links that say where they
 * go (no bare "Read more"); and `noindex` on everything that is not content (404s, /soso, the
 * error screen). Width plays no part: desktop only.
 */
import fs from "node:fs";
import path from "node:path";
import { company, firstId, i18n, languages } from "./support/content.ts";
import { E2E_DOWN_URL, repoRoot } from "./support/env.ts";
import { type APIRequestContext, expect, test } from "./support/test.ts";
import { headTags } from "./support/text.ts";

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the same files and markup at every width");
});

const companyFile = JSON.parse(
  fs.readFileSync(path.join(repoRoot, "apps/web/company.json"), "utf8"),
) as { shortName: Record<string, string> };

/** Width and height of a PNG, from its IHDR chunk; undefined when the bytes are no PNG. */
function pngSize(bytes: Buffer) {
  const signature = "89504e470d0a1a0a";
  if (bytes.subarray(0, 8).toString("hex") !== signature) return undefined;
  if (bytes.subarray(12, 16).toString("latin1") !== "IHDR") return undefined;
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * Fetches an icon and checks it is the image it is said to be: its content type, and for a PNG
 * the stated size in its header; an SVG is an `<svg>` document.
 */
async function expectIcon(
  request: APIRequestContext,
  href: string,
  type: string,
  sizes: string | undefined,
) {
  const response = await request.get(href, { maxRedirects: 0 });
  expect(response.status(), href).toBe(200);
  expect(response.headers()["content-type"], href).toContain(type);
  const body = await response.body();
  if (type === "image/png") {
    expect(pngSize(body), href).toBe(sizes);
  } else if (type === "image/svg+xml") {
    expect(body.toString("utf8"), href).toMatch(/^<svg[\s>][\s\S]*<\/svg>\s*$/);
  }
}

const rawHead = async (request: APIRequestContext, url: string) =>
  headTags(await (await request.get(url)).text());

test("every icon the raw HTML links answers 200 with the image type and size it states", async ({
  request,
}) => {
  for (const url of ["/en", "/ar/news"]) {
    const { links, meta } = await rawHead(request, url);
    expect(meta["theme-color"], url).toEqual([expect.stringMatching(/^#[0-9a-f]{6}$/i)]);
    const icons = links.filter((link) => /^(icon|apple-touch-icon)$/.test(link.rel ?? ""));
    // The SVG, a 32-pixel PNG and the 180-pixel apple-touch-icon at least.
    expect(icons.map(({ rel, type, sizes }) => `${rel} ${type ?? ""} ${sizes ?? ""}`)).toEqual(
      expect.arrayContaining([
        "icon image/svg+xml ",
        "icon image/png 32x32",
        expect.stringMatching(/^apple-touch-icon (image\/png)? ?180x180$/),
      ]),
    );
    for (const icon of icons) {
      const type = icon.type ?? "image/png"; // apple-touch-icon is a PNG by definition
      await expectIcon(request, icon.href ?? "", type, icon.sizes);
    }
  }
  // Browsers and crawlers ask for these without a link.
  await expectIcon(request, "/favicon.ico", "image/", undefined);
  await expectIcon(request, "/apple-touch-icon.png", "image/png", "180x180");
});

for (const lang of languages) {
  test(`the manifest of the ${lang} pages names the company in ${lang}, with its direction and icons`, async ({
    request,
    page,
  }) => {
    const manifestPath = `/${lang}/manifest.webmanifest`;
    for (const url of [`/${lang}`, `/${lang}/news`, `/${lang}/no-such-page`]) {
      const { links } = await rawHead(request, url);
      expect(
        links.filter((link) => link.rel === "manifest").map((link) => link.href),
        url,
      ).toEqual([manifestPath]);
    }
    const response = await request.get(manifestPath);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    const { meta } = await rawHead(request, `/${lang}`);
    expect(manifest).toMatchObject({
      name: company(lang).name,
      short_name: companyFile.shortName[lang],
      lang,
      dir: lang === "ar" ? "rtl" : "ltr",
      start_url: `/${lang}`,
      scope: `/${lang}`,
      display: "standalone",
      theme_color: meta["theme-color"]?.[0],
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    const icons = manifest.icons as {
      src: string;
      sizes: string;
      type: string;
      purpose?: string;
    }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const icon of icons) {
      await expectIcon(request, icon.src, icon.type, icon.sizes === "any" ? undefined : icon.sizes);
    }

    // Chromium reads it from the page without complaint.
    await page.goto(`/${lang}`);
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string }[];
    };
    expect(read.url).toMatch(new RegExp(`${manifestPath}$`));
    expect(read.errors).toEqual([]);
  });
}

test("a language's file (manifest, feed, profile) in another spelling or language goes to the file of that language, or English, as pages do", async ({
  request,
}) => {
  const redirected = async (url: string) => {
    const answer = await request.get(url, { maxRedirects: 0 });
    expect(answer.status(), url).toBe(301);
    // Built from the page table alone: as lasting as the pages' own (shell.spec.ts).
    expect(answer.headers()["cache-control"], url).toBe("public, max-age=3600");
    return answer.headers().location;
  };
  for (const file of ["manifest.webmanifest", "news/feed.xml", "ourProfile"]) {
    expect(await redirected(`/AR/${file}`)).toBe(`/ar/${file}`);
    expect(await redirected(`/En/${file}`)).toBe(`/en/${file}`);
    expect(await redirected(`/fr/${file}`)).toBe(`/en/${file}`);
  }
});

/** Link texts that say nothing of where the link goes (Lighthouse's `link-text` and ours). */
const genericPhrases = new Set(
  [
    ...["click here", "click this", "go", "here", "information", "learn more", "more"],
    ...["more info", "more information", "right here", "read more", "see more", "start"],
    ...["this", "see all", "view more", "view all", "details", "link"],
    ...["المزيد", "اقرأ المزيد", "اعرف المزيد", "شاهد المزيد", "عرض المزيد", "هنا"],
    ...["اضغط هنا", "انقر هنا", "التفاصيل", "عرض الكل"],
    ...languages.flatMap((lang) => [i18n[lang]["common.seeMore"], i18n[lang]["common.readMore"]]),
  ].map((phrase) => phrase.toLowerCase()),
);

for (const lang of languages) {
  test(`no link on the main ${lang} pages is named only by a generic phrase`, async ({ page }) => {
    test.setTimeout(120_000); // seven whole pages, each read three ways
    const [project, newsItem, service] = await Promise.all([
      firstId("/api/Completed-projects", lang),
      firstId("/api/news", lang),
      firstId("/api/services", lang),
    ]);
    const paths = ["", "/news", "/projects", "/services", `/projects/${project}`];
    paths.push(`/news/${newsItem}`, `/services/${service}`);
    const linkPattern = new RegExp(`^\\s*(${[...genericPhrases].join("|")})\\s*$`, "i");
    for (const url of paths.map((rest) => `/${lang}${rest}`)) {
      await page.goto(url);
      // What crawlers read (all text, hidden or not), what Lighthouse reads (the rendered
      // text), and what a screen reader says (the accessible name).
      const links = await page.locator("a[href]").evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          href: anchor.getAttribute("href"),
          names: [
            anchor.textContent ?? "",
            // biome-ignore lint/performance/useDomNodeTextContent: Lighthouse reads innerText
            (anchor as HTMLElement).innerText,
            anchor.getAttribute("aria-label") ?? "",
          ],
        })),
      );
      expect(links.length, url).toBeGreaterThan(10);
      const normal = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
      const bare = links.filter(({ names }) =>
        names.some((name) => genericPhrases.has(normal(name))),
      );
      expect(bare, url).toEqual([]);
      const named = page.getByRole("link", { name: linkPattern, includeHidden: true });
      expect(await named.count(), url).toBe(0);
    }
  });
}

/** Whether a raw answer tells search engines not to index it (meta tag or header). */
async function noindexOf(request: APIRequestContext, url: string, base = "") {
  const response = await request.get(base + url, { maxRedirects: 0 });
  const { meta } = headTags(await response.text());
  return {
    status: response.status(),
    meta: (meta.robots ?? []).some((content) => /\bnoindex\b/.test(content)),
    header: /\bnoindex\b/.test(response.headers()["x-robots-tag"] ?? ""),
  };
}

test("unknown and removed content answers 404 with noindex; /soso is noindex; content is not", async ({
  request,
}) => {
  const notFound = { status: 404, meta: true, header: false };
  for (const lang of languages) {
    const unknown = ["/no-such-page", "/news/no/such", "/news/99999999", "/projects/99999999"];
    unknown.push("/CurrentProjects/99999999", "/services/99999999", "/otherPages/99999999");
    unknown.push("/news/not-an-id");
    for (const rest of unknown) {
      expect(await noindexOf(request, `/${lang}${rest}`), `/${lang}${rest}`).toEqual(notFound);
    }
    expect(await noindexOf(request, `/${lang}/soso`)).toEqual({
      status: 200,
      meta: true,
      header: true,
    });
    // The check above is not true of every page.
    for (const rest of ["", "/news", `/news/${await firstId("/api/news", lang)}`]) {
      expect(await noindexOf(request, `/${lang}${rest}`), `/${lang}${rest}`).toEqual({
        status: 200,
        meta: false,
        header: false,
      });
    }
  }
  // An error of the server itself (a malformed address) has the same tag on its own page.
  expect((await noindexOf(request, "/en/news/%")).meta).toBe(true);
});

test("the error screen of a site whose API is down is noindex", async ({ request }) => {
  for (const lang of languages) {
    for (const rest of ["", "/news", "/projects/1"]) {
      const url = `/${lang}${rest}`;
      const answer = await noindexOf(request, url, E2E_DOWN_URL);
      expect(answer.status, url).toBe(503);
      expect(answer.meta, url).toBe(true);
    }
    expect((await noindexOf(request, `/${lang}/no-such-page`, E2E_DOWN_URL)).meta).toBe(true);
  }
});
