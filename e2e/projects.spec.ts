/**
 * Project lists (completed and current) and project detail, in both languages, against the
 * reference API: table rows, links, paging and `?page=` redirects, the detail's side
 * panel, gallery and other projects, 404s, phone layout and accessibility (axe).
 */

import type { Payload } from "@site/contract";
import { apiData, firstId, type Lang, languages, type Paged, t } from "./support/content.ts";
import {
  clickAt,
  expectNextThenPrevious,
  heading,
  pager,
  pagerLinks,
  phoneOverflowTests,
} from "./support/page-checks.ts";
import { expect, onlyAt, type Page, test } from "./support/test.ts";
import { escapeRegExp } from "./support/text.ts";

type ProjectRow = Payload<"completedProjects">["data"][number];
type ProjectPage = Payload<"projectPages">[number];
type ProjectDetail = Payload<"project">;

const table = (page: Page) => page.getByTestId("projects-table");
/** The rows of projects (the second row group; the first holds the column headers). */
const rows = (page: Page) => table(page).getByRole("rowgroup").nth(1).getByRole("row");

/** The two lists: their address, API endpoint, title key and detail address. */
const lists = [
  {
    kind: "completed",
    path: "/projects",
    endpoint: "/api/Completed-projects",
    titleKey: "projects.title",
    dateKey: "projects.table.date",
    detail: (lang: Lang, id: number | string) => `/${lang}/projects/${id}`,
  },
  {
    kind: "current",
    path: "/CurrentProjects",
    endpoint: "/api/NotCompleted-projects",
    titleKey: "projects.currentTitle",
    dateKey: "projects.table.dateCurrent",
    detail: (lang: Lang, id: number | string) => `/${lang}/CurrentProjects/${id}`,
  },
] as const;

/** Every row of the table shows its project as the API gives it, linking to its detail. */
async function expectRows(
  page: Page,
  expected: ProjectRow[],
  detail: (id: number | string) => string,
) {
  await expect(rows(page)).toHaveCount(expected.length);
  for (const [index, project] of expected.entries()) {
    const row = rows(page).nth(index);
    const cells = row.getByRole("cell");
    const link = cells.nth(0).getByRole("link");
    await expect(link).toHaveText(project.title);
    await expect(link).toHaveAttribute("href", detail(project.id));
    await expect(cells.nth(1)).toContainText(project.client);
    await expect(cells.nth(2).locator("time")).toHaveText(project.date.slice(0, 10));
    // As the API gives it, text or number (API.md: "shown as given").
    await expect(cells.nth(3)).toContainText(String(project.amount));
  }
  // One real link per row (the name); the rest of the row is covered by it.
  await expect(table(page).getByRole("link")).toHaveCount(expected.length);
}

/** The table is readable at the current width: checked per layout. */
async function expectReadableTable(page: Page, lang: Lang, phone: boolean) {
  const first = rows(page).first();
  const cells = first.getByRole("cell");
  if (phone) {
    // Stacked cards: each cell under the previous one, labelled with its column name.
    const boxes = await Promise.all([0, 1, 2, 3].map((index) => cells.nth(index).boundingBox()));
    for (let index = 1; index < boxes.length; index++) {
      expect(boxes[index]?.y ?? 0).toBeGreaterThan(boxes[index - 1]?.y ?? 0);
    }
    await expect(cells.nth(1)).toContainText(t(lang, "projects.table.client"));
    await expect(cells.nth(3)).toContainText(t(lang, "projects.table.amount"));
    const row = await first.boundingBox();
    expect((row?.x ?? -1) >= 0 && (row?.x ?? 0) + (row?.width ?? 0) <= 375).toBe(true);
  } else {
    // A real table: header row visible, cells side by side in reading order.
    await expect(table(page).getByRole("rowgroup").first()).toBeVisible();
    const [a, b] = await Promise.all([cells.nth(0).boundingBox(), cells.nth(1).boundingBox()]);
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
    if (lang === "en") expect(b?.x ?? 0).toBeGreaterThan(a?.x ?? 0);
    else expect(b?.x ?? 0).toBeLessThan(a?.x ?? 0);
  }
}

