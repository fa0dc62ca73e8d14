/**
 * How old a page's data may get (issue 34, decision 002): a site whose API answers are fresh
 * for half a second and may be served stale while they are refreshed for two seconds
 * (CACHE_STALE_MAX_MS), reading the reference API through a proxy that delays, edits, breaks
 * or fails its answers. No browser: plain HTTP, timed.
 */
import { expect, test } from "@playwright/test";
import { apiData } from "./support/content.ts";
import { type EditingProxy, type ProxiedSite, siteBehindProxy } from "./support/editing-proxy.ts";
import { freshGet } from "./support/fresh-get.ts";
import type { RunningSite } from "./support/site.ts";
import { plainWords } from "./support/text.ts";

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "processes, not pages: one width is enough");

const TTL_MS = 500;
const STALE_MAX_MS = 2_000;
/** How long the proxy keeps the site waiting when a test slows the API down. */
const DELAY_MS = 1_500;

let servers: ProxiedSite | undefined;
let proxy: EditingProxy;
let site: RunningSite;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET, and how long it took. */
async function timed(page: string) {
  const started = Date.now();
  const answer = await freshGet(site.url + page);
  return { ...answer, ms: Date.now() - started };
}

test.beforeAll(async () => {
  servers = await siteBehindProxy("arkan-stale-", {
    CACHE_TTL_MS: String(TTL_MS),
    CACHE_STALE_MAX_MS: String(STALE_MAX_MS),
  });
  ({ proxy, site } = servers);
});

test.afterAll(async () => {
  await servers?.stop();
});

test.afterEach(() => {
  Object.assign(proxy.state, { from: undefined, to: undefined, editPath: undefined });
  Object.assign(proxy.state, { delayPath: undefined, delayMs: 0, down: false });
});

test("a stale answer is served at once only while it is young; past the bound the page waits for the API, and only an outage gets the old one", async () => {
  const hse = "/en/HSE";
  const overview = "/en/overview";
  for (const page of [hse, overview]) expect((await timed(page)).status, page).toBe(200);
  const madeAt = Date.now();
  const [hseWords, overviewWords] = await Promise.all(
    ["/api/hse", "/api/overviews"].map(async (list) => {
      const [first] = await apiData<{ content: string }[]>(list, "en", proxy.url);
      return plainWords(first?.content ?? "");
    }),
  );
  // From now on the API is slow, and an editor has changed both pages.
  Object.assign(proxy.state, { delayPath: "/api/", delayMs: DELAY_MS });
  Object.assign(proxy.state, { from: hseWords, to: "Edited slowly" });
  await sleep(TTL_MS + 200);

  // Young (under two seconds): the old page at once, while the answer is refreshed behind it.
  const young = await timed(hse);
  expect(young.status).toBe(200);
  expect(young.body).toContain(hseWords);
  expect(young.ms).toBeLessThan(DELAY_MS);

  // The overview's own answer was never refreshed: past the bound, the visitor waits for it.
  await sleep(Math.max(0, madeAt + STALE_MAX_MS + 300 - Date.now()));
  Object.assign(proxy.state, { from: overviewWords, to: "Words as edited" });
  const old = await timed(overview);
  expect(old.status).toBe(200);
  expect(old.body).toContain("Words as edited");
  expect(old.ms).toBeGreaterThanOrEqual(DELAY_MS - 100);

  // Past the bound with the API down: asked first, then the last good answer.
  Object.assign(proxy.state, { delayPath: undefined, delayMs: 0, down: true });
  await sleep(STALE_MAX_MS + 300);
  const asked = proxy.counts.get("/api/overviews") ?? 0;
  const outage = await timed(overview);
  expect(outage.status).toBe(200);
  expect(outage.body).toContain("Words as edited");
  expect(proxy.counts.get("/api/overviews")).toBeGreaterThan(asked);
});

test("an answer that breaks the contract after a good one: the last good page with a warning while it is young, then 502", async () => {
  const page = "/ar/HSE";
  const good = await timed(page);
  expect(good.status).toBe(200);
  const goodAt = Date.now();
  const before = site.logged().length;
  // The CMS now leaves out a field the contract requires.
  Object.assign(proxy.state, {
    from: '"banner_image"',
    to: '"banner_img_x"',
    editPath: "/api/hse",
  });
  await sleep(TTL_MS + 200);

  const young = await timed(page);
  expect(young.status).toBe(200);
  // The page as it was: its heading, which the error screen does not have.
  const heading = good.body.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "no heading";
  expect(young.body).toContain(heading);
  await expect
    .poll(() =>
      site
        .logged()
        .slice(before)
        .some(
          (line) =>
            line.level === "warn" &&
            line.message === "serving the last good answer" &&
            /does not follow the contract/.test(String(line.reason)),
        ),
    )
    .toBe(true);

  await sleep(Math.max(0, goodAt + STALE_MAX_MS + 300 - Date.now()));
  expect((await timed(page)).status).toBe(502);
  expect((await timed(page)).status).toBe(502);

  // Fixed at the CMS: the page is back once the back-off after the last failure has passed.
  Object.assign(proxy.state, { from: undefined, to: undefined, editPath: undefined });
  await expect.poll(async () => (await timed(page)).status, { timeout: 5_000 }).toBe(200);
});
