/**
 * The site against content APIs that write what API.md allows otherwise than the reference API
 * does: string ids, a list answered 404, file names with spaces, every ISO-8601 time form, a
 * "list, first used" that is empty, answers past the size the site reads, and titles of one long
 * word. A proxy in front of the reference API rewrites
 * its answers (support/editing-proxy.ts); the site sends media through its own `/storage` proxy
 * (MEDIA_BASE_URL=/). Plain HTTP at one width; the long titles in the browser at both.
 */
import type { Locator } from "@playwright/test";
import { company, firstId, i18n, languages, t } from "./support/content.ts";
import { type EditingProxy, type ProxiedSite, siteBehindProxy } from "./support/editing-proxy.ts";
import { controlledBy, expectNoHorizontalOverflow, heading } from "./support/page-checks.ts";
import type { RunningSite } from "./support/site.ts";
import { expect, onlyAt, test } from "./support/test.ts";
import { escapeHtml } from "./support/text.ts";

test.describe.configure({ mode: "serial" });

const SECRET = "contract-variants-secret-0123456789";
/** Answers are fresh this long: a test that waits past it makes the site ask the API again. */
const TTL_MS = 300;

let servers: ProxiedSite | undefined;
let proxy: EditingProxy;
let site: RunningSite;

type Row = Record<string, unknown>;
/** The rows of a list or of a page of one, in either of API.md's forms. */
function rowsOf(body: unknown): Row[] {
  const data = (body as { data: unknown }).data;
  return (Array.isArray(data) ? data : (data as { data: Row[] }).data) as Row[];
}
const itemOf = (body: unknown) => (body as { data: Row }).data;

/** The API's answers as given, but the rows of `endpoint` as `change` makes them. */
function rewriteRows(endpoint: string, change: (rows: Row[]) => Row[]) {
  proxy.state.rewrite = (asked, body) => {
    if (asked !== endpoint) return body;
    const holder = body as { data: Row[] | { data: Row[] } };
    const rows = change(rowsOf(body));
    if (Array.isArray(holder.data)) holder.data = rows;
    else holder.data.data = rows;
    return body;
  };
}

/** Makes the site forget every answer and page it keeps (a purge of everything); its status. */
const forgetAll = async () => {
  const purged = await fetch(`${site.url}/purge`, {
    method: "POST",
    headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
    body: "{}",
  });
  return purged.status;
};

const get = async (pagePath: string) => {
  const answer = await fetch(site.url + pagePath, { redirect: "manual" });
  return { status: answer.status, html: await answer.text() };
};

test.beforeAll(async () => {
  servers = await siteBehindProxy("arkan-variants-", {
    MEDIA_BASE_URL: "/",
    CACHE_TTL_MS: String(TTL_MS),
    PURGE_SECRET: SECRET,
  });
  ({ proxy, site } = servers);
});

test.afterAll(async () => {
  await servers?.stop();
});

// Each test starts from an API that answers as the reference one, and a site that remembers
// none of the previous test's answers.
test.beforeEach(async () => {
  Object.assign(proxy.state, { ask: undefined, rewrite: undefined, answer: undefined });
  expect(await forgetAll()).toBe(200);
});

