import { describe, expect, it } from "vitest";
import { bodyUpTo } from "./bounded-body.ts";

/** An answer whose body arrives in `chunks`, counting how many were pulled. */
function streamed(chunks: string[], headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled++];
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
  });
  return { response: new Response(body, { headers }), pulled: () => pulled };
}

describe("bodyUpTo", () => {
  it("reads a body up to the limit whole", async () => {
    const { response } = streamed(["abc", "def"]);
    expect((await bodyUpTo(response, 6))?.toString()).toBe("abcdef");
    expect((await bodyUpTo(new Response(null), 6))?.length).toBe(0);
  });

  it("stops at the first chunk past the limit, without reading the rest", async () => {
    const { response, pulled } = streamed(["abcd", "efgh", "ijkl", "mnop"]);
    expect(await bodyUpTo(response, 6)).toBeUndefined();
    expect(pulled()).toBeLessThan(4);
  });

  it("refuses a body whose Content-Length is past the limit before reading it", async () => {
    const { response, pulled } = streamed(["a"], { "content-length": "7" });
    expect(await bodyUpTo(response, 6)).toBeUndefined();
    expect(pulled()).toBeLessThanOrEqual(1);
  });
});
