import { describe, expect, it } from "vitest";
import type { ContentClient } from "./api-client.server.ts";
import { loadPage } from "./paged.server.ts";

/** A client whose news list has `last` pages; it records the pages asked for. */
function newsClient(last: number) {
  const asked: number[] = [];
  const client = {
    content: async (_name: string, _lang: string, query: { page?: number } = {}) => {
      asked.push(query.page ?? 0);
      return {
        data: [{ id: query.page }],
        pagination: { current_page: query.page, last_page: last, per_page: 6, total: last * 6 },
      };
    },
  } as unknown as ContentClient;
  return { client, asked };
}

const at = (query: string) => new URL(`https://site.example/en/news${query}`);

/** The redirect a loader threw (a Response), as status and location. */
async function redirectOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  const response = thrown as Response;
  return { status: response.status, location: response.headers.get("Location") };
}

describe("loadPage", () => {
  it("loads the page asked for", async () => {
    const { client, asked } = newsClient(4);
    const page = await loadPage(client, "news", "en", at("?page=3"));
    expect(page).toEqual({ items: [{ id: 3 }], page: 3, lastPage: 4 });
    // Page 1 tells where the list ends; then page 3 itself is read.
    expect(asked).toEqual([1, 3]);
  });

  it("sends a page past the end to the last page without asking the API for it", async () => {
    const { client, asked } = newsClient(4);
    expect(await redirectOf(loadPage(client, "news", "en", at("?page=1000000")))).toEqual({
      status: 302,
      location: "/en/news?page=4",
    });
    expect(asked).toEqual([1]);
  });

  it("sends values that are not pages to the first page", async () => {
    const { client, asked } = newsClient(4);
    for (const value of ["0", "-2", "abc", "1.5"]) {
      const { status, location } = await redirectOf(
        loadPage(client, "news", "en", at(`?page=${value}`)),
      );
      expect(status).toBe(302);
      expect(location).toBe("/en/news");
    }
    expect(asked).toEqual([]);
  });
});
