import { describe, expect, it } from "vitest";
import { z } from "zod";
import { newsSummary, projectRow } from "./content.ts";
import { endpoints } from "./endpoints.ts";
import { describeIssues, envelope, errorBody, paged, pagination } from "./envelope.ts";

const issues = (schema: z.ZodType, value: unknown, root = "data"): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : describeIssues(result.error, root);
};

const row = { id: 7, title: "Tower", client: "City", date: "2023-04-30", amount: "1 SAR" };

describe("envelope", () => {
  const schema = envelope(z.array(z.object({ title: z.string() })));

  it("unwraps { data } and ignores other top-level fields", () => {
    expect(schema.parse({ data: [{ title: "a" }], meta: { v: 1 }, links: null })).toEqual({
      data: [{ title: "a" }],
    });
  });

  it("rejects a missing envelope", () => {
    expect(issues(schema, [{ title: "a" }], "")).toEqual([
      "(root): Invalid input: expected object, received array",
    ]);
    expect(issues(schema, { items: [{ title: "a" }] }, "")).toEqual([
      "data: Invalid input: expected array, received undefined",
    ]);
  });

  it("names the field inside the envelope", () => {
    expect(issues(schema, { data: [{ title: "a" }, { title: 1 }] }, "")).toEqual([
      "data[1].title: Invalid input: expected string, received number",
    ]);
  });
});

describe("paged", () => {
  const schema = envelope(paged(projectRow));
  const body = {
    data: {
      data: [row, { ...row, id: "8", amount: 5 }],
      pagination: { current_page: 2, last_page: 4, per_page: 9, total: 31 },
    },
  };

  it("accepts the paged payload of API.md", () => {
    expect(schema.parse(body)).toEqual(body);
  });

  it("accepts an empty page past the end", () => {
    const past = { data: { data: [], pagination: { ...body.data.pagination, current_page: 5 } } };
    expect(schema.parse(past).data.data).toEqual([]);
  });

  it("rejects last_page 0", () => {
    const value = { data: { data: [], pagination: { ...body.data.pagination, last_page: 0 } } };
    expect(issues(schema, value, "")).toEqual([
      "data.pagination.last_page: Too small: expected number to be >=1",
    ]);
  });

  it("rejects a missing pagination and a bad row, naming both", () => {
    expect(issues(schema, { data: { data: [{ ...row, date: "soon" }] } }, "")).toEqual([
      "data.data[0].date: expected an ISO-8601 date",
      "data.pagination: Invalid input: expected object, received undefined",
    ]);
  });

  it("rejects a bare list where the paged object is expected", () => {
    expect(issues(envelope(endpoints.news.schema), { data: [] }, "")).toEqual([
      "data: Invalid input: expected object, received array",
    ]);
  });

  it("pagination numbers are integers within bounds", () => {
    expect(
      issues(pagination, { current_page: 0, last_page: 1.5, per_page: "9", total: -1 }).map(
        (line) => line.slice(0, line.indexOf(":")),
      ),
    ).toEqual(["data.current_page", "data.last_page", "data.per_page", "data.total"]);
  });

  it("keeps the item schema of news", () => {
    expect(
      issues(paged(newsSummary), {
        data: [{ id: 1, title: "t", image: "img.png", description: "d" }],
        pagination: { current_page: 1, last_page: 1, per_page: 9, total: 1 },
      }),
    ).toEqual(["data.data[0].image: expected an absolute or root-relative URL"]);
  });
});

describe("errorBody", () => {
  it("accepts a message alone", () => {
    expect(errorBody.parse({ message: "Not found." })).toEqual({ message: "Not found." });
  });

  it("accepts validation errors per field", () => {
    const body = {
      message: "The given data was invalid.",
      errors: { name: ["Name is required."], email: ["Email is required.", "x"] },
    };
    expect(errorBody.parse(body)).toEqual(body);
  });

  it("rejects a body without a message or with malformed errors", () => {
    expect(issues(errorBody, { error: "x" }, "")).toEqual([
      "message: Invalid input: expected string, received undefined",
    ]);
    expect(issues(errorBody, { message: "m", errors: { name: "Name is required." } }, "")).toEqual([
      "errors.name: Invalid input: expected array, received string",
    ]);
  });
});

describe("describeIssues", () => {
  it("joins keys with dots and indexes with brackets, after the root", () => {
    const schema = z.object({ a: z.array(z.object({ b: z.string() })) });
    const error = schema.safeParse({ a: [{ b: "x" }, { b: 1 }] }).error as z.ZodError;
    expect(describeIssues(error, "data")).toEqual([
      "data.a[1].b: Invalid input: expected string, received number",
    ]);
    expect(describeIssues(error)).toEqual([
      "a[1].b: Invalid input: expected string, received number",
    ]);
  });

  it("names the root when the value itself is wrong", () => {
    const error = z.string().safeParse(1).error as z.ZodError;
    expect(describeIssues(error)).toEqual([
      "(root): Invalid input: expected string, received number",
    ]);
    expect(describeIssues(error, "data")).toEqual([
      "data: Invalid input: expected string, received number",
    ]);
  });
});
