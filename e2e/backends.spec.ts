/**
 * The site against backends that answer differently but within the contract, and the header's
 * way between the two project lists:
 * - a reference API that writes paged lists in API.md's flat form (`{data, pagination}`, no
 *   outer envelope): news, both project lists, later pages, `?page=` past the end and the
 *   home page's latest news show exactly what that API returns;
 * - the header's Projects menu (desktop dropdown, phone full-screen menu) switches between the
 *   current and the completed projects, and the browser's back button brings each list back.
 */

import type { ContentApi } from "@site/content-api";
import type { Payload } from "@site/contract";
import { apiData, type Lang, languages, type Paged, t } from "./support/content.ts";
import { heading, pager } from "./support/page-checks.ts";
import { type RunningSite, type SiteWithApi, startSiteWithApi } from "./support/site.ts";
import { expect, type Page, test } from "./support/test.ts";
import { escapeRegExp } from "./support/text.ts";

type ProjectRow = Payload<"completedProjects">["data"][number];
type NewsSummary = Payload<"news">["data"][number];

const isDesktop = (project: string) => project === "desktop";

/** The rows of projects (the second row group; the first holds the column headers). */
const rows = (page: Page) =>
  page.getByTestId("projects-table").getByRole("rowgroup").nth(1).getByRole("row");
/** The project name links, one per row. */
const nameLinks = (page: Page) => rows(page).getByRole("link");
const newsCards = (page: Page) => page.getByTestId("news-card");

/** The table shows these projects, in order, each name linking to its detail. */
async function expectRows(page: Page, projects: ProjectRow[], detail: (id: string) => string) {
  await expect(rows(page)).toHaveCount(projects.length);
  await expect(nameLinks(page)).toHaveText(projects.map((p) => p.title));
  const hrefs = await nameLinks(page).evaluateAll((links) =>
    links.map((link) => link.getAttribute("href")),
  );
  expect(hrefs).toEqual(projects.map((p) => detail(String(p.id))));
}

/** The news cards (of `scope`, or the page) show these items, in order, linking to them. */
async function expectNewsCards(page: Page, lang: Lang, items: NewsSummary[], scope?: string) {
  const cards = scope ? page.getByTestId(scope).getByTestId("news-card") : newsCards(page);
  await expect(cards).toHaveCount(items.length);
  await expect(cards.getByRole("link")).toHaveText(items.map((item) => item.title));
  const hrefs = await cards
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual(items.map((item) => `/${lang}/news/${item.id}`));
}

/** The pager says which page is shown and reaches the last one. */
async function expectPager(page: Page, lang: Lang, current: number, last: number) {
  if (last < 2) return;
  const nav = pager(page, lang);
  await expect(
    nav.getByRole("link", { name: t(lang, "pagination.page", { page: current }), exact: true }),
  ).toHaveAttribute("aria-current", "page");
  if (current !== last)
    await expect(
      nav.getByRole("link", { name: t(lang, "pagination.page", { page: last }) }),
    ).toBeVisible();
}

