import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as c from "./content.ts";
import { type EndpointName, endpoints } from "./endpoints.ts";
import { describeIssues } from "./envelope.ts";

/** The `describeIssues` lines of a failed parse, rooted at `data` (empty when it parses). */
const issues = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : describeIssues(result.error, "data");
};
/** The fields named by the issues, without their messages. */
const fields = (schema: z.ZodType, value: unknown): string[] =>
  issues(schema, value).map((line) => line.slice(0, line.indexOf(":")));

/** A valid payload of every read endpoint, in the shapes API.md allows. */
const valid: Record<EndpointName, unknown> = {
  homeBanners: [
    { id: 1, image: "https://cdn.example.com/b1.jpg", title: "Building", subtitle: "Since 1990" },
    { id: "2", image: "/storage/b2.jpg", title: "Roads" },
  ],
  extraData: [
    { icon: "/storage/i.svg", title: "Projects", content: "120+", index: 2 },
    { icon: "", title: "Years", content: "30", index: "1" },
  ],
  aboutHome: [
    {
      title: "About",
      content: "<p>We build</p>",
      image: null,
      meta_title: null,
      meta_description: "d",
      meta_image: "",
    },
  ],
  homeProjects: [{ id: 3, title: "Tower", homeimage: "/storage/t.jpg" }],
  homeServices: [
    { id: 1, title: "Design", icon: "/i.svg", white_icon: "/w.svg", description: null },
  ],
  services: [
    { id: 1, title: "Design", banner_image: "/b.jpg", icon: "/i.svg", white_icon: "/w.svg" },
  ],
  service: {
    id: 1,
    title: "Design",
    content: "<h2>Design</h2>",
    banner_image: "/b.jpg",
    meta_title: "Design",
    meta_description: null,
    icon: "/i.svg",
    white_icon: "",
    description: "Short",
  },
  extraPages: [{ id: 4, title: "Careers" }],
  extraPage: { id: 4, title: "Careers", content: "<p>Join</p>" },
  companyProfile: [{ pdf_download_url: "/storage/profile.pdf" }],
  contactInfo: [{ title: "Phone", info: "+966 11 000 0000" }],
  footers: [{ facebook: "https://facebook.com/co", youtube: null, instagram: "", x: undefined }],
  latestProjects: [
    {
      id: 9,
      title: "Bridge",
      homeimage: "/storage/9.jpg",
      created_at: "2024-05-12T09:30:00.000000Z",
    },
  ],
  isos: [{ title: "ISO 9001", banner_img: "/iso.jpg", iso_images: [{ image: "/1.jpg" }] }],
  overviews: [{ banner_image: null, content: "<p>x</p>", overview_images: [] }],
  news: {
    data: [
      { id: 1, title: "Opening", image: "/n1.jpg", description: "d", created_at: "2024-05-12" },
      { id: 2, title: "Award", image: null, description: "d", created_at: null },
      { id: 3, title: "Hiring", image: "", description: "d" },
    ],
    pagination: { current_page: 1, last_page: 1, per_page: 9, total: 3 },
  },
  newsItem: {
    id: 1,
    title: "Opening",
    image: "/n1.jpg",
    description: "d",
    content: "<p>body</p>",
    banner_image: null,
  },
  newsPage: [{ title: "News", description: "All news", image: "/n.jpg" }],
  projectPages: [{ title: null, description: "Projects", image: "/p.jpg", meta_image: null }],
  completedProjects: {
    data: [
      { id: 7, title: "Tower", client: "City", date: "2023-04-30", amount: "12,500,000 SAR" },
      {
        id: "8",
        title: "Road",
        client: "Ministry",
        date: "2022-01-01T00:00:00Z",
        amount: 12500000,
      },
    ],
    pagination: { current_page: 2, last_page: 4, per_page: 9, total: 31 },
  },
  currentProjects: {
    data: [],
    pagination: { current_page: 1, last_page: 1, per_page: 9, total: 0 },
  },
  project: {
    projects: {
      id: 7,
      title: "Tower",
      image: "/p.jpg",
      image_content: "<p>html</p>",
      client: "City",
      location: "Riyadh",
      date: "2023-04-30",
      project_images: [],
    },
    other_projects: [],
  },
  hse: [{ title: "HSE", content: "<p>Safety</p>", banner_image: "/h.jpg", hse_images: null }],
  equipmentPages: [{ title: "Equipment", banner_image: "/e.jpg" }],
  equipments: [
    { id: 1, title: "Crane", image: "/c.jpg", quantity: 3 },
    { id: 2, title: "Mixer", image: "/m.jpg", quantity: "12 units", description: null },
  ],
};

