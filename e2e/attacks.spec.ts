/**
 * What an attacker found (issue 30), each finding tried again against the production site and
 * the reference API, in both languages: an open redirect through the ids of every detail page,
 * the page cache flooded with junk paths and unread query strings, other spellings of a page,
 * the "sent too fast" check skipped by leaving the token out, requests without a usable Host,
 * `/img` reading the API's answers, and the smaller ones (the purge's order, GET of the form's
 * address, line breaks in single-line fields). The redirect bait and the flood paths are also
 * in the fuzz corpus (support/fuzz-probes.ts).
 */
import net from "node:net";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { i18n, languages } from "./support/content.ts";
import { type ProxiedSite, siteBehindProxy } from "./support/editing-proxy.ts";
import { E2E_API_PORT, E2E_PORT } from "./support/env.ts";
import { freshGet } from "./support/fresh-get.ts";
import { redirectBait } from "./support/fuzz-probes.ts";
import { type SiteWithApi, startSiteWithApi } from "./support/site.ts";
import { expect, test } from "./support/test.ts";

// No browser involved: HTTP only, so one width is enough.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "no browser"));

const site = `http://127.0.0.1:${E2E_PORT}`;
const get = (target: string, init: RequestInit = {}) =>
  fetch(site + target, { redirect: "manual", ...init });

test("no id of any detail page redirects off the site: the bait is a 404 in both languages (a 400 with a control character)", async () => {
  const bait = redirectBait();
  expect(bait.length).toBeGreaterThanOrEqual(20);
  for (const target of bait) {
    const response = await get(target);
    await response.body?.cancel();
    const location = response.headers.get("location");
    // Browsers resolve a Location with the URL parser used here.
    if (location) expect(new URL(location, site).origin, target).toBe(site);
    // A control character (a tab, a line break) in the path is refused before any page reads it.
    const control = /%(?:[01][0-9a-f]|7f)/i.test(target);
    expect(response.status, target).toBe(control ? 400 : 404);
  }
});

test("junk paths and error answers are never kept in the page cache", async () => {
  // Longer than any address of the site: refused before anything reads it.
  const long = await freshGet(`${site}/sitemap/${"a".repeat(15_000)}.xml`);
  expect([long.status, long.cache]).toEqual([414, "undefined"]);
  for (const lang of languages) {
    for (const target of [
      `/sitemap/${"a".repeat(3_000)}.xml`,
      `/${lang}/news/${"9".repeat(25)}`,
      `/${lang}/no-such-page-${"b".repeat(2_000)}`,
    ]) {
      for (let i = 0; i < 2; i++) {
        const answer = await freshGet(site + target);
        expect(answer.status, target.slice(0, 60)).toBe(404);
        expect(answer.cache, target.slice(0, 60)).toBe("undefined");
      }
    }
  }
});

test("query strings a page does not read never make entries: the real pages stay cached", async () => {
  for (const lang of languages) {
    const home = `/${lang}`;
    const overview = `/${lang}/overview`;
    await freshGet(site + home);
    await freshGet(site + overview);
    // 600 distinct query strings, as in the finding: every one is the home page's entry.
    for (let i = 0; i < 600; i += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, j) => freshGet(`${site}${home}?q=x${i + j}&page=${j}`)),
      );
      for (const answer of answers) expect(answer.cache).toBe("HIT");
    }
    expect((await freshGet(`${site}${overview}?page=7&utm_source=x`)).cache).toBe("HIT");
    expect((await freshGet(site + overview)).cache).toBe("HIT");
  }
});

test("another spelling of a page or of a file of the site redirects to its one address, which a page's tags name", async () => {
  for (const lang of languages) {
    for (const [spelled, address] of [
      [`/${lang}/%6Eews`, `/${lang}/news`],
      [`/${lang}/%6eews?page=2&utm_source=x`, `/${lang}/news?page=2`],
      [`/${lang.toUpperCase()}/news/`, `/${lang}/news`],
      [`/${lang}/currentprojects/`, `/${lang}/CurrentProjects`],
    ] as const) {
      const response = await get(spelled);
      await response.body?.cancel();
      expect(response.status, spelled).toBe(301);
      expect(response.headers.get("location"), spelled).toBe(address);
    }
    const html = await (await get(`/${lang}/news`)).text();
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/${lang}/news"`));
    expect(html).not.toMatch(/%6E/i);
  }
  // So does another spelling of one of the site's files: no copy of it answers.
  for (const [spelled, address] of [
    ["/robots.txt/", "/robots.txt"],
    ["/Sitemap.xml", "/sitemap.xml"],
    ["/ar/NEWS/feed.xml/", "/ar/news/feed.xml"],
    ["/EN/manifest.webmanifest", "/en/manifest.webmanifest"],
  ] as const) {
    const response = await get(spelled);
    await response.body?.cancel();
    expect([spelled, response.status, response.headers.get("location")]).toEqual([
      spelled,
      301,
      address,
    ]);
  }
});

