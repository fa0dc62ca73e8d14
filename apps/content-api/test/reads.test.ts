/** Every read endpoint against the contract schemas, in both languages, on both seeds. */
import {
  type EndpointName,
  endpointPath,
  endpoints,
  errorBody,
  languages,
  newsSummary,
  paged,
  projectRow,
} from "@site/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newsPerPage, projectsPerPage } from "../src/db/content.ts";
import { readSeed, type Seed } from "../src/seed/seed-files.ts";
import {
  expectEnvelope,
  fixtureSeedDir,
  realSeedDir,
  request,
  startTestApi,
  type TestApi,
} from "./helpers.ts";

const arabicScript = /[\u0600-\u06ff]/;
/** Endpoints without localised text. */
const languageNeutral = new Set<EndpointName>(["companyProfile", "footers"]);
const names = Object.keys(endpoints) as EndpointName[];

describe.each([
  ["fixture seed", fixtureSeedDir],
  ["real seed", realSeedDir],
])("reads with the %s", (_label, seedDir) => {
  let t: TestApi;
  let seed: Seed;

  beforeAll(async () => {
    seed = await readSeed(seedDir);
    t = await startTestApi({ seedDir });
  });
  afterAll(() => t?.stop());

  /** An existing id for each endpoint that takes one. */
  const sampleIds = (): Partial<Record<EndpointName, number>> => ({
    service: seed.services[0]?.id,
    extraPage: seed.extraPages[0]?.id,
    newsItem: seed.news[0]?.id,
    project: seed.projects[0]?.id,
  });

  const pathOf = (name: EndpointName) => endpointPath(name, { id: sampleIds()[name] });

  test.each(names)("%s matches the contract in English and Arabic", async (name) => {
    const answers = [];
    for (const lang of languages) {
      const path = pathOf(name);
      const answer = await request(t.api, path, { lang });
      expect(answer.status, `${path} (${lang})`).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      const payload = expectEnvelope(endpoints[name].schema, answer.body, `${path} (${lang})`);
      answers.push(payload);
      if (Array.isArray(payload)) expect(payload.length, `${path} is not empty`).toBeGreaterThan(0);
    }
    if (!languageNeutral.has(name)) {
      expect(JSON.stringify(answers[1]), `${name}: Arabic differs from English`).not.toBe(
        JSON.stringify(answers[0]),
      );
    }
  });

  /** The field that titles each endpoint's items: the overview has no `title`, only its own. */
  const titleField = (name: EndpointName) => (name === "overviews" ? "meta_title" : "title");

  test.each(names.filter((name) => !languageNeutral.has(name)))(
    "%s: every Arabic title is a real translation",
    async (name) => {
      const field = titleField(name);
      const en = (await request(t.api, pathOf(name), { lang: "en" })).body;
      const ar = (await request(t.api, pathOf(name), { lang: "ar" })).body;
      const pairs: [string, string, string][] = [];
      const walk = (a: unknown, b: unknown, at: string): void => {
        if (Array.isArray(a) && Array.isArray(b)) {
          for (const [i, item] of a.entries()) walk(item, b[i], `${at}[${i}]`);
        } else if (a && b && typeof a === "object" && typeof b === "object") {
          for (const [key, value] of Object.entries(a)) {
            const other = (b as Record<string, unknown>)[key];
            if (key === field && typeof value === "string" && typeof other === "string") {
              pairs.push([`${at}.${key}`, value, other]);
            } else walk(value, other, `${at}.${key}`);
          }
        }
      };
      walk(en, ar, name);
      expect(pairs.length, `${name} has a ${field} to compare`).toBeGreaterThan(0);
      for (const [at, english, arabic] of pairs) {
        expect(arabic, at).toMatch(arabicScript);
        expect(arabic, at).not.toBe(english);
      }
    },
  );

  test("a missing or unknown lang header is answered in English", async () => {
    const english = (await request(t.api, "/api/homepage-banners", { lang: "en" })).text;
    expect((await request(t.api, "/api/homepage-banners")).text).toBe(english);
    expect((await request(t.api, "/api/homepage-banners", { lang: "fr" })).text).toBe(english);
    expect((await request(t.api, "/api/homepage-banners", { lang: "AR" })).text).not.toBe(english);
  });

  describe.each([
    ["news", "/api/news", newsPerPage, () => seed.news.length, newsSummary],
    [
      "completed projects",
      "/api/Completed-projects",
      projectsPerPage,
      () => seed.projects.filter((p) => p.status === "completed").length,
      projectRow,
    ],
    [
      "current projects",
      "/api/NotCompleted-projects",
      projectsPerPage,
      () => seed.projects.filter((p) => p.status === "current").length,
      projectRow,
    ],
  ] as const)("paging of %s", (_name, path, perPage, count, item) => {
    const page = async (query: string) => {
      const answer = await request(t.api, `${path}${query}`, { lang: "en" });
      expect(answer.status, `${path}${query}`).toBe(200);
      return expectEnvelope(paged(item), answer.body, `${path}${query}`);
    };

    test("pages hold every item once, with the true last page", async () => {
      const total = count();
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const ids: unknown[] = [];
      for (let n = 1; n <= lastPage; n++) {
        const { data, pagination } = await page(`?page=${n}`);
        expect(pagination).toEqual({
          current_page: n,
          last_page: lastPage,
          per_page: perPage,
          total,
        });
        expect(data.length).toBe(n < lastPage ? perPage : total - perPage * (lastPage - 1));
        ids.push(...data.map((row) => row.id));
      }
      expect(new Set(ids).size).toBe(total);
    });

    test("a page past the end is empty and tells the true last page", async () => {
      const lastPage = Math.max(1, Math.ceil(count() / perPage));
      const { data, pagination } = await page(`?page=${lastPage + 1}`);
      expect(data).toEqual([]);
      expect(pagination.last_page).toBe(lastPage);
      expect((await page("?page=99999999999999999999")).data).toEqual([]);
    });

    test.each(["", "?page=0", "?page=-1", "?page=abc", "?page=1.5", "?page=&page=2"])(
      "%s is page 1",
      async (query) => {
        const first = await page("?page=1");
        const answer = await page(query);
        expect(answer.pagination.current_page).toBe(1);
        expect(answer.data).toEqual(first.data);
      },
    );
  });

  test("news come newest first", async () => {
    const { data } = expectEnvelope(
      endpoints.news.schema,
      (await request(t.api, "/api/news")).body,
      "news",
    );
    const dates = data.map((n) => n.created_at ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test("latest projects come newest first; the home page shows at most 8 projects", async () => {
    const latest = expectEnvelope(
      endpoints.latestProjects.schema,
      (await request(t.api, "/api/latest-projects")).body,
      "latest",
    );
    const dates = latest.map((p) => p.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(latest.length).toBe(seed.projects.length);
    const home = expectEnvelope(
      endpoints.homeProjects.schema,
      (await request(t.api, "/api/homepage-projects")).body,
      "home",
    );
    expect(home.length).toBe(Math.min(8, seed.projects.length));
  });

  test("extra data come sorted by index", async () => {
    const items = expectEnvelope(
      endpoints.extraData.schema,
      (await request(t.api, "/api/extra-data")).body,
      "extra",
    );
    const order = items.map((item) => Number(item.index));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  test("completed and current projects both have a detail page with other projects", async () => {
    for (const status of ["completed", "current"] as const) {
      const project = seed.projects.find((p) => p.status === status);
      if (!project) continue;
      const answer = await request(t.api, `/api/projects/${project.id}`, { lang: "ar" });
      const detail = expectEnvelope(endpoints.project.schema, answer.body, `project ${project.id}`);
      expect(detail.projects.id).toBe(project.id);
      expect(detail.projects.title).toBe(project.title.ar);
      expect(detail.projects.project_images.map((i) => i.name)).toEqual(project.images);
      expect(detail.other_projects.length).toBe(Math.min(4, seed.projects.length - 1));
      expect(detail.other_projects.map((p) => p.id)).not.toContain(project.id);
    }
  });

  test("details return the item asked for", async () => {
    for (const item of seed.news) {
      const answer = await request(t.api, `/api/news/${item.id}`, { lang: "en" });
      expect(expectEnvelope(endpoints.newsItem.schema, answer.body, "news").title).toBe(
        item.title.en,
      );
    }
    for (const item of seed.services) {
      const answer = await request(t.api, `/api/services/${item.id}`, { lang: "ar" });
      expect(expectEnvelope(endpoints.service.schema, answer.body, "service").content).toBe(
        item.content.ar,
      );
    }
    for (const item of seed.extraPages) {
      const answer = await request(t.api, `/api/extra-pages/${item.id}`, { lang: "ar" });
      expect(expectEnvelope(endpoints.extraPage.schema, answer.body, "page").title).toBe(
        item.title.ar,
      );
    }
  });

  test.each([
    "/api/news/999999",
    "/api/news/abc",
    "/api/news/1.5",
    "/api/news/-1",
    "/api/news/1e3",
    "/api/news/%ZZ",
    "/api/projects/999999",
    "/api/projects/x",
    "/api/services/999999",
    "/api/services/first",
    "/api/extra-pages/999999",
    "/api/extra-pages/abc",
  ])("unknown or non-numeric id %s is a 404 with a message", async (path) => {
    const answer = await request(t.api, path, { lang: "ar" });
    expect(answer.status).toBe(404);
    expect(errorBody.parse(answer.body).message).toMatch(arabicScript);
  });

  test.each([
    "/",
    "/api",
    "/api/unknown",
    "/api/completed-projects",
    "/api/notcompleted-projects",
    "/api/our-profile",
    "/api/news/1/extra",
    "/api/news/",
    "/api/homepage-banners/",
    "/storage",
  ])("unknown path %s is a 404 with a message", async (path) => {
    const answer = await request(t.api, path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(errorBody.parse(answer.body).message).toBe("Not found.");
  });

  test("a wrong method is a 405 naming the allowed ones", async () => {
    for (const [method, path] of [
      ["POST", "/api/news"],
      ["DELETE", "/api/projects/1"],
      ["PUT", "/api/homepage-banners"],
      ["GET", "/api/contact-us"],
      ["DELETE", "/api/contact-us"],
    ] as const) {
      const answer = await request(t.api, path, { method });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(errorBody.safeParse(answer.body).success).toBe(true);
      expect(answer.headers.get("allow")).toBeTruthy();
    }
  });

  test("HEAD answers like GET without a body", async () => {
    const answer = await request(t.api, "/api/news", { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("");
  });

  test("the contact form's CORS preflight allows its headers", async () => {
    const answer = await request(t.api, "/api/contact-us", {
      method: "OPTIONS",
      headers: {
        origin: "https://example.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, lang, idempotency-key",
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = answer.headers.get("access-control-allow-headers")?.toLowerCase() ?? "";
    for (const header of ["content-type", "lang", "idempotency-key"])
      expect(allowed).toContain(header);
  });
});

describe("pages in the flat form (API_PAGED_FORM=flat)", () => {
  let nested: TestApi;
  let flat: TestApi;

  beforeAll(async () => {
    [nested, flat] = await Promise.all([startTestApi(), startTestApi({ pagedForm: "flat" })]);
  });
  afterAll(() => Promise.all([nested?.stop(), flat?.stop()]));

  test.each(["/api/news?page=1", "/api/Completed-projects?page=2", "/api/NotCompleted-projects"])(
    "%s holds the same page without the outer envelope",
    async (path) => {
      const inside = (await request(nested.api, path, { lang: "ar" })).body as {
        data: { data: unknown[]; pagination: unknown };
      };
      const answer = await request(flat.api, path, { lang: "ar" });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: inside.data.data, pagination: inside.data.pagination });
    },
  );

  test("lists and details that are not paged keep the envelope", async () => {
    const lists = await request(flat.api, "/api/services", { lang: "en" });
    const reference = await request(nested.api, "/api/services", { lang: "en" });
    expect(lists.body).toEqual(reference.body);
  });
});
