import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../../e2e/support/redis.ts";
import { captureLog } from "../testing/log-capture.ts";
import { purgeHttpCaches } from "./http-caches.server.ts";

let server: Server;
let url: string;
let status = 200;
const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("purgeHttpCaches", () => {
  it("sends PURGE with the keys in xkey headers, a hundred at a time, or none for everything", async () => {
    seen.length = 0;
    const keys = Array.from({ length: 150 }, (_, i) => `/api/news/${i}`);
    expect(await purgeHttpCaches([url], keys)).toEqual([{ cache: url, status: 200 }]);
    expect(seen.map((request) => [request.method, request.url])).toEqual([
      ["PURGE", "/"],
      ["PURGE", "/"],
    ]);
    expect(String(seen[0]?.headers.xkey).split(" ")).toHaveLength(100);
    expect(String(seen[1]?.headers.xkey).split(" ")).toEqual(keys.slice(100));
    seen.length = 0;
    await purgeHttpCaches([url]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.xkey).toBeUndefined();
  });

  it("logs a cache that refuses or cannot be reached, and carries on with the others", async () => {
    const log = captureLog();
    status = 403;
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    try {
      const answers = await purgeHttpCaches([url, nowhere], ["/api/hse"], log.logger);
      expect(answers).toEqual([
        { cache: url, status: 403 },
        { cache: nowhere, status: "unreachable" },
      ]);
      const lines = log.lines;
      // Logged as each answers: in either order.
      expect(lines).toHaveLength(2);
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            level: "error",
            cache: url,
            status: "403",
          }),
          expect.objectContaining({ cache: nowhere, status: "unreachable" }),
        ]),
      );
    } finally {
      status = 200;
    }
  });
});
