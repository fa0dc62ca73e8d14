import { describe, expect, it } from "vitest";
import { imageKinds, imageSources, resizedUrl } from "./image-kinds.ts";

const api = "https://cms.example";

describe("imageSources", () => {
  it("offers every width of the kind for root-relative media, the widest as src", () => {
    const sources = imageSources("/storage/p/1.jpg", "card", []);
    const widths = [...(sources.srcSet ?? "").matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([...imageKinds.card.widths]);
    expect(sources.src).toBe(resizedUrl("/storage/p/1.jpg", Math.max(...widths)));
    expect(sources.sizes).toBe(imageKinds.card.sizes);
  });

  it("asks for kinds cut to shape at their width and matching height", () => {
    const { srcSet = "" } = imageSources("/storage/b/1.jpg", "slide", []);
    const { width, height, widths } = imageKinds.slide;
    const asked = [...srcSet.matchAll(/w=(\d+)&h=(\d+) (\d+)w/g)].map(([, w, h, d]) => [
      Number(w),
      Number(h),
      Number(d),
    ]);
    expect(asked).toEqual(widths.map((w) => [w, Math.round((w * height) / width), w]));
    // Kinds that are not cut keep the source's shape.
    expect(imageSources("/storage/c/1.jpg", "card", []).srcSet).not.toContain("&h=");
  });

  it("resizes absolute URLs from the media origins only", () => {
    expect(imageSources(`${api}/storage/a.webp`, "gallery", [api]).srcSet).toContain(
      encodeURIComponent(`${api}/storage/a.webp`),
    );
    expect(imageSources("https://other.example/a.webp", "gallery", [api])).toEqual({
      src: "https://other.example/a.webp",
    });
    // A look-alike host is not the origin.
    expect(imageSources(`${api}.evil.example/a.webp`, "gallery", [api]).srcSet).toBeUndefined();
  });

  it("leaves SVG, the site's own files and kinds without widths as they are", () => {
    expect(imageSources("/storage/icons/a.svg", "card", [])).toEqual({
      src: "/storage/icons/a.svg",
    });
    expect(imageSources("/no-image.svg", "card", [])).toEqual({ src: "/no-image.svg" });
    expect(imageSources("/storage/icons/a.png", "icon", [])).toEqual({
      src: "/storage/icons/a.png",
    });
  });

  it("resizes only the one address the endpoint takes; other spellings are shown as they are", () => {
    expect(imageSources("/storage/p/%70.jpg", "card", []).src).toBe(
      resizedUrl("/storage/p/p.jpg", 1600).replace(
        /w=\d+/,
        `w=${Math.max(...imageKinds.card.widths)}`,
      ),
    );
    for (const src of ["/storage/a.jpg?v=1", "/storage/x/../a.jpg", "/storage/a%2Fb.jpg"]) {
      expect(imageSources(src, "card", [])).toEqual({ src });
    }
  });
});
