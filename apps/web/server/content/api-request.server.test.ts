import { describe, expect, it } from "vitest";
import { banners, standInApi, TIMEOUT_MS } from "../testing/stand-in-api.ts";
import { ApiError } from "./api-errors.server.ts";
import { request } from "./api-request.server.ts";

const api = standInApi();

describe("request", () => {
  it("sends Accept: application/json and the lang header", async () => {
    api.answer = () => ({ body: banners });
    await request("/api/homepage-banners", {
      lang: "ar",
      baseUrl: api.base,
      timeoutMs: TIMEOUT_MS,
    });
    expect(api.seen[0]?.headers.accept).toBe("application/json");
    expect(api.seen[0]?.headers.lang).toBe("ar");
  });

  it("gives up after the time-out with a timeout ApiError", async () => {
    api.answer = () => ({ body: banners, delayMs: 1000 });
    const error = await request("/api/homepage-banners", {
      lang: "en",
      baseUrl: api.base,
      timeoutMs: 100,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe("timeout");
  });

  it("reports an unreachable server as unavailable", async () => {
    const error = await request("/api/x", {
      lang: "en",
      baseUrl: "http://127.0.0.1:9",
      timeoutMs: TIMEOUT_MS,
    }).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe("unavailable");
  });
});