test.describe("over HTTP", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answers: one width is enough");

  test('string ids (API.md: "string ids must also be accepted"): the lists link them, their pages answer, the sitemap lists them', async () => {
    proxy.state.ask = (asked) => asked.replace(/^\/api\/news\/n-(\d+)$/, "/api/news/$1");
    proxy.state.rewrite = (asked, body) => {
      if (asked === "/api/news") for (const row of rowsOf(body)) row.id = `n-${row.id}`;
      if (asked.startsWith("/api/news/")) itemOf(body).id = asked.slice("/api/news/".length);
      return body;
    };
    const list = await get("/en/news");
    expect(list.status).toBe(200);
    const id = /href="\/en\/news\/(n-\d+)"/.exec(list.html)?.[1];
    expect(id, "a card links its story by the API's string id").toBeDefined();
    const story = await get(`/en/news/${id}`);
    expect(story.status).toBe(200);
    expect(new RegExp(`rel="canonical" href="[^"]*/en/news/${id}"`).test(story.html)).toBe(true);
    expect((await get("/ar/news/n-999999")).status).toBe(404);
    // What no id can be is still no page (and no call to the API).
    for (const bad of ["/en/news/%20b", "/en/news/a.b"]) expect((await get(bad)).status).toBe(404);
    const sitemap = (await get("/sitemap.xml")).html;
    expect(sitemap.includes(`/en/news/${id}</loc>`), "in the sitemap").toBe(true);
  });

  test("a slug of a long title, an id with a space inside and a negative id are linked and answer; an id no address can hold leaves its row out, alone", async () => {
    const slug = (n: unknown) =>
      `riyadh-metro-line-3-phase-two-handover-ceremony-${"x".repeat(150)}-${n}`;
    // The negative id a number, as an API writes an integer.
    const ids = [slug, (n: unknown) => `Phase ${n}`, (n: unknown) => -Number(n), () => "a/b"];
    // The API's own story n answers under each of these ids.
    proxy.state.ask = (asked) => {
      const id = /^\/api\/news\/(.+)$/.exec(asked)?.[1];
      return id ? `/api/news/${/(\d+)$/.exec(decodeURIComponent(id))?.[1]}` : asked;
    };
    // The English first page's titles, as the API writes them (the rewrite changes ids only).
    const titles = rowsOf(
      await (await fetch(`${proxy.url}/api/news`, { headers: { lang: "en" } })).json(),
    ).map((row) => String(row.title));
    proxy.state.rewrite = (asked, body) => {
      if (asked === "/api/news") {
        rowsOf(body).forEach((row, i) => {
          if (i < ids.length) row.id = ids[i]?.(row.id) ?? row.id;
        });
      }
      if (asked.startsWith("/api/news/"))
        itemOf(body).id = decodeURIComponent(asked.slice("/api/news/".length));
      return body;
    };
    const list = await get("/en/news");
    expect(list.status).toBe(200);
    const links = [...list.html.matchAll(/href="\/en\/news\/([^"]+)"/g)].map((m) => m[1] ?? "");
    for (const shape of [/^riyadh-metro-line-3-/, /^Phase \d+$/, /^-\d+$/]) {
      const linked = links.find((link) => shape.test(decodeURIComponent(link)));
      expect(linked, String(shape)).toBeDefined();
      const story = await get(`/en/news/${linked}`);
      expect(story.status, linked).toBe(200);
      const canonical = /rel="canonical" href="([^"]+)"/.exec(story.html)?.[1];
      expect(canonical?.endsWith(`/en/news/${linked}`), linked).toBe(true);
    }
    // The row with a slash in its id is left out, the others shown.
    expect(list.html).not.toContain(`>${titles[3]}<`);
    expect(list.html).toContain(`>${titles[4]}<`);
  });

  test("zero-padded string ids are ids of their own, never rewritten to numbers", async () => {
    // An API whose ids are the strings "00<n>": linked, fetched and shown as they are.
    proxy.state.ask = (asked) => asked.replace(/^\/api\/news\/00(\d+)$/, "/api/news/$1");
    proxy.state.rewrite = (asked, body) => {
      if (asked === "/api/news") for (const row of rowsOf(body)) row.id = `00${row.id}`;
      if (asked.startsWith("/api/news/")) itemOf(body).id = asked.slice("/api/news/".length);
      return body;
    };
    const id = /href="\/en\/news\/(00\d+)"/.exec((await get("/en/news")).html)?.[1];
    expect(id, "a card links its story by the API's string id").toBeDefined();
    const story = await get(`/en/news/${id}`);
    expect(story.status, "not redirected to the number").toBe(200);
    expect(story.html).toMatch(new RegExp(`rel="canonical" href="[^"]*/en/news/${id}"`));
  });

  test("a list answered 404 is a failing server: the page from the last good answer, and never seen, the error screen with 503, not the 404 page", async () => {
    expect((await get("/en/equipment")).status).toBe(200);
    proxy.state.answer = (asked) =>
      asked === "/api/equipments" ? { status: 404, body: '{"message":"Not Found"}' } : undefined;
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
    for (const visit of [1, 2]) {
      const seen = await get("/en/equipment");
      expect(seen.status, `visit ${visit}`).toBe(200);
      expect(seen.html.includes('data-testid="equipment-card"'), "cards").toBe(true);
    }
    const unseen = await get("/ar/equipment");
    expect(unseen.status).toBe(503);
    expect(unseen.html.includes('data-testid="error-screen"'), "error screen").toBe(true);
  });

  test("file names with spaces and dates in other ISO-8601 forms: the page, its links encoded", async () => {
    proxy.state.rewrite = (asked, body) => {
      if (asked !== "/api/news") return body;
      const [first, second, third] = rowsOf(body);
      Object.assign(first ?? {}, {
        image: "/storage/news/my photo.webp",
        created_at: "2024-05-12T09:30:00+03",
      });
      Object.assign(second ?? {}, { created_at: "2024-05-13T24:00:00Z" });
      Object.assign(third ?? {}, { created_at: "2024-05-14T09:30:00,5+0300" });
      return body;
    };
    const { status, html } = await get("/en/news");
    expect(status).toBe(200);
    // Resized by the site (`/img?src=`, encoded once more there).
    const spaced = encodeURIComponent("/storage/news/my%20photo.webp");
    expect(html.includes(spaced), spaced).toBe(true);
    expect(html.includes("my photo"), "my photo").toBe(false);
    for (const day of ["2024-05-12", "2024-05-13", "2024-05-14"])
      expect(html.includes(`dateTime="${day}"`), day).toBe(true);
  });

  test("a story's description with markup is shown as its text, as its card shows it", async () => {
    const id = await firstId("/api/news", "en", proxy.url);
    proxy.state.rewrite = (asked, body) => {
      if (asked === `/api/news/${id}`) {
        Object.assign(itemOf(body), { description: "<p>Desc with <b>tags</b> &amp; more</p>" });
      }
      return body;
    };
    const story = await get(`/en/news/${id}`);
    expect(story.status).toBe(200);
    expect(story.html).toMatch(/>Desc with tags &amp; more<\/p>/);
    expect(story.html).not.toContain("&lt;b&gt;");
  });

  test('a "list, first used" answered empty: each page without its record, titled by the site', async () => {
    proxy.state.rewrite = (asked, body) =>
      ["/api/news-page", "/api/hse", "/api/project-pages"].includes(asked) ? { data: [] } : body;
    const news = await get("/en/news");
    expect(news.status).toBe(200);
    expect(news.html.includes(`>${i18n.en["news.title"]}</h1>`), "title").toBe(true);
    // The document's and the social card's title too, not the site's name alone.
    const newsTitle = escapeHtml(i18n.en["news.title"] ?? "");
    expect(news.html).toContain(`<title>${newsTitle} | `);
    expect(news.html).toContain(`<meta property="og:title" content="${newsTitle}"`);
    expect(news.html.includes('data-testid="news-card"'), "cards").toBe(true);
    const projects = await get("/ar/projects");
    expect(projects.status).toBe(200);
    expect(projects.html.includes('data-testid="projects-table"'), "table").toBe(true);
    const hse = await get("/ar/HSE");
    expect(hse.status).toBe(200);
    expect(hse.html.includes(`>${i18n.ar["hse.title"]}</h1>`), "title").toBe(true);
    // SPEC: rich content "shows 'No data here' when content is missing".
    expect(hse.html.includes(`>${i18n.ar["common.noDataHere"]}</p>`), "no data here").toBe(true);
  });

  test("the company profile is a download from this site when the API keeps it on a media origin; elsewhere it is linked where it is", async () => {
    // On the API's own origin, absolute (a site whose media come from the API itself).
    proxy.state.rewrite = (asked, body) => {
      if (asked === "/api/our_profile") {
        const [row] = rowsOf(body);
        Object.assign(row ?? {}, { pdf_download_url: `${proxy.url}/storage/profile/x.pdf` });
      }
      return body;
    };
    const pdf = Buffer.from("%PDF-1.4 the profile");
    proxy.state.answer = (asked) =>
      asked === "/storage/profile/x.pdf" ? { status: 200, body: pdf.toString() } : undefined;
    expect((await get("/en")).html.includes('href="/en/ourProfile" download=""'), "link").toBe(
      true,
    );
    const answer = await fetch(`${site.url}/en/ourProfile`, { redirect: "manual" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="x.pdf"');
    expect(Buffer.from(await answer.arrayBuffer()).equals(pdf)).toBe(true);
    // A HEAD gets the same headers.
    const head = await fetch(`${site.url}/en/ourProfile`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-disposition")).toBe('attachment; filename="x.pdf"');

    await forgetAll();
    proxy.state.rewrite = (asked, body) => {
      if (asked === "/api/our_profile") {
        const [row] = rowsOf(body);
        Object.assign(row ?? {}, { pdf_download_url: "https://cdn.example.com/p.pdf" });
      }
      return body;
    };
    // Elsewhere: About Us links the file where it is (this site fetches from media origins only).
    const home = await get("/ar");
    expect(home.html.includes('href="https://cdn.example.com/p.pdf" download=""'), "link").toBe(
      true,
    );
    // Opened itself, it answers the site's error screen in the page's language.
    const missing = await get("/ar/ourProfile");
    expect(missing.status).toBe(404);
    expect(missing.html.includes('<html lang="ar" dir="rtl">'), "Arabic page").toBe(true);
    expect(missing.html.includes(`<h1>${i18n.ar["error.404.title"]}</h1>`), "its title").toBe(true);
  });

  test("the home page's figures follow their `index`, not the order the API lists them in, an index written as text too", async () => {
    rewriteRows("/api/extra-data", ([first]) =>
      [30, "4", 12, 7].map((index) => ({
        ...first,
        index,
        title: `Figure at ${index}`,
        content: `Content ${index}`,
      })),
    );
    const html = (await get("/en")).html;
    const strip = html.slice(html.indexOf('data-testid="extra-data-item"'));
    const places = ["4", "7", "12", "30"].map((index) => strip.indexOf(`>Figure at ${index}<`));
    expect(
      places.every((place) => place >= 0),
      "all shown",
    ).toBe(true);
    expect(places, "in their index's order").toEqual([...places].sort((a, b) => a - b));
  });

  test("an answer longer than the site reads is a broken answer (502) at once, and the site goes on", async () => {
    const megabyte = " ".repeat(1024 * 1024);
    proxy.state.answer = (asked) =>
      asked === "/api/hse" ? { status: 200, body: `{"data":[]${megabyte.repeat(11)}}` } : undefined;
    const started = Date.now();
    const hse = await get("/en/HSE");
    expect(hse.status).toBe(502);
    expect(hse.html.includes('data-testid="error-screen"'), "error screen").toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await get("/en")).status).toBe(200);
  });
});

