import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../testing/log-capture.ts";
import { isSameOriginLocation, refuseForeignRedirects } from "./redirect-guard.ts";

const site = "https://site.example";

describe("isSameOriginLocation", () => {
  it.each([
    "/en/news",
    "/ar/news/7?page=2",
    "/en/search?q=a%5Cb%2F%2Fc",
    "/en#list",
    "https://site.example/en",
    "news",
    "?page=2",
  ])("lets %s through", (location) => {
    expect(isSameOriginLocation(location, site)).toBe(true);
  });

  // Each of these, given to a browser at https://site.example, leaves the site (or is junk):
  // the WHATWG URL parser below is the one browsers use.
  it.each([
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%09/evil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "/%0A/evil.example",
    "https://evil.example/en",
    "http://site.example/en",
    "javascript:alert(1)",
    "/en/\u0000",
  ])("refuses %j", (location) => {
    expect(isSameOriginLocation(location, site)).toBe(false);
  });

  it("agrees with the URL parser on what a browser would do with the raw forms", () => {
    // The reason they are refused: a browser strips the tab and reads a host.
    expect(new URL("/\t/evil.example", site).host).toBe("evil.example");
    expect(new URL("/\\evil.example", site).host).toBe("evil.example");
  });
});

describe("refuseForeignRedirects", () => {
  let server: http.Server;
  let base = "";
  const log = captureLog();

  beforeAll(async () => {
    const app = express();
    app.use(refuseForeignRedirects(site, log.logger));
    app.get("/own", (_req, res) => res.redirect(301, "/en/news"));
    app.get("/tab", (_req, res) => {
      res.setHeader("Location", "/\t/evil.example");
      res.status(301).end();
    });
    app.get("/head", (_req, res) => {
      res.writeHead(302, { Location: "//evil.example" }).end();
    });
    app.get("/absolute", (_req, res) => res.redirect(302, "https://evil.example/"));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const head = async (path: string) => {
    const response = await fetch(base + path, { redirect: "manual" });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("location") };
  };

  it("sends the site's own redirects", async () => {
    expect(await head("/own")).toEqual({ status: 301, location: "/en/news" });
  });

  it.each(["/tab", "/head", "/absolute"])(
    "answers 400 without the Location for %s, and logs a warning",
    async (path) => {
      log.lines.length = 0;
      expect(await head(path)).toEqual({ status: 400, location: null });
      expect(log.lines).toEqual([
        expect.objectContaining({ level: "warn", message: "refused a redirect to another origin" }),
      ]);
    },
  );
});
