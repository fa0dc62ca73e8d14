import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./encoding.ts";

describe("chooseEncoding", () => {
  it("prefers Brotli, then gzip, honouring q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });

  it("answers the same when a header is asked again, however many others came between", () => {
    const headers = [
      "gzip",
      "br;q=0, gzip",
      "identity",
      ...Array.from({ length: 120 }, (_, i) => `x${i}, gzip;q=0`),
    ];
    const first = headers.map(chooseEncoding);
    expect(first.slice(0, 4)).toEqual(["gzip", "gzip", "identity", "identity"]);
    expect(headers.map(chooseEncoding)).toEqual(first);
    expect(chooseEncoding(`${"x".repeat(200)}, br`)).toBe("br");
  });
});