test.describe("in the browser", () => {
  test("titles, names and addresses of one long word stay inside the screen: cards, the projects table, the home figures, the services list, the contact details and the footer", async ({
    page,
  }) => {
    const word = "Ø".repeat(300);
    const named = [
      "/api/news",
      "/api/Completed-projects",
      "/api/latest-projects",
      "/api/extra-data",
    ];
    named.push("/api/services", "/api/homepage-services");
    proxy.state.rewrite = (asked, body) => {
      if (named.includes(asked)) {
        const [first] = rowsOf(body);
        Object.assign(first ?? {}, { title: word, client: word });
      }
      // Every page's footer holds the contact details.
      if (asked === "/api/contact-info") {
        const [first] = rowsOf(body);
        Object.assign(first ?? {}, { title: word, info: word });
      }
      return body;
    };
    const service = await firstId("/api/services", "en", proxy.url);
    for (const pagePath of ["/en/news", "/ar/projects", "/ar", `/en/services/${service}`]) {
      await page.goto(site.url + pagePath);
      await expect(heading(page)).toBeVisible();
      await expect(page.getByText(word).filter({ visible: true }).first()).toBeVisible();
      await expectNoHorizontalOverflow(page, pagePath);
    }
  });
});

test("a project with a client of one long word, no location, empty photo entries, an untitled other project and itself among its others: inside the screen, nothing bare, empty or repeated", async ({
  page,
  isMobile,
}) => {
  const word = "Ø".repeat(200);
  const id = await firstId("/api/Completed-projects", "en", proxy.url);
  const sentence =
    "Ministry of Municipal and Rural Affairs and Housing, Eastern Province Directorate";
  let others = 0;
  let bare = "";
  proxy.state.rewrite = (asked, body) => {
    if (asked === `/api/projects/${id}`) {
      const item = itemOf(body) as { projects: Row; other_projects: Row[] };
      const [photo] = item.projects.project_images as Row[];
      Object.assign(item.projects, {
        client: word,
        location: "",
        project_images: [{ name: null }, photo, { name: "" }, photo],
      });
      others = item.other_projects.length;
      Object.assign(item.other_projects[0] ?? {}, { title: "" });
      item.other_projects.push({ id, title: item.projects.title, homeimage: null });
    }
    if (asked === "/api/Completed-projects") {
      const [first, second] = rowsOf(body);
      Object.assign(first ?? {}, { client: `${sentence} ${sentence}` });
      Object.assign(second ?? {}, { client: "", amount: "" });
      bare = String(second?.title);
    }
    return body;
  };
  for (const lang of ["en", "ar"] as const) {
    await page.goto(`${site.url}/${lang}/projects/${id}`);
    await expect(page.getByTestId("project-client")).toHaveText(word);
    await expect(page.getByTestId("project-location")).toHaveCount(0);
    await expectNoHorizontalOverflow(page, `/${lang}/projects/${id}`);
    // Two photos, not four slides of which two show nothing.
    await expect(page.getByTestId("gallery-viewport").locator(":scope > * > *")).toHaveCount(2);
    const links = page.getByTestId("other-projects").getByRole("link");
    await expect(links).toHaveCount(others - 1);
    for (const link of await links.all()) expect((await link.textContent())?.trim()).not.toBe("");

    // On a phone's card the column's name and a long value beside it do not overlap.
    await page.goto(`${site.url}/${lang}/projects`);
    const cell = page.getByRole("cell").filter({ hasText: sentence }).first();
    const label = await cell.locator("[aria-hidden=true]").boundingBox();
    const value = await cell.getByText(sentence).boundingBox();
    if (label && value && label.width > 0) {
      const apart =
        label.x + label.width <= value.x + 0.5 || value.x + value.width <= label.x + 0.5;
      expect(apart, `/${lang}/projects: the label beside the client`).toBe(true);
    }
    // A row without a client and an amount: the table keeps its cells; a phone's card shows
    // the name and the date, not two bare labels.
    const cells = page.getByRole("row").filter({ hasText: bare }).getByRole("cell");
    await expect(cells).toHaveCount(4);
    const shown = await cells.evaluateAll(
      (all) => all.filter((c) => c.getBoundingClientRect().height > 1).length,
    );
    expect(shown, `/${lang}/projects`).toBe(isMobile ? 2 : 4);
    await expectNoHorizontalOverflow(page, `/${lang}/projects`);
  }
});