test("a request with no Host, an empty one or a bad port is answered, never with a 500", async () => {
  const raw = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(E2E_PORT, "127.0.0.1", () => socket.write(`${head}\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("end", () => resolve(text.split("\r\n")[0] ?? ""));
      socket.on("error", reject);
    });
  for (const lang of languages) {
    expect(await raw(`GET /${lang} HTTP/1.0`)).toBe("HTTP/1.1 200 OK");
    expect(await raw(`GET /${lang}/news HTTP/1.0\r\nHost:`)).toBe("HTTP/1.1 200 OK");
    expect(await raw(`GET /${lang} HTTP/1.1\r\nHost: example.com:99999\r\nConnection: close`)).toBe(
      "HTTP/1.1 400 Bad Request",
    );
  }
});

test("/img reads media only, never another path on the API's origin", async () => {
  const api = `http://127.0.0.1:${E2E_API_PORT}`;
  for (const src of [`${api}/api/services`, `${api}/api/news?page=1`, `${api}/missing.jpg`]) {
    const response = await get(`/img?src=${encodeURIComponent(src)}&w=480`);
    expect(response.status, src).toBe(400);
    expect(await response.text()).toContain("canonical address of a content image");
  }
});

test("GET of the form's address is a 405 that names POST, in both languages", async () => {
  for (const lang of languages) {
    const response = await get(`/${lang}/contactUs/send`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  }
});

test.describe("the contact form's token and the purge, on servers of their own", () => {
  test.describe.configure({ mode: "serial" });
  const secret = "attacks-spec-purge-secret-0123456789";
  let servers: SiteWithApi | undefined;

  test.beforeAll(async () => {
    servers = await startSiteWithApi(
      {},
      {
        PURGE_SECRET: secret,
        CONTACT_MIN_FILL_MS: "0",
        CONTACT_RATE_LIMIT: "100",
        SEARCH_RATE_LIMIT: "6",
      },
    );
  });
  test.afterAll(async () => {
    await servers?.stop();
  });

  const post = (lang: string, fields: Record<string, string>) =>
    fetch(`${servers?.site.url}/${lang}/contactUs/send`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: servers?.site.url ?? "" },
    });
  /** The hidden fields of a freshly shown form. */
  const shownForm = async (lang: string) => {
    const html = await (await fetch(`${servers?.site.url}/${lang}/contactUs`)).text();
    const value = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]+)"`))?.[1];
    return { submission: value("submission") ?? "", shown: value("shown") ?? "" };
  };
  const message = (lang: string, tag: string) => ({
    name: lang === "ar" ? "سارة\r\nBcc: all@example.com" : "Sarah\r\nBcc: all@example.com",
    email: "sarah@example.com",
    subject: "Tender\nX-Injected: 1",
    message: `${tag} ${Date.now()}\nsecond line`,
  });
  /** Whether a held row's payload (JSON) carries `message`. */
  const holds = (row: Record<string, unknown>, text: string) =>
    String(row.payload).includes(JSON.stringify(text).slice(1, -1));
  const tables = () => {
    const dir = servers?.dir ?? "";
    const api = new DatabaseSync(path.join(dir, "content.sqlite"), { readOnly: true });
    const outbox = new DatabaseSync(path.join(dir, "outbox.sqlite"), { readOnly: true });
    try {
      return {
        stored: api.prepare("SELECT name, subject, message FROM contact_messages").all(),
        held: outbox.prepare("SELECT reason, payload FROM held").all(),
      };
    } finally {
      api.close();
      outbox.close();
    }
  };

  test("a post without a token is held, not delivered; a token sends one message", async () => {
    for (const lang of languages) {
      const untokened = message(lang, `no-token-${lang}`);
      const first = await post(lang, untokened);
      // The answer a bot gets is the one a person gets...
      expect(first.status).toBe(200);
      expect(((await first.json()) as { status: string }).status).toBe("sent");
      // ...but the message waits for a person instead of going out.
      const afterFirst = tables();
      expect(afterFirst.stored.some((row) => row.message === untokened.message)).toBe(false);
      expect(afterFirst.held.some((row) => holds(row, untokened.message))).toBe(true);

      const form = await shownForm(lang);
      const sent = message(lang, `first-${lang}`);
      expect((await post(lang, { ...sent, ...form })).status).toBe(200);
      const reused = message(lang, `reused-${lang}`);
      const again = await post(lang, { ...reused, shown: form.shown });
      expect(again.status).toBe(200);
      const now = tables();
      expect(now.stored.some((row) => row.message === sent.message)).toBe(true);
      expect(now.stored.some((row) => row.message === reused.message)).toBe(false);
      const held = now.held.find((row) => holds(row, reused.message));
      expect(held?.reason).toContain("another message had used");
    }
  });

  test("single-line fields reach the API without their line breaks", async () => {
    for (const lang of languages) {
      const sent = message(lang, `lines-${lang}`);
      expect((await post(lang, { ...sent, ...(await shownForm(lang)) })).status).toBe(200);
      const row = tables().stored.find((stored) => stored.message === sent.message);
      expect(row?.name).toBe(sent.name.replace("\r\n", " "));
      expect(row?.subject).toBe("Tender X-Injected: 1");
      expect(row?.message).toContain("\n");
    }
  });

  test("a burst of distinct searches from one visitor gets 429 with Retry-After; cached ones still come", async () => {
    const get = (target: string) => fetch(`${servers?.site.url}${target}`);
    const cached = "/en/search?q=steel";
    // The first search of each language may find its index still being prepared (503, never
    // kept): the Arabic one too, or the refused Arabic search below could get that 503.
    for (const first of [cached, "/ar/search?q=steel"])
      await expect.poll(async () => (await get(first)).status, { timeout: 15_000 }).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await get(`/en/search?q=burst${i}`)).status);
    expect(statuses).toContain(429);
    const refused = await get("/ar/search?q=burst-ar");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toContain("no-store");
    expect(await refused.text()).toContain(i18n.ar["search.busy"]);
    // A search answered from the page cache costs nothing: not limited.
    const again = await get(cached);
    expect([again.status, again.headers.get("x-cache")]).toEqual([200, "HIT"]);
  });

  test("the purge checks its secret before it reads a body", async () => {
    const purge = (authorization: string, body: string) =>
      fetch(`${servers?.site.url}/purge`, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/json" },
        body,
      });
    expect((await purge("Bearer wrong", "{not json")).status).toBe(401);
    expect(
      (await purge("Bearer wrong", JSON.stringify({ paths: "x".repeat(40_000) }))).status,
    ).toBe(401);
    expect((await purge(`Bearer ${secret}`, "{not json")).status).toBe(400);
    expect((await purge(`Bearer ${secret}`, JSON.stringify({ paths: ["/en/news"] }))).status).toBe(
      200,
    );
  });
});

