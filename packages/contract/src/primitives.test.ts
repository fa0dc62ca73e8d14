import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeIssues } from "./envelope.ts";
import {
  amount,
  html,
  id,
  imageUrl,
  isoDate,
  isoDateTime,
  metaFields,
  optional,
} from "./primitives.ts";

/** The `describeIssues` lines of a failed parse, rooted at `data` (empty when it parses). */
const issues = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : describeIssues(result.error, "data");
};

describe("id", () => {
  // API.md: an integer, or a string: whether it can be a page's address is asked of each row
  // (isAddressableId), so one odd id does not fail a whole list.
  it.each([
    0,
    7,
    -5,
    123456789,
    2 ** 60,
    "7",
    "abc-123",
    "Phase 2",
    "x".repeat(300),
    "0f8fad5b-d9cb-469f-a165-70867728950e",
  ])("accepts %j unchanged", (value) => {
    expect(id.parse(value)).toBe(value);
  });

  it.each([
    [null, "null"],
    [true, "boolean"],
    [{ id: 1 }, "object"],
  ])("rejects %j (%s)", (value, _reason) => {
    expect(id.safeParse(value).success).toBe(false);
  });
});

describe("imageUrl", () => {
  it.each([
    "https://cdn.example.com/a/b.jpg?x=1",
    "http://example.com/x.png",
    "HTTPS://EXAMPLE.COM/X.PNG",
    "/storage/projects/7/1.jpg",
    "/storage/news/my photo.jpg",
    "https://cdn.example.com/banner 1.jpg",
    "/storage/مشاريع/صورة.jpg",
    "/",
    "",
    null,
  ])("accepts %j", (value) => {
    expect(imageUrl.parse(value)).toBe(value);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:image/png;base64,AAAA",
    "images/x.png",
    "./x.png",
    "ftp://example.com/x.png",
    "https://",
    "https://cdn example.com/x.png",
    "https:// /x.png",
    "/storage/a\tb.jpg",
    "/storage/a\nb.jpg",
    "//evil.example.com/x.png",
    "/\\evil.example.com/x.png",
  ])("rejects %j with a message naming the field", (value) => {
    expect(issues(imageUrl, value)).toEqual(["data: expected an absolute or root-relative URL"]);
  });

  it("rejects a non-string and says what it got", () => {
    expect(issues(imageUrl, 5)).toEqual(["data: Invalid input: expected string, received number"]);
  });

  it("does not accept a missing value (only `optional(imageUrl)` does)", () => {
    expect(imageUrl.safeParse(undefined).success).toBe(false);
    expect(optional(imageUrl).parse(undefined)).toBeUndefined();
  });
});

describe("isoDateTime", () => {
  it.each([
    ["2024-05-12", Date.UTC(2024, 4, 12)],
    ["2024-05-12T09:30:00.000000Z", Date.UTC(2024, 4, 12, 9, 30)],
    ["2024-05-12 09:30:00", Date.UTC(2024, 4, 12, 9, 30)],
    ["2024-05-12T09:30:00+03", Date.UTC(2024, 4, 12, 6, 30)],
    ["2024-05-12T09:30:00+0300", Date.UTC(2024, 4, 12, 6, 30)],
    ["2024-05-12T09:30-01:30", Date.UTC(2024, 4, 12, 11, 0)],
    ["2024-05-12T09:30:00,5Z", Date.UTC(2024, 4, 12, 9, 30, 0, 500)],
    ["2024-05-12T09Z", Date.UTC(2024, 4, 12, 9)],
    ["2024-05-12T24:00:00Z", Date.UTC(2024, 4, 13)],
    ["0099-01-01", new Date("0099-01-01T00:00:00Z").getTime()],
    // A fraction is cut to the millisecond, never carried into the next second (or year).
    ["9999-12-31T23:59:59.999999Z", Date.UTC(9999, 11, 31, 23, 59, 59, 999)],
  ])("reads %j as the instant it names", (value, instant) => {
    expect(isoDateTime(value)).toBe(instant);
  });

  it.each(["2024-02-30", "2024-05-12T24:00:01Z", "2024-05-12T09:30:00+24", "yesterday", ""])(
    "reads %j as no instant",
    (value) => {
      expect(isoDateTime(value)).toBeUndefined();
    },
  );
});

describe("isoDate", () => {
  it.each([
    "2024-05-12",
    "2024-05-12T09:30:00.000000Z",
    "2024-05-12T09:30:00Z",
    "2024-05-12T09:30:00+03:00",
    "2024-05-12T09:30",
    "2024-05-12 09:30:00",
    "2024-02-29",
    "2023-12-31T23:59:59.999Z",
    "2024-05-12T09:30:00+03",
    "2024-05-12T09:30:00+0300",
    "2024-05-12T09:30:00,5Z",
    "2024-05-12T09Z",
    "2024-05-12T24:00:00Z",
    "2024-05-12T24:00",
  ])("accepts %j", (value) => {
    expect(isoDate.parse(value)).toBe(value);
  });

  it.each([
    "12/05/2024",
    "2024-5-12",
    "2024-05-12T",
    "2024-05-12T9:30",
    "2024-13-01",
    "2024-00-10",
    "2024-02-30",
    "2023-02-29",
    "2024-04-31",
    "2024-05-00",
    "2024-05-12T24:30:00Z",
    "2024-05-12T24:00:00.5Z",
    "2024-05-12T25:00Z",
    "2024-05-12T09:60:00Z",
    "2024-05-12T09:30:00+3",
    "2024-05-12T09:30:00+25:00",
    "yesterday",
    "",
    " 2024-05-12",
  ])("rejects %j", (value) => {
    expect(issues(isoDate, value)).toEqual(["data: expected an ISO-8601 date"]);
  });

  it("rejects a timestamp number", () => {
    expect(issues(isoDate, 1715506200)).toEqual([
      "data: Invalid input: expected string, received number",
    ]);
  });
});

describe("amount", () => {
  it("keeps a string or a number exactly as given", () => {
    expect(amount.parse("12,500,000 SAR")).toBe("12,500,000 SAR");
    expect(amount.parse(12500000)).toBe(12500000);
    expect(amount.parse(0.5)).toBe(0.5);
  });

  it.each([null, undefined, true, ["1"], { value: 1 }])("rejects %j", (value) => {
    expect(amount.safeParse(value).success).toBe(false);
  });
});

describe("optional and metaFields", () => {
  const schema = z.object({ title: z.string(), ...metaFields });

  it("accepts missing, null and string meta fields", () => {
    expect(schema.parse({ title: "t" })).toEqual({ title: "t" });
    expect(schema.parse({ title: "t", meta_title: null, meta_description: null })).toEqual({
      title: "t",
      meta_title: null,
      meta_description: null,
    });
    expect(schema.parse({ title: "t", meta_title: "m", meta_description: "d" })).toEqual({
      title: "t",
      meta_title: "m",
      meta_description: "d",
    });
  });

  it("rejects a meta field of the wrong type, naming it", () => {
    expect(issues(schema, { title: "t", meta_title: 3 })).toEqual([
      "data.meta_title: Invalid input: expected string, received number",
    ]);
  });

  it("html is any string (sanitised later), not markup-checked", () => {
    expect(html.parse("<p onclick=x>hi</p>")).toBe("<p onclick=x>hi</p>");
    expect(html.safeParse(null).success).toBe(false);
  });
});
