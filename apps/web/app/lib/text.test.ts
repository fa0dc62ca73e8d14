import { describe, expect, it } from "vitest";
import { dateOnly, stripTags, truncate } from "./text.ts";

describe("truncate", () => {
  it("leaves short text alone and cuts long text with an ellipsis", () => {
    expect(truncate("Short title", 60)).toBe("Short title");
    expect(truncate("a".repeat(60), 60)).toBe("a".repeat(60));
    expect(truncate(`${"a".repeat(59)} bcd`, 60)).toBe(`${"a".repeat(59)}…`);
    expect(truncate("x".repeat(300), 250)).toBe(`${"x".repeat(250)}…`);
  });

  it("counts Arabic and emoji by character, never splitting one", () => {
    const arabic = "مشروع ".repeat(20);
    const cut = truncate(arabic, 60);
    expect(Array.from(cut.replace("…", "")).length).toBeLessThanOrEqual(60);
    expect(truncate("🏗️🏗️🏗️", 2)).toBe("🏗️…");
  });
});

describe("dateOnly", () => {
  it("keeps the first 10 characters", () => {
    expect(dateOnly("2024-05-12T09:30:00.000000Z")).toBe("2024-05-12");
    expect(dateOnly("2024-05-12")).toBe("2024-05-12");
    expect(dateOnly(null)).toBe("");
  });
});

describe("stripTags", () => {
  it("drops tags and scripts, decodes entities and collapses whitespace", () => {
    expect(
      stripTags(
        "<p>Roads &amp; <strong>bridges</strong></p>\n\n<script>x()</script><p>since&nbsp;1998</p>",
      ),
    ).toBe("Roads & bridges since 1998");
    expect(stripTags("&#1571;&#x0631;&#x0643;&#x0627;&#x0646;")).toBe("أركان");
  });
});
