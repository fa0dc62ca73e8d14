/**
 * A content API that fails for one block: the page still answers, with that block degraded
 * (the footer's latest projects, the home page's services strip, the contact details, a list
 * page's header record, the other services beside a service), and is not cached while
 * incomplete. The site reads the test run's reference API through a proxy
 * that breaks three endpoints. And a site restarted during an outage serves what it saw before from disk.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { apiData, i18n, languages } from "./support/content.ts";
import { E2E_API_PORT } from "./support/env.ts";
import { freePort, type RunningSite, startSite, startSiteWithApi } from "./support/site.ts";
import { expect, test } from "./support/test.ts";

const broken = new Set([
  "/api/latest-projects",
  "/api/homepage-services",
  "/api/contact-info",
  // A list page's header record, and the services beside a service: the page is whole without.
  "/api/project-pages",
  "/api/news-page",
  "/api/equipment-pages",
  "/api/services",
]);
let proxy: http.Server;
let site: RunningSite;

type Fault = "none" | "500" | "reset" | "empty list";

/**
 * The test run's reference API behind a proxy that breaks the requests `faultOf` names:
 * HTTP 500, a reset connection, or an empty `data` list.
 */
async function startFaultyProxy(port: number, faultOf: (path: string) => Fault) {
  const server = http.createServer((req, res) => {
    const fault = faultOf((req.url ?? "").split("?")[0] ?? "");
    if (fault === "reset") return req.socket.destroy();
    if (fault !== "none") {
      const [status, body] = fault === "500" ? [500, '{"message":"broken"}'] : [200, '{"data":[]}'];
      res.writeHead(status, { "Content-Type": "application/json" }).end(body);
      return;
    }
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: E2E_API_PORT,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

const closeServer = (server: http.Server | undefined) =>
  server ? new Promise((resolve) => server.close(resolve)) : undefined;

test.describe.configure({ mode: "serial" });
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one width is enough");
  const port = await freePort();
  proxy = await startFaultyProxy(port, (path) => (broken.has(path) ? "500" : "none"));
  site = await startSite({ API_BASE_URL: `http://127.0.0.1:${port}` });
});
test.afterAll(async () => {
  await site?.stop();
  await closeServer(proxy);
});

for (const lang of languages) {
  test(`/${lang}: a broken footer feed and home services strip degrade only those blocks`, async ({
    page,
  }) => {
    const response = await page.goto(`${site.url}/${lang}`);
    expect(response?.status()).toBe(200);
    // The rest of the page is there: the banners and the latest news.
    const banners = await apiData<{ title: string }[]>("/api/homepage-banners", lang);
    await expect(
      page.getByRole("heading", { name: banners[0]?.title ?? "" }).first(),
    ).toBeAttached();
    // The footer says there are no projects to show instead of failing the page.
    await expect(page.locator("footer")).toContainText(i18n[lang]["footer.noProjects"]);
    await expect(page.getByTestId("footer-projects")).toHaveCount(0);
    // The services strip says it has nothing to show; the page around it stays.
    const services = page.locator("section", { has: page.locator("#home-services") });
    await expect(services.getByRole("heading", { level: 2 })).toHaveText(
      i18n[lang]["home.ourServices"],
    );
    await expect(services).toContainText(i18n[lang]["common.noData"]);
    await expect(page.getByTestId("service-card")).toHaveCount(0);
    // An incomplete page is made again for the next visitor, not kept.
    const again = await fetch(`${site.url}/${lang}`);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).not.toBe("HIT");
    expect(site.output()).toContain("/api/latest-projects");
  });

  test(`/${lang}/contactUs: without the contact details, the form is still there`, async ({
    page,
  }) => {
    const response = await page.goto(`${site.url}/${lang}/contactUs`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("complementary")).toContainText(i18n[lang]["contact.noDetails"]);
    await expect(page.getByRole("button", { name: i18n[lang]["contact.send"] })).toBeVisible();
    expect(site.output()).toContain("/api/contact-info");
  });
}

