import { describe, expect, it } from "vitest";
import type { ContentClient } from "./api-client.server.ts";
import { MAX_LIST_PAGES, projectListHolding } from "./project-list.server.ts";

/**
 * A client whose current list has `last` pages, page N holding the ids `N-a` and `N-b`; it
 * records the lists and pages asked for.
 */
function currentList(last: number) {
  const asked: string[] = [];
  const client = {
    content: async (name: string, _lang: string, query: { page?: number } = {}) => {
      asked.push(`${name} ${query.page}`);
      const page = query.page ?? 1;
      return {
        data: [{ id: `${page}-a` }, { id: `${page}-b` }],
        pagination: { current_page: page, last_page: last, per_page: 2, total: last * 2 },
      };
    },
  } as unknown as ContentClient;
  return { client, asked };
}

describe("projectListHolding", () => {
  it("finds a project on any page of the current list", async () => {
    const { client, asked } = currentList(3);
    expect(await projectListHolding(client, "en", "1-a")).toBe("current");
    expect(await projectListHolding(client, "en", "3-b")).toBe("current");
    expect(asked.every((call) => call.startsWith("currentProjects "))).toBe(true);
  });

  it("says completed for a project the whole current list does not hold, read to its end", async () => {
    const { client, asked } = currentList(3);
    expect(await projectListHolding(client, "ar", "7-a")).toBe("completed");
    expect(asked.sort()).toEqual(["currentProjects 1", "currentProjects 2", "currentProjects 3"]);
  });

  it("reads no further than page 1 of a list longer than MAX_LIST_PAGES: the address decides", async () => {
    const { client, asked } = currentList(MAX_LIST_PAGES + 1);
    expect(await projectListHolding(client, "en", "1-a")).toBeUndefined();
    expect(asked).toEqual(["currentProjects 1"]);
    const { client: longest } = currentList(MAX_LIST_PAGES);
    expect(await projectListHolding(longest, "en", `${MAX_LIST_PAGES}-b`)).toBe("current");
  });

  it("compares ids as text, as the API may write one as a number and the address as text", async () => {
    const client = {
      content: async () => ({
        data: [{ id: 16 }],
        pagination: { current_page: 1, last_page: 1, per_page: 6, total: 1 },
      }),
    } as unknown as ContentClient;
    expect(await projectListHolding(client, "en", "16")).toBe("current");
    expect(await projectListHolding(client, "en", 1)).toBe("completed");
  });
});
