import { describe, expect, it } from "vitest";
import { newsPreview, sortByIndex } from "./content-rules.ts";

describe("sortByIndex", () => {
  it("orders by numeric index, not by text", () => {
    const items = [
      { title: "c", index: 10 },
      { title: "a", index: 1 },
      { title: "b", index: "2" },
    ];
    expect(sortByIndex(items).map((item) => item.title)).toEqual(["a", "b", "c"]);
  });
  it("keeps the order of equal indexes and does not touch its input", () => {
    const items = [
      { title: "x", index: 2 },
      { title: "y", index: 1 },
      { title: "z", index: 2 },
    ];
    expect(sortByIndex(items).map((item) => item.title)).toEqual(["y", "x", "z"]);
    expect(items.map((item) => item.title)).toEqual(["x", "y", "z"]);
  });
});

describe("newsPreview", () => {
  it("keeps short descriptions as they are", () => {
    expect(newsPreview("Short news.")).toBe("Short news.");
    expect(newsPreview(null)).toBe("");
  });
  it("cuts long ones to 250 characters plus an ellipsis", () => {
    const long = "a".repeat(300);
    expect(newsPreview(long)).toBe(`${"a".repeat(250)}…`);
  });
  it("counts Arabic by character and drops markup", () => {
    const arabic = "خبر ".repeat(100);
    const preview = newsPreview(`<p>${arabic}</p>`);
    expect(Array.from(preview).length).toBeLessThanOrEqual(251);
    expect(preview.endsWith("…")).toBe(true);
    expect(preview).not.toContain("<");
  });
});