test("an image missing from the API shows the site's 'no image' picture, not a broken one", async ({
  page,
}) => {
  // One through the site's /img, which answers with the picture; one on another host that
  // answers 404 itself, which the page replaces.
  rewriteRows("/api/news", ([first, second, ...rest]) => [
    { ...first, image: "/storage/news/never-uploaded.jpg" },
    { ...second, image: `${proxy.url}/elsewhere/never-uploaded.jpg` },
    ...rest,
  ]);
  await page.goto(`${site.url}/en/news`);
  const cards = page.getByTestId("news-card");
  const picture = cards.nth(0).locator("img").first();
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveAttribute("src", /never-uploaded/);
  const shown = (image: Locator) =>
    image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth);
  await expect.poll(() => shown(picture)).toBeGreaterThan(0);
  const elsewhere = cards.nth(1).locator("img").first();
  await elsewhere.scrollIntoViewIfNeeded();
  await expect(elsewhere).toHaveAttribute("src", "/no-image.svg");
  await expect.poll(() => shown(elsewhere)).toBeGreaterThan(0);
});

test("a first page of 30 news and 20 home projects: the home carousels show the first 12 of each", async ({
  isMobile,
}) => {
  test.skip(isMobile, "the server's answer: one width is enough");
  const many = (rows: Row[], count: number) =>
    Array.from({ length: count }, (_, i) => ({
      ...rows[i % rows.length],
      id: 9000 + i,
      title: `Item ${i}`,
    }));
  proxy.state.rewrite = (asked, body) => {
    const holder = body as { data: Row[] | { data: Row[] } };
    if (asked === "/api/news" && !Array.isArray(holder.data))
      holder.data.data = many(holder.data.data, 30);
    if (asked === "/api/homepage-projects" && Array.isArray(holder.data))
      holder.data = many(holder.data, 20);
    return body;
  };
  const home = (await get("/en")).html;
  for (const [testId, path] of [
    ["latest-news", "news"],
    ["latest-projects", "projects"],
  ] as const) {
    const block = home.slice(home.indexOf(`data-testid="${testId}"`));
    const ids = [...block.matchAll(new RegExp(`href="/en/${path}/(9\\d{3})"`, "g"))].map(
      (m) => m[1],
    );
    expect(new Set(ids), testId).toEqual(
      new Set(Array.from({ length: 12 }, (_, i) => String(9000 + i))),
    );
  }
});

