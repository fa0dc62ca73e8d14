/**
 * Security headers on the production test server: a Content-Security-Policy that allows the
 * page's own inline scripts by hash (none by `unsafe-inline`), the fixed headers on every
 * answer, and pages that run under the policy without a single violation, in both languages.
 */
import { createHash } from "node:crypto";
import { languages } from "./support/content.ts";
import { E2E_PORT } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

const site = `http://127.0.0.1:${E2E_PORT}`;

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

test.describe("headers", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

  for (const path of ["/en", "/ar/news", "/en/contactUs", "/ar/no-such-page"]) {
    test(`${path}: the policy allows exactly the page's inline scripts`, async () => {
      const response = await fetch(site + path);
      const html = await response.text();
      const policy = directives(response.headers.get("content-security-policy") ?? "");
      const scripts = policy.get("script-src") ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, body = ""] of inline) {
        const hash = createHash("sha256").update(body).digest("base64");
        expect(scripts).toContain(`'sha256-${hash}'`);
      }
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("form-action")).toEqual(["'self'"]);
    });
  }

  test("a page served from the cache keeps the policy of its bytes", async () => {
    // Stale data is refreshed first (the page made from it is not kept), so ask until cached.
    await expect
      .poll(async () => (await fetch(`${site}/en/overview`)).headers.get("x-cache"))
      .toBe("HIT");
    const cached = await fetch(`${site}/en/overview`);
    const html = await cached.text();
    const policy = cached.headers.get("content-security-policy") ?? "";
    const first = html.match(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(policy).toContain(createHash("sha256").update(first).digest("base64"));
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
    await expect(page).toHaveURL(new RegExp(`/${lang}/news/\\d+`));
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
