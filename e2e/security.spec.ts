/**
 * Security headers on the production test server: a Content-Security-Policy that allows the
 * site's own inline script by hash (none by `unsafe-inline`), the same on every page of a
 * language, checked against the scripts the browser finds in the real document; the fixed
 * headers on every answer; pages that run under the policy without a single violation, in both
 * languages; and content that tries to close the JSON-LD script, which stays data.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ContentApi, startContentApi } from "@site/content-api";
import { languages } from "./support/content.ts";
import { E2E_PORT, repoRoot } from "./support/env.ts";
import { type RunningSite, startSite } from "./support/site.ts";
import { expect, type Page, test } from "./support/test.ts";

const site = `http://127.0.0.1:${E2E_PORT}`;

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

/**
 * What the browser treats as script, from the parsed document: inline classic and module
 * scripts, and speculation rules (Chromium holds them to `script-src` too).
 */
const inlineScriptsOf = (page: Page) =>
  page.evaluate(() =>
    [...document.scripts]
      .filter((script) => !script.src)
      .filter((script) =>
        ["", "text/javascript", "module", "speculationrules"].includes(script.type.toLowerCase()),
      )
      .map((script) => script.textContent ?? ""),
  );

const hashOf = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

test.describe("the page policy", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "one width"));

  for (const lang of languages) {
    test(`/${lang}: every inline script of the real document is allowed, and the policy is the same on every page`, async ({
      page,
    }) => {
      const paths = [`/${lang}`, `/${lang}/news`, `/${lang}/contactUs`, `/${lang}/no-such-page`];
      const policies = new Set<string>();
      for (const path of paths) {
        const response = await page.goto(path);
        const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
        policies.add(policy);
        const scripts = directives(policy).get("script-src") ?? [];
        expect(scripts).toContain("'self'");
        expect(scripts).not.toContain("'unsafe-inline'");
        expect(scripts).not.toContain("'unsafe-eval'");
        const inline = await inlineScriptsOf(page);
        // The page script is on every page: an empty list would check nothing.
        expect(inline.length, path).toBeGreaterThan(0);
        for (const body of inline) expect(scripts, path).toContain(hashOf(body));
        expect(directives(policy).get("object-src")).toEqual(["'none'"]);
        expect(directives(policy).get("base-uri")).toEqual(["'self'"]);
        expect(directives(policy).get("frame-ancestors")).toEqual(["'none'"]);
        expect(directives(policy).get("form-action")).toEqual(["'self'"]);
      }
      expect([...policies]).toHaveLength(1);
    });
  }
});

test.describe("headers", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

  test("a page served from the cache has the policy of its language", async () => {
    // Stale data is refreshed first (the page made from it is not kept), so ask until cached.
    await expect
      .poll(async () => (await fetch(`${site}/en/overview`)).headers.get("x-cache"))
      .toBe("HIT");
    const cached = await fetch(`${site}/en/overview`);
    const fresh = await fetch(`${site}/en/no-such-page`);
    expect(cached.headers.get("content-security-policy")).toBe(
      fresh.headers.get("content-security-policy"),
    );
  });

  test("every answer carries the fixed headers, and none names the server's software", async () => {
    for (const path of ["/en", "/robots.txt", "/favicon.svg", "/healthz", "/en/no-such-page"]) {
      const response = await fetch(site + path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(response.headers.get("x-powered-by"), path).toBeNull();
      // Plain HTTP here: HSTS is only sent over HTTPS.
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });
});

for (const lang of languages) {
  test(`/${lang}: pages run under the policy without a violation`, async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto(`/${lang}`);
    await page.goto(`/${lang}/news`);
    // Client-side navigation works, so the scripts ran.
    await page.locator(`main a[href^="/${lang}/news/"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/news/[^/]+$`));
    await page.goto(`/${lang}/contactUs`);
    expect(violations).toEqual([]);
  });
}

test.describe("cross-site form posts", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

  const post = (headers: Record<string, string>) =>
    fetch(`${site}/en/contactUs`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "name=Sara&email=sara%40example.com&message=Hello",
      redirect: "manual",
    });

  test("a post from another site is refused with 403 and stores nothing", async () => {
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  test("posts from the site itself, or from its public address behind a proxy, go through", async () => {
    expect((await post({ Origin: site })).status).not.toBe(403);
    // SITE_URL of the test server: what the page's origin is behind a TLS proxy.
    expect((await post({ Origin: "https://www.arkan-contracting.example" })).status).not.toBe(403);
    expect((await post({ "Sec-Fetch-Site": "same-origin" })).status).not.toBe(403);
  });
});

test.describe("content that tries to close the JSON-LD script", () => {
  test.describe.configure({ mode: "default" });
  let seedDir = "";
  let api: ContentApi | undefined;
  let hostile: RunningSite | undefined;
  /** The story given the hostile title. */
  let storyId = "";
  // Raw, and as entities that the site decodes into text (where `<` must then be escaped).
  const title =
    "</script><script>window.__pwned=1</script> &lt;/script&gt;&lt;script&gt;window.__pwned=2&lt;/script&gt;";
  const decoded = "</script><script>window.__pwned=2</script>";

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one width");
    seedDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-hostile-seed-"));
    const demoSeed = path.join(repoRoot, "apps/content-api/seed");
    for (const file of fs.readdirSync(demoSeed)) {
      if (file.endsWith(".json"))
        fs.copyFileSync(path.join(demoSeed, file), path.join(seedDir, file));
    }
    const newsFile = path.join(seedDir, "news.json");
    const news = JSON.parse(fs.readFileSync(newsFile, "utf8"));
    news[0].title = { en: title, ar: title };
    storyId = String(news[0].id);
    fs.writeFileSync(newsFile, JSON.stringify(news));
    api = await startContentApi({
      host: "127.0.0.1",
      databasePath: path.join(seedDir, "content.sqlite"),
      storageDir: path.join(seedDir, "storage"),
      seedDir,
    });
    hostile = await startSite({
      API_BASE_URL: api.url,
      OUTBOX_DATABASE_PATH: path.join(seedDir, "outbox.sqlite"),
      IMAGE_CACHE_DIR: path.join(seedDir, "images"),
    });
  });

  test.afterAll(async () => {
    await hostile?.stop();
    await api?.close();
    if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
  });

  for (const lang of languages) {
    test(`/${lang}: the title stays data, escaped, and runs nothing`, async ({ page }) => {
      const html = await (await fetch(`${hostile?.url}/${lang}/news/${storyId}`)).text();
      const ldJson = [
        ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
      ];
      expect(ldJson.length).toBeGreaterThan(0);
      for (const [, body = ""] of ldJson) {
        expect(body).not.toContain("<");
        JSON.parse(body);
      }
      expect(ldJson.some(([, body = ""]) => body.includes("\\u003c/script\\u003e"))).toBe(true);
      expect(html).not.toContain("<script>window.__pwned");
      await page.goto(`${hostile?.url}/${lang}/news/${storyId}`);
      expect(await page.evaluate(() => "__pwned" in window)).toBe(false);
      const graph = await page.evaluate(() =>
        [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
          JSON.parse(script.textContent ?? ""),
        ),
      );
      expect(JSON.stringify(graph)).toContain(JSON.stringify(decoded).slice(1, -1));
    });
  }
});
