/** Which methods each address takes, read from a build's route manifest. */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../app/i18n/ar.json" with { type: "json" };
import { captureLog } from "../testing/log-capture.ts";
import { errorPage, errorPageHtml } from "./error-page.server.ts";
import { allowedMethods } from "./methods.ts";
import { checkHost } from "./request-guards.ts";

const route = (
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  action = false,
) => ({
  id,
  parentId,
  path,
  module: action ? { action: () => null, default: () => null } : { default: () => null },
});

/** The shape of the site's routes: a language layout, a pathless frame, pages, a splat. */
const build = {
  routes: {
    root: route("root", undefined, ""),
    lang: route("lang", "root", ":lang"),
    frame: route("frame", "lang", undefined),
    home: { ...route("home", "frame", undefined), index: true },
    news: route("news", "frame", "news"),
    contact: route("contact", "frame", "contactUs", true),
    splat: route("splat", "frame", "*"),
  },
} as unknown as ServerBuild;

let server: http.Server;
let base: string;
const logs = captureLog();

beforeAll(async () => {
  const app = express();
  app.use(allowedMethods(() => Promise.resolve(build)));
  app.all("/boom", () => {
    throw new Error("secret at /srv/app/server.ts:12");
  });
  app.all("/{*rest}", (req, res) => res.send(`reached ${req.method}`));
  app.use(errorPage(logs.logger));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const send = (method: string, path: string) => fetch(base + path, { method });

describe("allowedMethods", () => {
  it.each(["PUT", "PATCH", "DELETE", "PROPFIND"])(
    "answers %s on a page with 405 and Allow",
    async (method) => {
      const answer = await send(method, "/en/news");
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    },
  );

  it("lets POST through only where the route has an action, .data requests included", async () => {
    expect(await (await send("POST", "/en/contactUs")).text()).toBe("reached POST");
    expect(await (await send("POST", "/ar/contactus.data")).text()).toBe("reached POST");
    const refused = await send("POST", "/en/news");
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await send("POST", "/en")).status).toBe(405);
    expect((await send("POST", "/en/no-such-page")).status).toBe(405);
  });

  it("answers OPTIONS with 204 and the methods of that address", async () => {
    const contact = await send("OPTIONS", "/en/contactUs");
    expect(contact.status).toBe(204);
    expect(contact.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect((await send("OPTIONS", "/en/news")).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("lets files be read only", async () => {
    for (const path of ["/assets/app-1a2b.js", "/storage/a.jpg", "/favicon.svg"]) {
      expect(await (await send("GET", path)).text()).toBe("reached GET");
      const post = await send("POST", path);
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
  });

  it("passes GET and HEAD on", async () => {
    expect(await (await send("GET", "/en/news")).text()).toBe("reached GET");
    expect((await send("HEAD", "/en/news")).status).toBe(200);
  });
});

describe("errorPage", () => {
  it("answers the error screen in the page's language without internals, one log line", async () => {
    const before = logs.lines.length;
    const answer = await send("GET", "/boom");
    expect(answer.status).toBe(500);
    const html = await answer.text();
    expect(html).toContain('data-testid="error-screen"');
    expect(html).not.toContain("secret");
    expect(html).not.toContain("/srv/");
    expect(logs.lines.slice(before)).toEqual([
      expect.objectContaining({
        level: "error",
        message: "Error: secret at /srv/app/server.ts:12",
        method: "GET",
        path: "/boom",
        status: 500,
      }),
    ]);
  });

  it("speaks the language of the address", () => {
    const html = errorPageHtml(404, "/ar/assets/x.js");
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(ar["error.404.title"]);
    // Go Back Home (/) first, then Try Again (this address), as the React 404 screen.
    expect([...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => [m[2], m[1]])).toEqual([
      [ar["error.goHome"], "/"],
      [ar["error.tryAgain"], ""],
    ]);
    const failed = errorPageHtml(500, "/en/x");
    expect(failed).toContain('<html lang="en" dir="ltr">');
    // A failure: its status as the message, then Try Again first; no path written into a link.
    expect(failed).toContain('<p class="detail">Error code: 500</p>');
    expect([...failed.matchAll(/<a href="([^"]*)">/g)].map((m) => m[1])).toEqual(["", "/"]);
    expect(errorPageHtml(400, '/en/"><script>')).not.toContain("<script>");
    // Any spelling of the language; English for any other address.
    expect(errorPageHtml(400, "/AR/%")).toContain('<html lang="ar" dir="rtl">');
    expect(errorPageHtml(404, "/arabic/x")).toContain('<html lang="en" dir="ltr">');
    expect(errorPageHtml(404, "/")).toContain('<html lang="en" dir="ltr">');
  });
});

describe("checkHost", () => {
  let hostServer: http.Server;
  let port = 0;
  const hostLogs = captureLog();

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", 1);
    app.use(checkHost("https://site.example"));
    // As the page handler does: a URL made from the host.
    app.get("/{*rest}", (req, res) => res.send(new URL(`http://${req.host}${req.url}`).host));
    app.use(errorPage(hostLogs.logger));
    hostServer = http.createServer(app);
    await new Promise<void>((resolve) => hostServer.listen(0, "127.0.0.1", resolve));
    port = (hostServer.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => hostServer.close(resolve)));

  /** A request with its headers exactly as given (fetch would refuse these hosts). */
  const statusWith = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: "/en", headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      request.on("error", reject);
      request.end();
    });

  it("answers 400 to a Host that is no host name or has no port, without an error line", async () => {
    const bad = ["a b", "a/b", "a@b", "a\\b", "a?b", "a#b", "<x>", "a:b", "a:999999", "[zz]", "."];
    bad.push("example.com:99999", "example.com:65536", "[::1]:70000");
    for (const host of bad) expect(await statusWith({ Host: host }), host).toBe(400);
    expect(await statusWith({ Host: "a.example", "X-Forwarded-Host": "a b" })).toBe(400);
    expect(hostLogs.lines).toEqual([]);
  });

  it("lets names, addresses and ports through", async () => {
    for (const host of [
      "localhost:3000",
      "www.example.com",
      "127.0.0.1",
      "[::1]:8080",
      "a_b.local",
    ]) {
      expect(await statusWith({ Host: host }), host).toBe(200);
    }
    expect(await statusWith({ Host: "example.com:65535" })).toBe(200);
  });

  /** The status line and body of a request written by hand (HTTP/1.0 needs no Host). */
  const rawAnswer = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head}\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });

  it("reads a request with no Host, or an empty one, as made to SITE_URL's host", async () => {
    for (const head of [
      "GET /en HTTP/1.0",
      "GET /en HTTP/1.0\r\nHost:",
      "GET /en HTTP/1.1\r\nHost: \r\nConnection: close",
    ]) {
      const answer = await rawAnswer(head);
      expect(answer, head).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.endsWith("site.example"), head).toBe(true);
    }
    expect(hostLogs.lines).toEqual([]);
  });
});
