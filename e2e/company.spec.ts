/**
 * The company the site speaks for comes from the company file alone: a site started with
 * another company's file names that company everywhere the site itself speaks (header,
 * footer, titles, social cards), and the demo company nowhere.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { company as demoCompany, languages } from "./support/content.ts";
import { E2E_API_PORT } from "./support/env.ts";
import { type RunningSite, startSite } from "./support/site.ts";
import { expect, test } from "./support/test.ts";

const acme = {
  name: { en: "Acme Builders", ar: "أكمي للبناء" },
  shortDescription: { en: "Roads and bridges", ar: "طرق وجسور" },
  longDescription: { en: "Acme has built roads since 1975.", ar: "تبني أكمي الطرق منذ 1975." },
  legalName: { en: "Acme Builders Ltd", ar: "شركة أكمي للبناء المحدودة" },
  logo: "/favicon.svg",
  shareImage: "https://cdn.acme.example/share.jpg",
};

test.describe("another company's file", () => {
  test.describe.configure({ mode: "serial" });
  let site: RunningSite;
  let dir: string;

  test.beforeAll(async ({ browserName: _ }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one server start is enough");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "company-"));
    const file = path.join(dir, "acme.json");
    fs.writeFileSync(file, JSON.stringify(acme));
    site = await startSite({
      API_BASE_URL: `http://127.0.0.1:${E2E_API_PORT}`,
      COMPANY_FILE: file,
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const lang of languages) {
    test(`the site names that company, not the demo one (${lang})`, async ({ page }) => {
      await page.goto(`${site.url}/${lang}`);
      const header = page.locator("header").first();
      await expect(header.getByTestId("home-title")).toContainText(acme.name[lang]);
      await expect(header.getByTestId("home-title")).toContainText(acme.shortDescription[lang]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(acme.name[lang]);
      const footer = page.locator("footer");
      await expect(footer).toContainText(acme.longDescription[lang]);
      await expect(footer).toContainText(`${new Date().getFullYear()} ${acme.legalName[lang]}`);
      const frame = `${await header.textContent()} ${await footer.textContent()}`;
      expect(frame).not.toContain(demoCompany(lang).name);

      // The contact page's data has no description: it falls back to the company's.
      const head = (await (await fetch(`${site.url}/${lang}/contactUs`)).text()).split(
        "</head>",
      )[0];
      expect(head).toMatch(new RegExp(`<title>[^<]*${acme.name[lang]}</title>`));
      expect(head).toContain(`<meta name="description" content="${acme.longDescription[lang]}"/>`);
      expect(head).toContain(`<meta property="og:site_name" content="${acme.name[lang]}"/>`);
      expect(head).not.toContain(demoCompany(lang).name);
    });
  }
});

test("a wrong company file stops the start with one line naming the field", async ({
  browserName: _,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "no browser involved");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "company-"));
  const file = path.join(dir, "broken.json");
  fs.writeFileSync(file, JSON.stringify({ ...acme, name: { en: "Acme" } }));
  try {
    // One process, and several: the primary stops before it forks any.
    for (const workers of ["1", "2"]) {
      const error = await startSite({
        API_BASE_URL: `http://127.0.0.1:${E2E_API_PORT}`,
        COMPANY_FILE: file,
        WORKERS: workers,
      }).then(
        (started) => started.stop().then(() => "started"),
        (failure: Error) => failure.message,
      );
      expect(error, `WORKERS=${workers}`).toContain(
        `site exited with 1: Company file ${file}: name.ar`,
      );
      expect(error.trim().split("\n"), `WORKERS=${workers}`).toHaveLength(1);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