test("page 6 of 12: the first and last page, the pages either side (two, one on phones) and an ellipsis for each gap (SPEC: pagination)", async ({
  page,
  isMobile,
}) => {
  const stories = rowsOf(await (await fetch(`${proxy.url}/api/news`)).json());
  proxy.state.rewrite = (asked, body) => {
    if (asked !== "/api/news") return body;
    const paged = (body as { data: { data: Row[]; pagination: Record<string, number> } }).data;
    paged.data = stories.map((row, i) => ({ ...row, id: 9100 + i }));
    Object.assign(paged.pagination, { last_page: 12, total: 12 * stories.length });
    return body;
  };
  for (const lang of languages) {
    await page.goto(`${site.url}/${lang}/news?page=6`);
    const pager = page.getByRole("navigation", { name: t(lang, "pagination.label") });
    const numbers = pager.locator("ol:visible");
    await expect(numbers.locator("a")).toHaveText(
      (isMobile ? [1, 5, 6, 7, 12] : [1, 4, 5, 6, 7, 8, 12]).map(String),
    );
    await expect(numbers.locator('li[aria-hidden="true"]')).toHaveText(["…", "…"]);
    await expect(numbers.locator('[aria-current="page"]')).toHaveText("6");
    await expect(pager.getByRole("link", { name: t(lang, "pagination.previous") })).toHaveAttribute(
      "href",
      `/${lang}/news?page=5#list`,
    );
    await expect(pager.getByRole("link", { name: t(lang, "pagination.next") })).toHaveAttribute(
      "href",
      `/${lang}/news?page=7#list`,
    );
    await expectNoHorizontalOverflow(page, lang);
  }
});

