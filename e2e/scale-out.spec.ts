/**
 * The site as several processes: two instances on one Redis (Debian's redis-server on a free
 * port), and one instance with WORKERS=2 and no Redis. Every site reads the reference API
 * through a proxy of the test's own, which counts requests, can change a title (an editor's
 * edit), delay answers, or fail them all (an outage). No browser: plain HTTP.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { ContentApi } from "@site/content-api";
import { apiData } from "./support/content.ts";
import { type EditingProxy, editingProxy } from "./support/editing-proxy.ts";
import { freshGet } from "./support/fresh-get.ts";
import { startRedis, type TestRedis } from "./support/redis.ts";
import { type RunningSite, startApiIn, startSite } from "./support/site.ts";
import { plainWords } from "./support/text.ts";

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "processes, not pages: one width is enough");

const purgeSecret = "scale-out-test-secret-0123456789";
const page = "/en/HSE";

/** A GET on a connection of its own, so that each request may reach another worker. */
const get = freshGet;

/** Whether the page at `url` shows `text` (a boolean: a failure does not print the page). */
const shows = async (url: string, text: string) => (await get(url)).body.includes(inHtml(text));

/** A form posted on a connection of its own, as the visitor `from` (X-Forwarded-For). */
function post(url: string, from: string, fields: Record<string, string>): Promise<number> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": from,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const purge = (site: RunningSite, paths?: string[]) =>
  fetch(`${site.url}/purge`, {
    method: "POST",
    headers: { authorization: `Bearer ${purgeSecret}`, "content-type": "application/json" },
    body: JSON.stringify(paths ? { paths } : {}),
  });

/** A contact message posted straight to the form's action. */
const sendMessage = async (site: RunningSite, n: number) =>
  (
    await fetch(`${site.url}/en/contactUs`, {
      method: "POST",
      body: new URLSearchParams({
        name: "Scale Out",
        email: "scale@example.com",
        message: `Message number ${n} from the scale-out test.`,
        submission: crypto.randomUUID(),
      }),
    })
  ).status;

/** `text` as the page's HTML writes it. */
function inHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

let dir = "";
let api: ContentApi | undefined;
let proxy: EditingProxy | undefined;
/** Words of the HSE page's content (from the API), which the tests edit. */
let title = "";
const running: RunningSite[] = [];

/** A production site reading the proxy, stopped after the file's tests. */
async function site(env: Record<string, string> = {}): Promise<RunningSite> {
  if (!proxy) throw new Error("proxy not started");
  const started = await startSite({
    API_BASE_URL: proxy.url,
    OUTBOX_DATABASE_PATH: path.join(dir, `outbox-${running.length}.sqlite`),
    IMAGE_CACHE_DIR: path.join(dir, "images"),
    PURGE_SECRET: purgeSecret,
    CONTACT_MIN_FILL_MS: "0",
    ACCESS_LOG: "false",
    ...env,
  });
  running.push(started);
  return started;
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-scale-out-"));
  api = await startApiIn(dir, { contactRateLimit: 1000 });
  proxy = await editingProxy(api.url);
  const [hse] = await apiData<{ content: string }[]>("/api/hse", "en", api.url);
  title = plainWords(hse?.content ?? "");
});