test.describe("made-up ids against a slow API (decision 020, API_MAX_REQUESTS)", () => {
  let proxied: ProxiedSite | undefined;
  test.beforeAll(async () => {
    proxied = await siteBehindProxy("api-line-", { API_MAX_REQUESTS: "4" });
  });
  test.afterAll(async () => {
    await proxied?.stop();
  });

  test("hold at most API_MAX_REQUESTS of the API at once; the rest are turned away at once with 503 and Retry-After; the site serves on", async () => {
    if (!proxied) throw new Error("not started");
    const { proxy, site } = proxied;
    // Every made-up story takes the API 3 s to answer (a 404).
    proxy.state.delayPath = "/api/news/zz";
    proxy.state.delayMs = 3_000;
    const askedOfApi = () =>
      [...proxy.counts].filter(([pathname]) => pathname.startsWith("/api/news/zz")).length;
    const started = Date.now();
    const answers = Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const answer = await fetch(`${site.url}/en/news/zz${i}`);
        await answer.body?.cancel();
        return { status: answer.status, retryAfter: answer.headers.get("retry-after") };
      }),
    );
    // None has been answered by the API yet: what it was asked is what is in flight.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(askedOfApi()).toBeLessThanOrEqual(4);
    const settled = await answers;
    const turnedAway = settled.filter((answer) => answer.status === 503);
    expect(turnedAway.length).toBeGreaterThan(0);
    for (const answer of turnedAway) expect(answer.retryAfter).toMatch(/^\d+$/);
    expect(settled.every((answer) => answer.status === 404 || answer.status === 503)).toBe(true);
    // Waiting at most 5 s in line: no one waits for the 40 to be answered one after another.
    expect(Date.now() - started).toBeLessThan(20_000);
    proxy.state.delayPath = undefined;
    expect((await fetch(`${site.url}/en/news`)).status).toBe(200);
  });
});