describe("every endpoint schema", () => {
  it.each(Object.keys(endpoints) as EndpointName[])("accepts a valid %s payload", (name) => {
    expect(issues(endpoints[name].schema, valid[name])).toEqual([]);
  });

  it.each((Object.keys(endpoints) as EndpointName[]).filter((name) => Array.isArray(valid[name])))(
    "%s: rejects an object where a list is expected",
    (name) => {
      const [first] = valid[name] as unknown[];
      expect(issues(endpoints[name].schema, first)).toEqual([
        "data: Invalid input: expected array, received object",
      ]);
    },
  );

  it.each(["service", "extraPage", "newsItem", "project"] as const)(
    "%s: rejects a list where an object is expected",
    (name) => {
      expect(issues(endpoints[name].schema, [valid[name]])).toEqual([
        "data: Invalid input: expected object, received array",
      ]);
    },
  );
});

describe("the projects/{id} example of API.md", () => {
  // Verbatim, with the "..." placeholders of URL fields filled in with URLs.
  const example = {
    projects: {
      id: 7,
      title: "...",
      image: "https://admin.example.com/storage/projects/7/main.jpg",
      image_content: "<p>html</p>",
      client: "...",
      location: "...",
      date: "2023-04-30",
      project_images: [{ name: "/storage/projects/7/1.jpg" }],
      meta_title: "...",
      meta_description: "...",
      meta_image: "/storage/projects/7/meta.jpg",
    },
    other_projects: [{ id: 3, title: "...", homeimage: "/storage/projects/3/home.jpg" }],
  };

  it("parses to the same values", () => {
    expect(c.projectDetail.parse(example)).toEqual(example);
  });

  it("names a broken nested field by its full path", () => {
    const broken = structuredClone(example);
    (broken.projects.project_images[0] as { name: unknown }).name = "images/1.jpg";
    (broken.other_projects[0] as { title: unknown }).title = 3;
    expect(issues(c.projectDetail, broken)).toEqual([
      "data.projects.project_images[0].name: expected an absolute or root-relative URL",
      "data.other_projects[0].title: Invalid input: expected string, received number",
    ]);
  });

  it("requires projects and other_projects", () => {
    expect(fields(c.projectDetail, { projects: example.projects })).toEqual([
      "data.other_projects",
    ]);
    expect(fields(c.projectDetail, { other_projects: [] })).toEqual(["data.projects"]);
  });

  it("rejects a bad date", () => {
    const broken = structuredClone(example);
    broken.projects.date = "30/04/2023";
    expect(issues(c.projectDetail, broken)).toEqual([
      "data.projects.date: expected an ISO-8601 date",
    ]);
  });
});

describe("accepting what the contract allows", () => {
  it("string and integer ids", () => {
    expect(c.homeBanner.parse({ id: "12", image: null, title: "t" }).id).toBe("12");
    expect(c.homeBanner.parse({ id: 12, image: null, title: "t" }).id).toBe(12);
  });

  it("absolute, root-relative, null and empty images", () => {
    for (const image of ["https://x.example/a.jpg", "/storage/a.jpg", null, ""]) {
      expect(c.homeBanner.parse({ id: 1, image, title: "t" }).image).toBe(image);
    }
  });

  it("optional fields missing or null", () => {
    const minimal = { id: 1, title: "t", image: "/a.jpg", description: "d", content: "<p/>" };
    expect(c.newsItem.parse(minimal)).toEqual(minimal);
    const nulls = { ...minimal, banner_image: null, meta_title: null, created_at: null };
    expect(c.newsItem.parse(nulls)).toEqual(nulls);
  });

  it("drops unknown extra fields, also in nested objects", () => {
    const parsed = c.iso.parse({
      title: "ISO",
      banner_img: "/b.jpg",
      iso_images: [{ image: "/1.jpg", id: 5, sort: 1 }],
      created_at: "2024-01-01",
      translations: { ar: {} },
    });
    expect(parsed).toEqual({
      title: "ISO",
      banner_img: "/b.jpg",
      iso_images: [{ image: "/1.jpg" }],
    });
  });

  it("dates with and without a time", () => {
    for (const date of ["2024-05-12", "2024-05-12T09:30:00.000000Z"]) {
      expect(c.projectRow.parse({ id: 1, title: "t", client: "c", date, amount: 1 }).date).toBe(
        date,
      );
    }
  });

  it("amounts as string or number, kept as given", () => {
    const row = { id: 1, title: "t", client: "c", date: "2024-05-12" };
    expect(c.projectRow.parse({ ...row, amount: "12,500,000 SAR" }).amount).toBe("12,500,000 SAR");
    expect(c.projectRow.parse({ ...row, amount: 12500000 }).amount).toBe(12500000);
  });

  it("an extra-data index given as a numeric string becomes a number", () => {
    expect(c.extraDataItem.parse({ icon: null, title: "t", content: "c", index: "3" }).index).toBe(
      3,
    );
    expect(c.extraDataItem.parse({ icon: null, title: "t", content: "c", index: 2.5 }).index).toBe(
      2.5,
    );
  });

  it("hse without hse_images", () => {
    expect(
      c.hse.parse({ title: "t", content: "c", banner_image: "/b.jpg" }).hse_images,
    ).toBeUndefined();
  });
});

