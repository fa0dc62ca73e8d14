/**
 * For the content API client's unit tests (content/api-*.server.test.ts): a tiny stand-in content
 * server over loopback whose answers each test sets, started before a file's tests and stopped
 * after them. One for the three files, so the request, the payload and the client are each tested
 * against the same server.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

/** Long enough for a busy machine; the time-out tests wait past it on purpose. */
export const TIMEOUT_MS = 2_000;

/** A valid `homeBanners` answer, with a field the contract does not name. */
export const banners = JSON.stringify({
  data: [{ id: 1, image: "/storage/banners/a.jpg", title: "Towers", subtitle: null }],
  extra: "ignored",
});

export interface StandInAnswer {
  status?: number;
  body?: string;
  delayMs?: number;
  /** Sent as these chunks, without a length (chunked), after `body`. */
  chunks?: string[];
}

export interface StandInApi {
  /** Where it listens, `http://127.0.0.1:{port}` (set before the file's tests run). */
  base: string;
  /** The requests it got since the test began. */
  seen: { url: string; headers: IncomingHttpHeaders }[];
  /** Its answer to a request for `url`, which each test sets (kept until the next one does). */
  answer: (url: string) => StandInAnswer;
}

/** The stand-in for the calling test file: started before its tests, `seen` emptied before each. */
export function standInApi(): StandInApi {
  const api: StandInApi = { base: "", seen: [], answer: () => ({}) };
  let server: Server;

  beforeAll(async () => {
    server = createServer((req, res) => {
      api.seen.push({ url: req.url ?? "", headers: req.headers });
      const { status = 200, body = "", delayMs = 0, chunks } = api.answer(req.url ?? "");
      setTimeout(() => {
        res.writeHead(status, { "Content-Type": "application/json" });
        if (!chunks) return void res.end(body);
        res.write(body);
        for (const chunk of chunks) res.write(chunk);
        res.end();
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    api.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    api.seen = [];
  });

  return api;
}