test.describe("a content API that writes pages in the flat form", () => {
  // One API and one site for the whole block: its tests run in order in one worker.
  test.describe.configure({ mode: "default" });

  let servers: SiteWithApi | undefined;
  let api: ContentApi | undefined;
  let site: RunningSite | undefined;

  /** One page of a paged list as the flat API writes it: rows in `data`, then `pagination`. */
  async function flatPage<T>(apiPath: string, lang: Lang): Promise<Paged<T>> {
    if (!api) throw new Error("the flat API is not running");
    const response = await fetch(`${api.url}${apiPath}`, {
      headers: { lang, Accept: "application/json" },
    });
    expect(response.ok, `${apiPath} (${lang})`).toBe(true);
    const body = (await response.json()) as Paged<T>;
    // Really the flat form: the rows are the top-level `data`, beside `pagination`.
    expect(Array.isArray(body.data), `${apiPath} (${lang}) data is the rows`).toBe(true);
    expect(body.pagination?.last_page, `${apiPath} (${lang}) pagination`).toBeGreaterThan(0);
    return body;
  }

  /** `/{lang}{pagePath}` answers 200 from the flat site (after any redirect). */
  async function visit(page: Page, lang: Lang, pagePath: string) {
    const response = await page.goto(`${site?.url}/${lang}${pagePath}`);
    expect(response?.status(), `/${lang}${pagePath}`).toBe(200);
  }

  test.beforeAll(async () => {
    // The same server code at every width: one start, on the desktop project only.
    if (!isDesktop(test.info().project.name)) return;
    servers = await startSiteWithApi({ pagedForm: "flat" });
    ({ api, site } = servers);
  });

  test.afterAll(async () => {
    await servers?.stop();
    servers = api = site = undefined;
  });

  test.beforeEach(() => {
    test.skip(!isDesktop(test.info().project.name), "one server start is enough");
  });

  for (const lang of languages) {
    test(`/${lang}/news: every page shows the items of the flat page it asks for`, async ({
      page,
    }) => {
      const first = await flatPage<NewsSummary>("/api/news", lang);
      const last = first.pagination.last_page;
      expect(first.data.length).toBeGreaterThan(0);

      await visit(page, lang, "/news");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectNewsCards(page, lang, first.data);
      await expectPager(page, lang, 1, last);

      if (last >= 2) {
        const second = await flatPage<NewsSummary>("/api/news?page=2", lang);
        await visit(page, lang, "/news?page=2");
        await expectNewsCards(page, lang, second.data);
        await expectPager(page, lang, 2, last);
      }

      // Past the end: the last page, read from the flat form's pagination.
      const final = await flatPage<NewsSummary>(`/api/news?page=${last}`, lang);
      await visit(page, lang, "/news?page=999");
      const target = last > 1 ? `/${lang}/news?page=${last}` : `/${lang}/news`;
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(target)}$`));
      await expectNewsCards(page, lang, final.data);
      await expectPager(page, lang, last, last);
    });

    for (const list of [
      {
        path: "/projects",
        endpoint: "/api/Completed-projects",
        titleKey: "projects.title",
      },
      {
        path: "/CurrentProjects",
        endpoint: "/api/NotCompleted-projects",
        titleKey: "projects.currentTitle",
      },
    ] as const) {
      test(`/${lang}${list.path}: the rows of the flat page, and past the end the last page`, async ({
        page,
      }) => {
        const first = await flatPage<ProjectRow>(list.endpoint, lang);
        const last = first.pagination.last_page;
        expect(first.data.length).toBeGreaterThan(0);
        const detail = (id: string) => `/${lang}${list.path}/${id}`;

        await visit(page, lang, list.path);
        await expect(heading(page)).toHaveText(t(lang, list.titleKey));
        await expectRows(page, first.data, detail);
        await expectPager(page, lang, 1, last);

        if (last >= 2) {
          const second = await flatPage<ProjectRow>(`${list.endpoint}?page=2`, lang);
          await visit(page, lang, `${list.path}?page=2`);
          await expectRows(page, second.data, detail);
          await expectPager(page, lang, 2, last);
        }

        const final = await flatPage<ProjectRow>(`${list.endpoint}?page=${last}`, lang);
        await visit(page, lang, `${list.path}?page=999`);
        const target = last > 1 ? `/${lang}${list.path}?page=${last}` : `/${lang}${list.path}`;
        await expect(page).toHaveURL(new RegExp(`${escapeRegExp(target)}$`));
        await expectRows(page, final.data, detail);
      });
    }

    test(`/${lang}: the latest news are the flat API's first page of news`, async ({ page }) => {
      const first = await flatPage<NewsSummary>("/api/news?page=1", lang);
      expect(first.data.length).toBeGreaterThan(0);
      await visit(page, lang, "");
      await expectNewsCards(page, lang, first.data, "latest-news");
    });
  }

  test("?page=999 answers a 302 to the last page of each list", async ({ request }) => {
    for (const [pagePath, endpoint] of [
      ["/news", "/api/news"],
      ["/projects", "/api/Completed-projects"],
      ["/CurrentProjects", "/api/NotCompleted-projects"],
    ] as const) {
      for (const lang of languages) {
        const { pagination } = await flatPage<unknown>(endpoint, lang);
        const last = pagination.last_page;
        const raw = await request.get(`${site?.url}/${lang}${pagePath}?page=999`, {
          maxRedirects: 0,
        });
        expect(raw.status(), `/${lang}${pagePath}`).toBe(302);
        const location = new URL(raw.headers().location ?? "", "http://x");
        expect(location.pathname + location.search, `/${lang}${pagePath}`).toBe(
          last > 1 ? `/${lang}${pagePath}?page=${last}` : `/${lang}${pagePath}`,
        );
      }
    }
  });
});