test("a home page without banners shows the company's name where they would be", async ({
  page,
}) => {
  rewriteRows("/api/homepage-banners", () => []);
  for (const lang of ["en", "ar"] as const) {
    await page.goto(`${site.url}/${lang}`);
    await expect(page.getByTestId("hero-slider")).toHaveCount(0);
    const title = page.getByRole("heading", { level: 1 });
    await expect(title).toBeInViewport();
    await expect(title).toHaveText(company(lang).name);
  }
});

test("an untitled banner is its picture alone, without an empty heading", async ({ page }) => {
  rewriteRows("/api/homepage-banners", ([first, ...rest]) => [
    { ...first, title: "", subtitle: null },
    ...rest,
  ]);
  await page.goto(`${site.url}/en`);
  const slider = page.getByTestId("hero-slider");
  await expect(slider.locator("img").first()).toBeAttached();
  for (const heading of await slider.getByRole("heading").all()) {
    await expect(heading).not.toHaveText(/^\s*$/);
  }
  await expect(slider.locator("h2:empty")).toHaveCount(0);
});

test.describe(() => {
  onlyAt("phone", "a narrow screen");

  test("a long e-mail address wraps after its @ or before a dot, never at one of its hyphens (320 px)", async ({
    page,
  }) => {
    const address = "customer-relations@arkan-general-contracting.example";
    rewriteRows("/api/contact-info", ([first]) => [{ ...first, title: "E-mail", info: address }]);
    await page.setViewportSize({ width: 320, height: 800 });
    for (const lang of ["en", "ar"] as const) {
      await page.goto(`${site.url}/${lang}/contactUs`);
      const links = page.locator(`a[href="mailto:${address}"]`);
      await expect(links).toHaveCount(2);
      for (const link of await links.all()) {
        await expect(link).toHaveText(address);
        // Where its lines break: the characters either side of each break.
        const breaks = await link.evaluate((element) => {
          const boxes: { char: string; top: number }[] = [];
          const range = document.createRange();
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (let i = 0; i < text.length; i++) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const box = range.getClientRects()[0];
              if (box) boxes.push({ char: text[i] ?? "", top: box.top });
            }
          }
          const breaks: string[] = [];
          for (let i = 1; i < boxes.length; i++) {
            const [before, after] = [boxes[i - 1], boxes[i]];
            if (before && after && after.top > before.top + 2)
              breaks.push(`${before.char}|${after.char}`);
          }
          return breaks;
        });
        expect(breaks.length, `${lang}: the address takes more than one line`).toBeGreaterThan(0);
        for (const at of breaks) expect(at, lang).toMatch(/^@\||\|\.$/);
      }
      await expectNoHorizontalOverflow(page, lang);
    }
  });
});

