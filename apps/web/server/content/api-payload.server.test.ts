import { describe, expect, it } from "vitest";
import { banners, standInApi, TIMEOUT_MS } from "../testing/stand-in-api.ts";
import type { ApiError } from "./api-errors.server.ts";
import { getPayload, resolveMediaUrl } from "./api-payload.server.ts";
import { MAX_ANSWER_BYTES } from "./api-request.server.ts";

const api = standInApi();

/** Options for `getPayload`: this server, media resolved against it. */
const media = () => ({
  lang: "en" as const,
  baseUrl: api.base,
  timeoutMs: TIMEOUT_MS,
  mediaBaseUrl: api.base,
});

describe("getPayload", () => {
  it("unwraps data, validates it and resolves root-relative media URLs", async () => {
    api.answer = () => ({ body: banners });
    const payload = await getPayload("homeBanners", "/api/homepage-banners", media());
    expect(payload).toEqual([
      { id: 1, image: `${api.base}/storage/banners/a.jpg`, title: "Towers", subtitle: null },
    ]);
  });

  it("leaves out of the lists that link them the items whose id no page address can hold", async () => {
    const story = (id: string | number) => ({
      id,
      title: `Story ${id}`,
      image: null,
      description: "",
    });
    api.answer = () => ({
      body: JSON.stringify({
        data: {
          data: [
            story(7),
            story("v2.0"),
            story("a/b"),
            story("riyadh-metro"),
            // Ids the contract allows, with or without a page: one of them fails no list.
            story(-5),
            story("Phase 2"),
            story("x".repeat(255)),
            story("x".repeat(256)),
            story(" 9"),
            story(""),
            story(1.5),
          ],
          pagination: { current_page: 1, last_page: 1, per_page: 20, total: 11 },
        },
      }),
    });
    const news = await getPayload("news", "/api/news", media());
    expect(news.data.map((row) => row.id)).toEqual([
      7,
      "riyadh-metro",
      -5,
      "Phase 2",
      "x".repeat(255),
    ]);
    // An integer past JavaScript's exact ones was rounded when its JSON was read: no page.
    api.answer = () => ({
      body: `{"data":{"data":[{"id":12345678901234567890,"title":"Big","image":null,"description":""},{"id":8,"title":"Eight","image":null,"description":""}],"pagination":{"current_page":1,"last_page":1,"per_page":10,"total":2}}}`,
    });
    const rounded = await getPayload("news", "/api/news", media());
    expect(rounded.data.map((row) => row.id)).toEqual([8]);
    // A row without a title could not name its link (menus, cards, the table, the footer).
    api.answer = () => ({
      body: JSON.stringify({
        data: [
          { id: 1, title: "Roads" },
          { id: 2, title: "" },
          { id: 3, title: " \n " },
        ],
      }),
    });
    const pages = await getPayload("extraPages", "/api/extra-pages", media());
    expect(pages.map((row) => row.id)).toEqual([1]);
    // A project's other projects too.
    api.answer = () => ({
      body: JSON.stringify({
        data: {
          projects: {
            id: 1,
            title: "P",
            image: null,
            image_content: "",
            client: "",
            location: "",
            date: "2024-01-01",
            project_images: [],
          },
          other_projects: [
            { id: "x.y", title: "Dotted", homeimage: null },
            { id: 3, title: "Three", homeimage: null },
          ],
        },
      }),
    });
    const project = await getPayload("project", "/api/projects/1", media());
    expect(project.other_projects.map((other) => other.id)).toEqual([3]);
    // Banners link nowhere: a dotted id is kept.
    api.answer = () => ({
      body: JSON.stringify({ data: [{ id: "b.1", image: null, title: "Towers", subtitle: null }] }),
    });
    expect(await getPayload("homeBanners", "/api/homepage-banners", media())).toHaveLength(1);
  });

  it("rejects an answer that breaks the contract, naming the field", async () => {
    api.answer = () => ({ body: JSON.stringify({ data: [{ id: 1, image: null, title: 42 }] }) });
    const error = (await getPayload("homeBanners", "/api/homepage-banners", media()).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.kind).toBe("invalid");
    expect(error.message).toContain("data[0].title");
  });

  it("rejects an answer without the data envelope and one that is not JSON", async () => {
    api.answer = () => ({ body: JSON.stringify([{ id: 1 }]) });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      {
        kind: "invalid",
      },
    );
    api.answer = () => ({ body: "<html>oops</html>" });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      {
        kind: "invalid",
      },
    );
  });

  it("reads a page of a paged list in both forms of the contract alike", async () => {
    const rows = [{ id: 4, title: "Quay", image: "/storage/news/4.jpg", description: "d" }];
    const pagination = { current_page: 1, last_page: 3, per_page: 9, total: 19 };
    const pages = [];
    for (const body of [{ data: { data: rows, pagination } }, { data: rows, pagination }]) {
      api.answer = () => ({ body: JSON.stringify(body) });
      pages.push(await getPayload("news", "/api/news?page=1", media()));
    }
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[1]?.pagination.last_page).toBe(3);
    expect(pages[1]?.data[0]?.image).toBe(`${api.base}/storage/news/4.jpg`);
  });

  it("classifies 404 as not-found and 5xx as unavailable", async () => {
    api.answer = () => ({ status: 404, body: JSON.stringify({ message: "No such service" }) });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "not-found",
    });
    api.answer = () => ({ status: 404, body: "" });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "not-found",
    });
    api.answer = () => ({ status: 500, body: "" });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "unavailable",
    });
    // A gateway's 404 page in front of an API that is away: not the API's "unknown id".
    api.answer = () => ({
      status: 404,
      body: "<html><body><h1>404 Not Found</h1>nginx</body></html>",
    });
    await expect(getPayload("service", "/api/services/9", media())).rejects.toMatchObject({
      kind: "unavailable",
      status: 404,
    });
  });

  it("reads no answer past MAX_ANSWER_BYTES, with or without a length: a broken answer", async () => {
    const padding = " ".repeat(MAX_ANSWER_BYTES);
    api.answer = () => ({ body: `{"data":[]${padding}}` });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      { kind: "invalid", message: expect.stringContaining("longer than") },
    );
    const megabyte = " ".repeat(1024 * 1024);
    api.answer = () => ({ body: '{"data":[]', chunks: [...Array(11).fill(megabyte), "}"] });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      { kind: "invalid" },
    );
    // Just under the bound, in chunks, with a BOM: read as Response.text() would.
    api.answer = () => ({
      body: "\uFEFF",
      chunks: ['{"data":[]', " ".repeat(MAX_ANSWER_BYTES - 20), "}"],
    });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).resolves.toEqual([]);
  });

  it("reads a list's 404 as a failing server, not as no content (API.md: 404 is for an id)", async () => {
    api.answer = () => ({ status: 404, body: JSON.stringify({ message: "Not Found" }) });
    await expect(getPayload("homeBanners", "/api/homepage-banners", media())).rejects.toMatchObject(
      { kind: "unavailable", status: 404 },
    );
    await expect(getPayload("news", "/api/news?page=2", media())).rejects.toMatchObject({
      kind: "unavailable",
    });
  });
});