// The same route module shows one list, then the other, then the first again.
test.describe("the Projects menu switches between the two lists", () => {
  /** Opens the Projects menu of this width and chooses the entry named `label`. */
  async function choose(page: Page, lang: Lang, desktop: boolean, label: string) {
    if (desktop) {
      const toggle = page
        .getByRole("navigation", { name: t(lang, "nav.label") })
        .getByRole("button", {
          name: t(lang, "nav.showSubmenu", { name: t(lang, "nav.projects") }),
        });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
      await menu.getByRole("link", { name: label, exact: true }).click();
    } else {
      await page.getByRole("button", { name: t(lang, "nav.openMenu") }).click();
      const dialog = page.getByRole("dialog", { name: t(lang, "nav.menu") });
      await expect(dialog).toBeVisible();
      // On a project list the phone menu opens with the Projects section expanded.
      const projects = dialog.getByRole("button", { name: t(lang, "nav.projects"), exact: true });
      if ((await projects.getAttribute("aria-expanded")) !== "true") await projects.click();
      await expect(projects).toHaveAttribute("aria-expanded", "true");
      await dialog.getByRole("link", { name: label, exact: true }).click();
    }
  }

  /** The page is the list of `titleKey` with exactly these rows. */
  async function expectList(page: Page, lang: Lang, list: ListShown) {
    await expect(page).toHaveURL(new RegExp(`/${lang}${list.path}$`));
    await expect(heading(page)).toHaveText(t(lang, list.titleKey));
    await expectRows(page, list.rows, (id) => `/${lang}${list.path}/${id}`);
  }

  interface ListShown {
    path: string;
    titleKey: "projects.title" | "projects.currentTitle";
    rows: ProjectRow[];
  }

  for (const lang of languages) {
    test(`/${lang}/contactUs → current projects → completed projects → back → back`, async ({
      page,
    }, testInfo) => {
      const desktop = isDesktop(testInfo.project.name);
      const current: ListShown = {
        path: "/CurrentProjects",
        titleKey: "projects.currentTitle",
        rows: (await apiData<Paged<ProjectRow>>("/api/NotCompleted-projects", lang)).data,
      };
      const completed: ListShown = {
        path: "/projects",
        titleKey: "projects.title",
        rows: (await apiData<Paged<ProjectRow>>("/api/Completed-projects", lang)).data,
      };
      // The two lists differ, so showing one for the other cannot pass.
      expect(current.rows.length).toBeGreaterThan(0);
      expect(current.rows.map((row) => row.id)).not.toEqual(completed.rows.map((row) => row.id));

      await page.goto(`/${lang}/contactUs`);

      await choose(page, lang, desktop, t(lang, "nav.currentProjects"));
      await expectList(page, lang, current);

      await choose(page, lang, desktop, t(lang, "nav.completedProjects"));
      await expectList(page, lang, completed);

      await page.goBack();
      await expectList(page, lang, current);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/${lang}/contactUs$`));
      await expect(heading(page)).toHaveText(t(lang, "contact.title"));
    });
  }
});