test("without contact details, the contact page and the footer say where to write instead", async ({
  page,
}) => {
  rewriteRows("/api/contact-info", () => []);
  for (const lang of ["en", "ar"] as const) {
    await page.goto(`${site.url}/${lang}/contactUs`);
    await expect(page.locator("main aside")).toContainText(i18n[lang]["contact.noDetails"]);
    await expect(
      page.locator("footer").getByRole("link", { name: i18n[lang]["footer.writeToUs"] }),
    ).toHaveAttribute("href", `/${lang}/contactUs`);
  }
});

test("a contact detail without its value and a latest project without a title are left out, not shown bare; a detail's line breaks stay", async ({
  page,
}) => {
  let latest: Row[] = [];
  proxy.state.rewrite = (asked, body) => {
    if (asked === "/api/contact-info") {
      const rows = rowsOf(body);
      rows.push(
        { title: "Telex", info: "  " },
        { title: "", info: "" },
        { title: "Hours", info: "Sun–Thu 8:00–17:00\nFri closed" },
      );
    }
    if (asked === "/api/latest-projects") {
      latest = rowsOf(body);
      Object.assign(latest[0] ?? {}, { title: " " });
    }
    return body;
  };
  for (const lang of ["en", "ar"] as const) {
    await page.goto(`${site.url}/${lang}/contactUs`);
    for (const block of [page.locator("main aside"), page.locator("footer")]) {
      await expect(block).not.toContainText("Telex");
      // Every detail shown has its value under its title.
      for (const item of await block.locator("li:has(> svg)").all()) {
        await expect(item.locator("p")).toHaveCount(2);
        await expect(item.locator("p").nth(1)).not.toHaveText("");
      }
    }
    // An editor's line break stays a line break.
    for (const block of [page.locator("main aside"), page.locator("footer")]) {
      const hours = block.locator("li", { hasText: "Fri closed" }).locator("p").nth(1);
      // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out, its line breaks
      expect(await hours.innerText()).toMatch(/^Sun–Thu.+17:00\nFri closed$/);
    }
    // The footer's three latest projects are the first three with a title, each one named.
    const links = page.getByTestId("footer-projects").getByRole("link");
    await expect(links).toHaveCount(Math.min(3, latest.length - 1));
    for (const link of await links.all()) {
      await expect(link.locator("span span").first()).not.toHaveText(/^\s*$/);
    }
  }
});

test("a banner's long title and subtitle stay below the fixed header, on a small phone too", async ({
  page,
  isMobile,
}) => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");
  rewriteRows("/api/homepage-banners", ([first, ...rest]) => [
    { ...first, title: words(20), subtitle: words(40) },
    ...rest,
  ]);
  if (isMobile) await page.setViewportSize({ width: 375, height: 667 });
  for (const lang of ["en", "ar"]) {
    await page.goto(`${site.url}/${lang}`);
    const header = await page.locator("header").first().boundingBox();
    const slide = page.getByTestId("hero-slide").first();
    for (const text of [slide.getByRole("heading"), slide.locator("p")]) {
      const box = await text.boundingBox();
      expect(box?.y ?? 0, lang).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    }
  }
});

test("one or two home banners fill a wide screen side by side, each picture cut to its slide's shape; a phone shows one at a time", async ({
  page,
  isMobile,
}) => {
  for (const count of [1, 2]) {
    rewriteRows("/api/homepage-banners", (rows) => rows.slice(0, count));
    expect(await forgetAll()).toBe(200);
    for (const lang of ["en", "ar"]) {
      await page.goto(`${site.url}/${lang}`);
      const slides = page.getByTestId("hero-slide");
      await expect(slides).toHaveCount(count);
      const width = page.viewportSize()?.width ?? 0;
      const first = slides.first();
      const box = await first.boundingBox();
      const picture = first.locator("img").first();
      await expect(picture).toHaveJSProperty("complete", true);
      const shown = new URL(await picture.evaluate((image: HTMLImageElement) => image.currentSrc));
      const shape = Number(shown.searchParams.get("w")) / Number(shown.searchParams.get("h"));
      if (isMobile) {
        // One slide a view, the picture a tall 9:16 crop.
        expect(box?.width ?? 0, `${count} ${lang}`).toBeGreaterThan(width - 60);
        expect(shape, `${count} ${lang}`).toBeCloseTo(9 / 16, 2);
      } else {
        // The slides share the whole width (the 50 px gap aside), not a third each.
        expect(box?.width ?? 0, `${count} ${lang}`).toBeGreaterThan(width / count - 60);
        expect(shape, `${count} ${lang}`).toBeCloseTo(count === 1 ? 16 / 9 : 4 / 5, 2);
        // Nothing to move to: no slider buttons.
        await expect(page.getByTestId("hero-slider").getByRole("button")).toHaveCount(0);
      }
    }
  }
});