test.describe("project lists", () => {
  for (const lang of languages) {
    for (const list of lists) {
      // One load of the list: what it shows, how its table reads at this width, then a row's
      // click to its detail.
      test(`/${lang}${list.path}: banner, description and page 1 of the ${list.kind} projects, in a table readable at this width; a row leads to the project's detail in the same language`, async ({
        page,
      }, testInfo) => {
        const [header] = await apiData<ProjectPage[]>("/api/project-pages", lang);
        const first = await apiData<Paged<ProjectRow>>(list.endpoint, lang);
        expect(first.data.length).toBeGreaterThan(0);

        const response = await page.goto(`/${lang}${list.path}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
        await expect(heading(page)).toHaveText(t(lang, list.titleKey));
        await expect(page.getByTestId("projects-description")).toHaveText(
          header?.description ?? "",
        );
        await expectRows(page, first.data, (id) => list.detail(lang, id));

        // The table keeps its semantics at every width: its name and four column headers.
        await expect(page.getByRole("table")).toHaveCount(1);
        const headers = page.getByRole("columnheader");
        await expect(headers).toHaveText([
          t(lang, "projects.table.name"),
          t(lang, "projects.table.client"),
          t(lang, list.dateKey),
          t(lang, "projects.table.amount"),
        ]);
        await expect(table(page)).toHaveAccessibleName(
          new RegExp(escapeRegExp(t(lang, "projects.table.caption"))),
        );

        await test.step("the table is readable at this width", () =>
          expectReadableTable(page, lang, testInfo.project.name === "phone"));

        await test.step("a row leads to the project's detail in the same language", async () => {
          const project = first.data[1] ?? first.data[0];
          if (!project) throw new Error("no projects");
          const detail = await apiData<ProjectDetail>(`/api/projects/${project.id}`, lang);

          const row = rows(page).filter({ hasText: project.title });
          // The whole row is clickable: a click on its date (covered by the name's link) opens it.
          await clickAt(page, row.getByRole("cell").nth(2));
          await expect(page).toHaveURL(list.detail(lang, project.id));
          await expect(heading(page)).toHaveText(detail.projects.title);
        });
      });
    }

    test(`/${lang}/projects: paging with next and previous`, async ({ page }) => {
      const first = await apiData<Paged<ProjectRow>>("/api/Completed-projects", lang);
      const last = first.pagination.last_page;
      expect(last, "the seed has more than one page of completed projects").toBeGreaterThan(1);
      const second = await apiData<Paged<ProjectRow>>("/api/Completed-projects?page=2", lang);
      const final = await apiData<Paged<ProjectRow>>(`/api/Completed-projects?page=${last}`, lang);
      const detail = (id: number | string) => `/${lang}/projects/${id}`;

      expect(second.data[0]?.id).not.toBe(first.data[0]?.id);

      await page.goto(`/${lang}/projects`);
      const { nav, previous, next } = pagerLinks(page, lang);
      await expect(previous).toHaveAttribute("aria-disabled", "true");
      await expect(previous).not.toHaveAttribute("href", /.*/);
      await expect(
        nav.getByRole("link", { name: t(lang, "pagination.page", { page: 1 }), exact: true }),
      ).toHaveAttribute("aria-current", "page");
      await expect(
        nav.getByRole("link", { name: t(lang, "pagination.page", { page: last }) }),
      ).toBeVisible();

      await expectNextThenPrevious(page, lang, "/projects", [first.data, second.data], (items) =>
        expectRows(page, items, detail),
      );

      await nav.getByRole("link", { name: t(lang, "pagination.page", { page: last }) }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/projects\\?page=${last}#list$`));
      await expectRows(page, final.data, detail);
      await expect(next).toHaveAttribute("aria-disabled", "true");
      await expect(previous).toHaveAttribute(
        "href",
        last === 2 ? `/${lang}/projects#list` : `/${lang}/projects?page=${last - 1}#list`,
      );
    });
  }

  test("?page= values that are not pages redirect to a valid page", async ({ page, request }) => {
    const { pagination } = await apiData<Paged<ProjectRow>>("/api/Completed-projects", "en");
    // `?page=999` must land on a last page that is not the first, or it checks nothing more.
    expect(pagination.last_page).toBeGreaterThan(1);
    const cases: [string, string][] = [
      ["abc", "/en/projects"],
      ["0", "/en/projects"],
      ["-1", "/en/projects"],
      ["1.5", "/en/projects"],
      ["999", `/en/projects?page=${pagination.last_page}`],
    ];
    for (const [value, target] of cases) {
      const raw = await request.get(`/en/projects?page=${value}`, { maxRedirects: 0 });
      expect(raw.status(), value).toBe(302);
      // The last page moves with the content: no cache in front keeps this.
      expect(raw.headers()["cache-control"], value).toBe("no-store");
      const location = new URL(raw.headers().location ?? "", "http://x");
      expect(location.pathname + location.search, value).toBe(target);

      const response = await page.goto(`/en/projects?page=${value}`);
      expect(response?.status(), value).toBeLessThan(400);
      await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`));
      await expect(rows(page).first()).toBeVisible();
    }
    // The current projects list follows the same rules.
    const current = await apiData<Paged<ProjectRow>>("/api/NotCompleted-projects", "ar");
    const response = await page.goto("/ar/CurrentProjects?page=999");
    expect(response?.status()).toBe(200);
    // More than one page, or landing on the last page would be landing on the bare list.
    expect(current.pagination.last_page).toBeGreaterThan(1);
    await expect(page).toHaveURL(
      new RegExp(`/ar/CurrentProjects\\?page=${current.pagination.last_page}$`),
    );
  });

  test("route matching ignores case: /en/Projects and /en/currentprojects", async ({ page }) => {
    const completed = await apiData<Paged<ProjectRow>>("/api/Completed-projects", "en");
    const current = await apiData<Paged<ProjectRow>>("/api/NotCompleted-projects", "en");

    expect((await page.goto("/en/Projects"))?.status()).toBe(200);
    await expect(heading(page)).toHaveText(t("en", "projects.title"));
    await expect(rows(page).first().getByRole("link")).toHaveText(completed.data[0]?.title ?? "");

    expect((await page.goto("/en/currentprojects"))?.status()).toBe(200);
    await expect(heading(page)).toHaveText(t("en", "projects.currentTitle"));
    await expect(rows(page).first().getByRole("link")).toHaveAttribute(
      "href",
      `/en/CurrentProjects/${current.data[0]?.id}`,
    );
  });

  test("the canonical link of a later page keeps ?page=N", async ({ request }) => {
    const html = await (await request.get("/en/projects?page=2")).text();
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/en\/projects\?page=2"/);
    const first = await (await request.get("/en/projects")).text();
    expect(first).toMatch(/<link rel="canonical" href="[^"]*\/en\/projects"/);
  });
});

test.describe("project detail", () => {
  for (const lang of languages) {
    for (const list of lists) {
      test(`${list.detail(lang, ":id")}: banner, side panel (beside the content on desktop, stacked on phones), gallery and other projects`, async ({
        page,
      }, testInfo) => {
        const rowsData = await apiData<Paged<ProjectRow>>(list.endpoint, lang);
        const id = rowsData.data[0]?.id;
        const { projects: project, other_projects: others } = await apiData<ProjectDetail>(
          `/api/projects/${id}`,
          lang,
        );

        const response = await page.goto(list.detail(lang, id ?? ""));
        expect(response?.status()).toBe(200);
        await expect(heading(page)).toHaveText(project.title);

        const facts = page.getByRole("complementary", { name: t(lang, "projects.detail.title") });
        await expect(facts).toBeVisible();
        await expect(facts.getByTestId("project-client")).toHaveText(project.client);
        await expect(facts.getByTestId("project-location")).toHaveText(project.location);
        await expect(facts.getByTestId("project-date")).toHaveText(project.date.slice(0, 10));
        await expect(facts).toContainText(t(lang, "projects.detail.client"));
        await expect(facts).toContainText(t(lang, "projects.detail.location"));
        await expect(facts).toContainText(t(lang, "projects.detail.date"));

        const section = page.getByRole("region", { name: t(lang, "projects.detail.gallery") });
        await expect(section.getByRole("heading", { level: 2 })).toHaveText(
          t(lang, "projects.detail.gallery"),
        );
        const gallery = section.getByTestId("image-gallery");
        await expect(gallery).toBeVisible();
        await expect(gallery).toHaveAttribute("aria-label", t(lang, "projects.detail.gallery"));
        await expect(
          gallery.locator(`[aria-roledescription="${t(lang, "common.slideRole")}"]`),
        ).toHaveCount(project.project_images.length);
        await expect(gallery.getByRole("img").first()).toHaveAttribute(
          "alt",
          t(lang, "common.imageAlt", { title: project.title, index: 1 }),
        );

        await expect(
          page.getByRole("heading", { level: 2, name: t(lang, "projects.detail.otherProjects") }),
        ).toBeVisible();
        const links = page.getByTestId("other-projects").getByRole("link");
        await expect(links).toHaveCount(others.length);
        for (const [index, other] of others.entries()) {
          await expect(links.nth(index)).toHaveAttribute("href", `/${lang}/projects/${other.id}`);
          await expect(links.nth(index)).toContainText(other.title);
        }

        await test.step("the side panel beside the content on desktop, stacked on phones", async () => {
          const panel = await facts.boundingBox();
          const content = await page.locator(".rich-content").first().boundingBox();
          if (!panel || !content) throw new Error("layout not rendered");
          if (testInfo.project.name === "phone") {
            // Stacked: one column, full width.
            expect(Math.abs(panel.width - content.width)).toBeLessThan(2);
            expect(panel.y + panel.height).toBeLessThanOrEqual(content.y);
          } else {
            // Beside: the panel sits at the end side (right in English, left in Arabic).
            expect(panel.y).toBeLessThan(content.y + content.height);
            if (lang === "en") expect(panel.x).toBeGreaterThan(content.x + content.width);
            else expect(panel.x + panel.width).toBeLessThan(content.x);
          }
        });
      });
    }
  }

  test("an other project leads to its page", async ({ page }) => {
    const id = await firstId("/api/Completed-projects", "ar");
    const { other_projects: others } = await apiData<ProjectDetail>(`/api/projects/${id}`, "ar");
    const other = others[0];
    if (!other) throw new Error("no other projects");
    await page.goto(`/ar/projects/${id}`);
    await page.getByTestId("other-projects").getByRole("link").first().click();
    await expect(page).toHaveURL(`/ar/projects/${other.id}`);
    await expect(heading(page)).toHaveText(other.title);
  });

  for (const badPath of ["/en/projects/999999", "/en/projects/abc", "/ar/CurrentProjects/999999"]) {
    test(`${badPath} answers 404 with the 404 page`, async ({ page }) => {
      const lang: Lang = badPath.startsWith("/ar") ? "ar" : "en";
      const response = await page.goto(badPath);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText(t(lang, "error.404.title"));
      await expect(page.getByTestId("not-found")).toContainText(t(lang, "error.404.message"));
    });
  }
});

test.describe("one address per project", () => {
  onlyAt("desktop", "addresses and links, not layout");

  test("a project opened under either list's address names the list that holds it, and has one canonical address", async ({
    page,
  }) => {
    // SPEC links every project as /projects/{id} (home, footer, other projects), current ones
    // too; the detail answer does not say which list holds it (decision 023).
    for (const lang of languages) {
      const current = await firstId("/api/NotCompleted-projects", lang);
      const completed = await firstId("/api/Completed-projects", lang);
      for (const [id, list] of [
        [current, lists[1]],
        [completed, lists[0]],
      ] as const) {
        for (const opened of lists) {
          const address = opened.detail(lang, id);
          expect((await page.goto(address))?.status(), address).toBe(200);
          await expect(page.locator('link[rel="canonical"]'), address).toHaveAttribute(
            "href",
            new RegExp(`${list.detail(lang, id)}$`),
          );
          const back = page.getByRole("main").getByRole("link", { name: t(lang, list.titleKey) });
          await expect(back.first(), address).toHaveAttribute("href", `/${lang}${list.path}`);
          // The header's Projects menu marks that list, not the other.
          const entry = (path: string) =>
            page
              .locator(`header [data-dropdown] a[href="/${lang}${path}"]`)
              .evaluate((link) => getComputedStyle(link).fontWeight);
          const other = lists.find((each) => each !== list);
          expect(await entry(list.path), address).toBe("600");
          expect(await entry(other?.path ?? ""), address).not.toBe("600");
        }
      }
    }
  });
});

const layoutPaths = async () => [
  "/projects",
  "/projects?page=2",
  "/CurrentProjects",
  `/projects/${await firstId("/api/Completed-projects")}`,
  `/CurrentProjects/${await firstId("/api/NotCompleted-projects")}`,
];

test.describe("layout and accessibility", () => {
  phoneOverflowTests(layoutPaths);
  for (const lang of languages) {
    test(`/${lang}: the pager fits and mirrors in this language`, async ({ page }) => {
      await page.goto(`/${lang}/projects?page=2`);
      const nav = pager(page, lang);
      const previous = await nav
        .getByRole("link", { name: t(lang, "pagination.previous") })
        .boundingBox();
      const next = await nav.getByRole("link", { name: t(lang, "pagination.next") }).boundingBox();
      if (!previous || !next) throw new Error("pager not rendered");
      if (lang === "en") expect(previous.x).toBeLessThan(next.x);
      else expect(previous.x).toBeGreaterThan(next.x);
      const box = await nav.boundingBox();
      expect(
        (box?.x ?? -1) >= 0 &&
          (box?.x ?? 0) + (box?.width ?? 0) <= (page.viewportSize()?.width ?? 0),
      ).toBe(true);
      // The words a link shows are words of its name, for those who speak its name (WCAG 2.5.3).
      for (const link of await nav.getByRole("link").all()) {
        // biome-ignore lint/performance/useDomNodeTextContent: the words shown, not hidden ones
        const shown = (await link.innerText()).trim();
        const name = (await link.getAttribute("aria-label")) ?? shown;
        const words = new Set(name.split(/[\s،,]+/));
        for (const word of shown.split(/\s+/).filter(Boolean)) expect(words, shown).toContain(word);
      }
    });
  }
});