for (const lang of languages) {
  test(`/${lang}: list pages without their header record and a service without the list beside it still show their content`, async ({
    page,
  }) => {
    const [story] = await apiData<{ data: { title: string }[] }>("/api/news", lang).then(
      (list) => list.data,
    );
    const [project] = await apiData<{ data: { title: string }[] }>(
      "/api/Completed-projects",
      lang,
    ).then((list) => list.data);
    const [machine] = await apiData<{ title: string }[]>("/api/equipments", lang);
    const [service] = await apiData<{ id: number; title: string }[]>("/api/services", lang);
    for (const [address, title, shown] of [
      [`/${lang}/news`, i18n[lang]["news.title"], story?.title],
      [`/${lang}/projects`, i18n[lang]["projects.title"], project?.title],
      [`/${lang}/equipment`, i18n[lang]["equipment.title"], machine?.title],
      [`/${lang}/services/${service?.id}`, service?.title, undefined],
    ] as const) {
      const response = await page.goto(site.url + address);
      expect([address, response?.status()]).toEqual([address, 200]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");
      if (shown) await expect(page.locator("main")).toContainText(shown);
      await expect(page.getByTestId("error-screen")).toHaveCount(0);
      // Made again for the next visitor, not kept while incomplete.
      expect((await fetch(site.url + address)).headers.get("x-cache"), address).not.toBe("HIT");
    }
    // An unknown service is still a 404, not the failing list's 503.
    expect((await fetch(`${site.url}/${lang}/services/987654`)).status).toBe(404);
  });
}

test("a site restarted while the API is down still serves the pages seen before", async () => {
  const store = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "answers-")), "answers.sqlite");
  const servers = await startSiteWithApi({}, { ANSWER_STORE_PATH: store });
  const apiUrl = servers.api.url;
  const seen = ["/en/news", "/ar"];
  const titles: string[] = [];
  try {
    for (const page of seen) expect((await fetch(servers.site.url + page)).status).toBe(200);
    const news = await (await fetch(`${apiUrl}/api/news`, { headers: { lang: "en" } })).json();
    titles.push(String((news.data.data ?? news.data)[0]?.title));
    await servers.site.stop();
    await servers.api.close();
    // The same store, the API gone.
    const restarted = await startSite({
      API_BASE_URL: apiUrl,
      ANSWER_STORE_PATH: store,
    });
    try {
      for (const page of seen) expect((await fetch(restarted.url + page)).status, page).toBe(200);
      expect(await (await fetch(`${restarted.url}/en/news`)).text()).toContain(titles[0]);
      // A page never seen has nothing to fall back on: the error screen, with 503.
      expect((await fetch(`${restarted.url}/en/overview`)).status).toBe(503);
    } finally {
      await restarted.stop();
    }
  } finally {
    await servers.stop();
    fs.rmSync(path.dirname(store), { recursive: true, force: true });
  }
});

test("an API that answers an empty list or resets connections: the page without its record, the last good page, else the error screen; it recovers by itself", async ({
  page,
}) => {
  let fault: Fault = "empty list";
  const port = await freePort();
  const faulty = await startFaultyProxy(port, (path) =>
    path === "/api/isos" || fault === "reset" ? fault : "none",
  );
  // Answers go stale at once, so every visit asks the API again.
  const own = await startSite({
    API_BASE_URL: `http://127.0.0.1:${port}`,
    CACHE_TTL_MS: "1",
  });
  try {
    // The ISO page is made from the list's first item. API.md does not say the list has one (an
    // editor may not have written it yet): the page, titled by the site, says there is nothing.
    const empty = await page.goto(`${own.url}/ar/iso`);
    expect(empty?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(i18n.ar["iso.title"] ?? "");
    await expect(page.getByText(i18n.ar["common.noData"] ?? "", { exact: true })).toBeVisible();
    await expect(page.getByTestId("error-screen")).toHaveCount(0);

    fault = "none";
    const [iso] = await apiData<{ title: string }[]>("/api/isos", "ar");
    // The empty answer is served once more while it is refreshed (stale-while-revalidate).
    await expect(async () => {
      expect((await page.goto(`${own.url}/ar/iso`))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(iso?.title ?? "", {
        timeout: 500,
      });
    }).toPass();

    // Every connection to the API now resets: the page seen keeps being served, and a page
    // never seen gets the error screen at once (no visitor waits for a time-out).
    fault = "reset";
    for (const visit of [1, 2]) {
      const stale = await page.goto(`${own.url}/ar/iso`);
      expect(stale?.status(), `visit ${visit}`).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(iso?.title ?? "");
    }
    const unseen = await page.goto(`${own.url}/ar/equipment`);
    expect(unseen?.status()).toBe(503);
    await expect(page.getByTestId("error-screen")).toBeVisible();
    expect(own.logged()).toContainEqual(
      expect.objectContaining({ level: "error", component: "answers", kind: "unavailable" }),
    );

    // The API comes back: so does the site, without a restart.
    fault = "none";
    expect((await page.goto(`${own.url}/ar/equipment`))?.status()).toBe(200);
    await expect(page.getByTestId("error-screen")).toHaveCount(0);
  } finally {
    await own.stop();
    await closeServer(faulty);
  }
});