test.afterAll(async () => {
  await Promise.all(running.map((one) => one.stop()));
  await proxy?.close();
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test.afterEach(() => {
  if (proxy) {
    Object.assign(proxy.state, { from: undefined, to: undefined, editPath: undefined });
    Object.assign(proxy.state, { delayPath: undefined });
    Object.assign(proxy.state, { delayMs: 0, down: false });
  }
});

test.describe("two instances on one Redis", () => {
  let redis: TestRedis | undefined;
  let a: RunningSite;
  let b: RunningSite;

  test.beforeAll(async () => {
    redis = await startRedis();
    const shared = { REDIS_URL: redis.url, CONTACT_RATE_LIMIT: "3" };
    [a, b] = await Promise.all([site(shared), site(shared)]);
  });
  test.afterAll(async () => {
    await redis?.stop();
  });

  test("a purge on one instance: the other asks the API again at once", async () => {
    if (!proxy) throw new Error("proxy not started");
    expect(await shows(b.url + page, title)).toBe(true);
    expect((await get(b.url + page)).cache).toBe("HIT");
    Object.assign(proxy.state, { from: title, to: "Edited on the CMS", delayMs: 0, down: false });
    expect(await shows(b.url + page, title)).toBe(true); // still cached
    const asked = proxy.counts.get("/api/hse") ?? 0;
    const answer = await purge(a, [page]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ purged: [page] });
    await expect
      .poll(() => shows(b.url + page, "Edited on the CMS"), { timeout: 10_000, intervals: [20] })
      .toBe(true);
    expect(proxy.counts.get("/api/hse")).toBeGreaterThan(asked);
  });

  test("an answer one instance re-fetched and found changed: the other drops its copy at once", async () => {
    if (!proxy) throw new Error("proxy not started");
    // This instance's data goes stale after a second; A's and B's after five minutes.
    const quick = await site({ REDIS_URL: redis?.url ?? "", CACHE_TTL_MS: "1000" });
    const overview = "/en/overview";
    const [first] = await apiData<{ content: string }[]>("/api/overviews", "en", api?.url);
    const words = plainWords(first?.content ?? "");
    for (const instance of [b, quick]) {
      expect(await shows(instance.url + overview, words)).toBe(true);
    }
    Object.assign(proxy.state, { from: words, to: "Our edited story" });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The quick instance re-fetches in the background and tells the others it changed.
    await expect
      .poll(() => shows(quick.url + overview, "Our edited story"), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => shows(b.url + overview, "Our edited story"), { timeout: 10_000, intervals: [20] })
      .toBe(true);
  });

  test("the contact limit is one count across both instances", async () => {
    // Each instance alone would allow 3.
    const statuses = [];
    for (const [n, instance] of [a, b, a, b].entries())
      statuses.push(await sendMessage(instance, n));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  test("a new instance started during an API outage serves pages seen before (answers kept in Redis)", async () => {
    if (!proxy) throw new Error("proxy not started");
    expect((await get(a.url + page)).status).toBe(200);
    proxy.state.down = true;
    // An answer store of its own on disk, empty: what it serves comes from Redis.
    const late = await site({ REDIS_URL: redis?.url ?? "" });
    const answer = await get(late.url + page);
    expect(answer.status).toBe(200);
    expect(answer.body.includes("<h1")).toBe(true);
  });

  test("Redis stopped: pages still served, /readyz degraded (200), logged once", async () => {
    // Only what is logged from the stop on: a busy machine may have made an earlier command
    // slow (logged, then "answers again"), which is not this test's business.
    const before = new Map([a, b].map((instance) => [instance, instance.logged().length]));
    await redis?.stop();
    for (const instance of [a, b]) {
      await expect
        .poll(async () => (await get(`${instance.url}/readyz`)).body, { timeout: 5_000 })
        .toMatch(/^ready, degraded: Redis/);
      const ready = await get(`${instance.url}/readyz`);
      expect(ready.status).toBe(200);
      // Public: no address, port or driver message (those are in the log).
      expect(ready.body).not.toMatch(/\d+\.\d+\.\d+\.\d+|:\d{2,5}|ECONN/);
      expect((await get(instance.url + page)).status).toBe(200);
      expect((await get(`${instance.url}/en/news`)).status).toBe(200);
      expect((await purge(instance)).status).toBe(200);
      expect(await sendMessage(instance, 9)).not.toBe(500);
      const redisErrors = instance
        .logged()
        .slice(before.get(instance))
        .filter((line) => line.component === "fan-out" && line.level === "error");
      expect(redisErrors).toHaveLength(1);
    }
    await redis?.start();
    await expect
      .poll(async () => (await get(`${a.url}/readyz`)).body, { timeout: 10_000 })
      .toBe("ready");
  });
});

test.describe("WORKERS=2 on one machine, without Redis", () => {
  let workers: RunningSite;

  test.beforeAll(async () => {
    workers = await site({
      WORKERS: "2",
      CONTACT_RATE_LIMIT: "2",
      // Forms are judged by how fast they come back (the limit test sends none of the token).
      CONTACT_MIN_FILL_MS: "60000",
      TRUST_PROXY: "1",
    });
  });

  test("a purge reaches both workers (the primary relays it)", async () => {
    if (!proxy) throw new Error("proxy not started");
    const other = "/en/equipment";
    // Connections are dealt to the workers in turn: four requests fill both caches.
    for (let i = 0; i < 4; i++) expect(await shows(workers.url + page, title)).toBe(true);
    expect((await get(workers.url + page)).cache).toBe("HIT");
    for (let i = 0; i < 4; i++) await get(workers.url + other);
    Object.assign(proxy.state, { from: title, to: "Edited again", delayMs: 0, down: false });
    expect((await purge(workers)).status).toBe(200);
    await expect
      .poll(
        async () => {
          const bodies = await Promise.all([1, 2, 3, 4].map(() => get(workers.url + page)));
          return bodies.every((answer) => answer.body.includes("Edited again"));
        },
        { timeout: 10_000, intervals: [20] },
      )
      .toBe(true);
  });

  test("a purge by content reaches both workers, and the answer names what each dropped", async () => {
    if (!proxy) throw new Error("proxy not started");
    await purge(workers);
    // Connections are dealt to the workers in turn: each page is made by another worker.
    const made = ["/en/HSE", "/ar/HSE"];
    for (const path of made) expect((await get(workers.url + path)).status).toBe(200);
    Object.assign(proxy.state, { from: title, to: "Edited by content" });
    const answer = await fetch(`${workers.url}/purge`, {
      method: "POST",
      headers: { authorization: `Bearer ${purgeSecret}`, "content-type": "application/json" },
      body: JSON.stringify({ api: ["/api/hse"] }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ purged: [...made].sort(), keys: ["/api/hse"] });
    for (let i = 0; i < 4; i++)
      expect(await shows(workers.url + page, "Edited by content")).toBe(true);
  });

  test("a form shown by one worker and sent at once to the other is held as too fast", async () => {
    for (const n of [1, 2]) {
      // Connections are dealt in turn: the form comes from one worker, the post goes to the next.
      const form = (await get(`${workers.url}/en/contactUs`)).body;
      const field = (name: string) =>
        new RegExp(`name="${name}" value="([^"]+)"`).exec(form)?.[1] ?? "";
      const status = await post(`${workers.url}/en/contactUs`, `198.51.100.${n}`, {
        name: "Quick Bot",
        email: "bot@example.com",
        message: `Sent within a second of the form, number ${n}.`,
        submission: field("submission"),
        shown: field("shown"),
      });
      expect(status).toBe(200); // a bot gets a person's answer
    }
    await expect
      .poll(() => workers.logged().filter((line) => /sent too soon/.test(String(line.message))))
      .toHaveLength(2);
  });

  test("the contact limit is shared by the workers", async () => {
    const statuses = [];
    for (const n of [1, 2, 3, 4]) statuses.push(await sendMessage(workers, n));
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  test("a worker that dies is started again, later each time it dies young", async () => {
    const pids = () => workerPids(workers.pid);
    const [first] = pids();
    if (!first) throw new Error("no worker found");
    process.kill(first, "SIGKILL");
    await expect
      .poll(() => workers.output(), { timeout: 5_000 })
      .toMatch(/starting another in 0 ms/);
    await expect.poll(() => pids().length, { timeout: 10_000 }).toBe(2);
    expect((await get(workers.url + page)).status).toBe(200);
    // The replacement dies young too: the next one waits.
    const young = pids().at(-1);
    if (!young || young === first) throw new Error("no replacement worker");
    process.kill(young, "SIGKILL");
    await expect
      .poll(() => workers.output(), { timeout: 5_000 })
      .toMatch(/starting another in [1-9]\d* ms/);
    await expect.poll(() => pids().length, { timeout: 10_000 }).toBe(2);
  });

  test("on SIGTERM the primary waits for its workers to finish their requests", async () => {
    if (!proxy) throw new Error("proxy not started");
    proxy.state.delayPath = "/api/equipment";
    proxy.state.delayMs = 1_500;
    await purge(workers);
    const equipmentAsked = () =>
      [...(proxy?.counts ?? [])]
        .filter(([path]) => path.startsWith("/api/equipment"))
        .reduce((sum, [, count]) => sum + count, 0);
    const asked = equipmentAsked();
    const inFlight = get(`${workers.url}/en/equipment`);
    await expect.poll(equipmentAsked).toBeGreaterThan(asked);
    const stopped = workers.stop();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.includes("</html>")).toBe(true);
    await stopped;
    expect(workers.output()).not.toMatch(/uncaught/);
  });
});

/** The pids of a primary's worker processes, oldest first. */
function workerPids(primary: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(primary), "--sort=start_time"], {
    encoding: "utf8",
  });
  return out
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
}