test("a dozen home banners keep the slider's buttons on the screen, each a 24 px target", async ({
  page,
}) => {
  rewriteRows("/api/homepage-banners", ([first]) =>
    Array.from({ length: 12 }, (_, i) => ({ ...first, id: 800 + i })),
  );
  for (const lang of ["en", "ar"]) {
    await page.goto(`${site.url}/${lang}`);
    const slider = page.getByTestId("hero-slider");
    await expect(slider.getByTestId("hero-dot")).toHaveCount(12);
    let measured = 0;
    for (const button of await slider.getByRole("button").all()) {
      if (!(await button.isVisible())) continue;
      await expect(button).toBeInViewport({ ratio: 1 });
      const box = await button.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
      measured += 1;
    }
    // Previous, next, pause and the twelve dots.
    expect(measured).toBe(15);
    await expectNoHorizontalOverflow(page, lang);
  }
});

test.describe(() => {
  onlyAt("desktop", "the desktop dropdowns");

  test("a dropdown of dozens of services scrolls within the window, to its last one", async ({
    page,
  }) => {
    rewriteRows("/api/services", ([first]) =>
      Array.from({ length: 60 }, (_, i) => ({
        ...first,
        id: 900 + i,
        title: `Service number ${i + 1}`,
      })),
    );
    await page.goto(`${site.url}/en/news`);
    const toggle = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "Show Services submenu" });
    await toggle.click();
    const menu = await controlledBy(page, toggle);
    const box = await menu.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(
      page.viewportSize()?.height ?? 0,
    );
    const last = menu.getByRole("link", { name: "Service number 60" });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
  });
});

test("what editors paste stays inside the screen and reads as the page: long code lines, Word's empty paragraphs, an h1, a phone number, a table of contents", async ({
  page,
}) => {
  const longLine = `const route = "${"x".repeat(180)}";`;
  proxy.state.rewrite = (asked, body) => {
    if (/^\/api\/news\/[^/]+$/.test(asked)) {
      Object.assign(itemOf(body), {
        content: [
          '<p><a href="#h.end">To the last part</a></p>',
          "<h1>An editor's title</h1>",
          `<pre><code>${longLine}</code></pre>`,
          '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>'.repeat(4),
          '<p>Call <a href="tel:+966112345678">+966 11 234 5678</a></p>',
          "<table><caption>Quantities</caption><tr>",
          "<td>a long cell of the table</td>".repeat(8),
          "</tr></table>",
          "<p>A long part of the story.</p>".repeat(60),
          '<h2 id="h.end">The last part</h2>',
        ].join(""),
      });
    }
    return body;
  };
  const story = await firstId("/api/news", "en", proxy.url);
  for (const lang of ["en", "ar"] as const) {
    await page.goto(`${site.url}/${lang}/news/${story}`);
    await expect(page.getByText(longLine)).toBeAttached();
    await expectNoHorizontalOverflow(page, lang);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: "An editor's title" })).toBeVisible();
    // The groups of the number in their order, in Arabic too.
    await expect(page.locator('main a[href^="tel:"]')).toHaveAttribute("dir", "ltr");
    // No run of empty paragraphs: the number follows the code block closely.
    const gap = await page.evaluate(() => {
      const pre = document.querySelector("main pre")?.getBoundingClientRect();
      const call = document.querySelector('main a[href^="tel:"]')?.getBoundingClientRect();
      return (call?.top ?? 0) - (pre?.bottom ?? 0);
    });
    expect(gap).toBeLessThan(80);
    // The table of contents leads to its part, which shows below the fixed header.
    await page.getByRole("link", { name: "To the last part" }).click();
    const last = page.getByRole("heading", { name: "The last part" });
    await expect(last).toBeInViewport();
    const headerBottom = await page
      .locator("header")
      .first()
      .evaluate((header) => header.getBoundingClientRect().bottom);
    expect((await last.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
  }
});
