/**
 * A content API that fails for one block: the page still answers, with that block degraded
 * (the footer's latest projects, the home page's services strip), and is not cached while
 * incomplete. The site reads the test run's reference API through a proxy that breaks two
 * endpoints. And a site restarted during an outage serves what it saw before from disk.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiData, i18n, languages } from "./support/content.ts";
import { E2E_API_PORT, E2E_PORT } from "./support/env.ts";
import { type RunningSite, startSite, startSiteWithApi } from "./support/site.ts";

const broken = new Set(["/api/latest-projects", "/api/homepage-services"]);
let proxy: http.Server;
let site: RunningSite;

test.describe.configure({ mode: "serial" });
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one width is enough");
  proxy = http.createServer((req, res) => {
    if (broken.has((req.url ?? "").split("?")[0] ?? "")) {
      res.writeHead(500, { "Content-Type": "application/json" }).end('{"message":"broken"}');
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
  await new Promise<void>((resolve) => proxy.listen(E2E_API_PORT + 80, "127.0.0.1", resolve));
  site = await startSite(E2E_PORT + 80, { API_BASE_URL: `http://127.0.0.1:${E2E_API_PORT + 80}` });
});
test.afterAll(async () => {
  await site?.stop();
  if (proxy) await new Promise((resolve) => proxy.close(resolve));
});

for (const lang of languages) {
  test(`/${lang}: a broken footer feed and home strip degrade only those blocks`, async ({
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
    // An incomplete page is made again for the next visitor, not kept.
    const again = await fetch(`${site.url}/${lang}`);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).not.toBe("HIT");
    expect(site.output()).toContain("/api/latest-projects");
  });
}

test("a site restarted while the API is down still serves the pages seen before", async () => {
  const store = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "answers-")), "answers.sqlite");
  const servers = await startSiteWithApi(82, {}, { ANSWER_STORE_PATH: store });
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
    const restarted = await startSite(E2E_PORT + 83, {
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