describe("resolveMediaUrl", () => {
  it("resolves root-relative URLs only", () => {
    const base = "https://api.example";
    expect(resolveMediaUrl("/storage/a.webp", base)).toBe("https://api.example/storage/a.webp");
    expect(resolveMediaUrl("https://cdn.example/b.jpg", base)).toBe("https://cdn.example/b.jpg");
    expect(resolveMediaUrl("", base)).toBe("");
    expect(resolveMediaUrl("//evil.example/x.png", base)).toBe("//evil.example/x.png");
  });

  it("encodes spaces left in file names", () => {
    const base = "https://api.example";
    expect(resolveMediaUrl("/storage/my photo.jpg", base)).toBe(
      "https://api.example/storage/my%20photo.jpg",
    );
    expect(resolveMediaUrl("https://cdn.example/banner 1.jpg", base)).toBe(
      "https://cdn.example/banner%201.jpg",
    );
    expect(resolveMediaUrl("/storage/a%20b.jpg", base)).toBe(
      "https://api.example/storage/a%20b.jpg",
    );
  });
});

describe("getPayload and media", () => {
  it("resolves the fields the contract declares as images, not look-alike text", async () => {
    const detail = {
      projects: {
        id: 7,
        title: "/storage/looks-like-a-path",
        image: "/storage/p/7.webp",
        image_content: "<p>x</p>",
        client: "c",
        location: "l",
        date: "2023-04-30",
        project_images: [{ name: "/storage/p/7/1.webp" }],
      },
      other_projects: [{ id: 3, title: "t", homeimage: "https://cdn.example/3.jpg" }],
    };
    api.answer = () => ({ body: JSON.stringify({ data: detail }) });
    const payload = await getPayload("project", "/api/projects/7", media());
    expect(payload.projects.image).toBe(`${api.base}/storage/p/7.webp`);
    expect(payload.projects.project_images[0]?.name).toBe(`${api.base}/storage/p/7/1.webp`);
    expect(payload.projects.title).toBe("/storage/looks-like-a-path");
    expect(payload.other_projects[0]?.homeimage).toBe("https://cdn.example/3.jpg");
  });
});