describe("rejecting what the contract does not allow, naming the field", () => {
  it("a missing required field", () => {
    expect(issues(endpoints.homeBanners.schema, [{ id: 1, image: "/a.jpg" }])).toEqual([
      "data[0].title: Invalid input: expected string, received undefined",
    ]);
    expect(fields(c.service, { ...(valid.service as object), content: undefined })).toEqual([
      "data.content",
    ]);
    expect(fields(c.latestProject, { id: 1, title: "t", homeimage: null })).toEqual([
      "data.created_at",
    ]);
  });

  it("a required image that is missing (null is allowed, absence is not)", () => {
    expect(fields(c.homeProject, { id: 1, title: "t" })).toEqual(["data.homeimage"]);
  });

  it("wrong types", () => {
    expect(
      issues(endpoints.homeBanners.schema, [
        { id: 1, image: "/a.jpg", title: "ok" },
        { id: 2, image: "/b.jpg", title: 42 },
      ]),
    ).toEqual(["data[1].title: Invalid input: expected string, received number"]);
    expect(
      fields(c.projectRow, { id: true, title: "t", client: "c", date: "2024-01-01", amount: null }),
    ).toEqual(["data.id", "data.amount"]);
    expect(fields(c.iso, { title: "t", banner_img: null, iso_images: "/a.jpg" })).toEqual([
      "data.iso_images",
    ]);
  });

  it("javascript: and relative URLs", () => {
    expect(
      issues(endpoints.homeBanners.schema, [{ id: 1, image: "javascript:alert(1)", title: "t" }]),
    ).toEqual(["data[0].image: expected an absolute or root-relative URL"]);
    expect(
      fields(c.overview, {
        banner_image: "/b.jpg",
        content: "c",
        overview_images: [{ image: "images/x.png" }],
      }),
    ).toEqual(["data.overview_images[0].image"]);
    expect(fields(c.companyProfile, { pdf_download_url: "profile.pdf" })).toEqual([
      "data.pdf_download_url",
    ]);
  });

  it("javascript: links in the footer", () => {
    expect(
      issues(endpoints.footers.schema, [
        { facebook: "javascript:alert(1)", x: "https://x.com/co" },
      ]),
    ).toEqual(["data[0].facebook: expected an absolute or root-relative URL"]);
  });

  it("bad dates", () => {
    expect(
      issues(endpoints.latestProjects.schema, [
        { id: 1, title: "t", homeimage: null, created_at: "2024-02-30" },
      ]),
    ).toEqual(["data[0].created_at: expected an ISO-8601 date"]);
    expect(
      fields(c.newsSummary, {
        id: 1,
        title: "t",
        image: null,
        description: "d",
        created_at: "12 May",
      }),
    ).toEqual(["data.created_at"]);
  });

  it("an object where a list is expected, inside an item", () => {
    expect(
      fields(c.projectDetail, {
        projects: (valid.project as { projects: unknown }).projects,
        other_projects: { id: 1, title: "t", homeimage: null },
      }),
    ).toEqual(["data.other_projects"]);
  });

  it("a non-numeric extra-data index", () => {
    expect(
      fields(c.extraDataItem, { icon: null, title: "t", content: "c", index: "first" }),
    ).toEqual(["data.index"]);
  });
});
