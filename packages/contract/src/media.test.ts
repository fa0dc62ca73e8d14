import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints.ts";
import { mapImageUrls } from "./media.ts";

const mark = (url: string) => `[${url}]`;

describe("mapImageUrls", () => {
  it("maps exactly the fields the contract declares as images, at any depth", () => {
    const detail = {
      projects: {
        id: 7,
        title: "/storage/not-an-image-title",
        image: "/storage/p/7.jpg",
        image_content: "<img src='/storage/x.jpg'>",
        client: "City",
        location: "Riyadh",
        date: "2023-04-30",
        project_images: [{ name: "/storage/p/7/1.jpg" }, { name: null }],
        meta_title: null,
        meta_image: "https://cdn.example/m.jpg",
      },
      other_projects: [{ id: 3, title: "T", homeimage: "/storage/p/3.jpg" }],
    };
    const mapped = mapImageUrls(endpoints.project.schema, detail, mark);
    expect(mapped.projects.image).toBe("[/storage/p/7.jpg]");
    expect(mapped.projects.project_images).toEqual([
      { name: "[/storage/p/7/1.jpg]" },
      { name: null },
    ]);
    expect(mapped.projects.meta_image).toBe("[https://cdn.example/m.jpg]");
    expect(mapped.other_projects[0]?.homeimage).toBe("[/storage/p/3.jpg]");
    // Not images: text, editor HTML, missing optional fields.
    expect(mapped.projects.title).toBe("/storage/not-an-image-title");
    expect(mapped.projects.image_content).toBe(detail.projects.image_content);
    expect(mapped.projects.meta_title).toBeNull();
    expect("meta_description" in mapped.projects).toBe(false);
    // The input is left as it was.
    expect(detail.projects.image).toBe("/storage/p/7.jpg");
  });

  it("reaches into pages of paged lists and lists of items", () => {
    const page = {
      data: [{ id: 1, title: "a", image: "/storage/n/1.jpg", description: "d" }],
      pagination: { current_page: 1, last_page: 1, per_page: 9, total: 1 },
    };
    expect(mapImageUrls(endpoints.news.schema, page, mark).data[0]?.image).toBe(
      "[/storage/n/1.jpg]",
    );
    const strip = [{ icon: "/storage/i.svg", title: "t", content: "c", index: 2 }];
    expect(mapImageUrls(endpoints.extraData.schema, strip, mark)).toEqual([
      { icon: "[/storage/i.svg]", title: "t", content: "c", index: 2 },
    ]);
    const profile = [{ pdf_download_url: "/storage/profile.pdf" }];
    expect(mapImageUrls(endpoints.companyProfile.schema, profile, mark)).toEqual([
      { pdf_download_url: "[/storage/profile.pdf]" },
    ]);
  });
});
