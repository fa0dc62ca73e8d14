/**
 * What operators see of a running site, against real parts: the JSON log (request ids, and no
 * secret or personal data in it, whatever is sent), the Prometheus metrics of a site with
 * WORKERS=2 (one scrape for both workers and the primary, promtool-clean, scraped by Debian's
 * Prometheus, its series bounded under random addresses), and OpenTelemetry traces received by
 * a small OTLP/HTTP receiver here. The sites read the reference API through a proxy of the
 * test's own, which records the headers each API request carried.
 */
import { execFile } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { Outbox } from "../apps/web/server/contact/outbox.server.ts";
import { behaviourOnly, checksStarted, fill, submitButton, typed } from "./support/contact-form.ts";
import { languages } from "./support/content.ts";
import { forward } from "./support/editing-proxy.ts";
import { sumOfSeries } from "./support/metrics-text.ts";
import { promtoolPath, startPrometheus } from "./support/prometheus.ts";
import { freePort } from "./support/redis.ts";
import { type SiteWithApi, startSite, startSiteWithApi } from "./support/site.ts";
import { expect, onlyAt, test } from "./support/test.ts";

onlyAt("desktop", behaviourOnly);
test.describe.configure({ mode: "serial" });

const reportModuleLoads = path.join(import.meta.dirname, "support/report-module-loads.ts");
const purgeSecret = "operations-purge-secret-5b1e0c7a";

interface Recorder {
  url: string;
  /** The headers of each request the API got, with its path. */
  seen: Array<{ path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** The API as the site sees it, each request's headers recorded. */
async function recordingProxy(target: string): Promise<Recorder> {
  const seen: Recorder["seen"] = [];
  const server = http.createServer(async (req, res) => {
    seen.push({ path: req.url ?? "/", headers: req.headers });
    const answer = await forward(req, target);
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A site reading the reference API through a recording proxy. */
async function siteBehindRecorder(env: Record<string, string>, nodeArgs: string[] = []) {
  const { startContentApi } = await import("@site/content-api");
  const os = await import("node:os");
  const fs = await import("node:fs");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-ops-"));
  const api = await startContentApi({
    host: "127.0.0.1",
    databasePath: path.join(dir, "content.sqlite"),
    storageDir: path.join(dir, "storage"),
  });
  const proxy = await recordingProxy(api.url);
  const site = await startSite(
    {
      API_BASE_URL: proxy.url,
      OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
      IMAGE_CACHE_DIR: path.join(dir, "images"),
      ...env,
    },
    { nodeArgs },
  );
  return {
    site,
    proxy,
    dir,
    stop: async () => {
      await site.stop();
      await proxy.close();
      await api.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

test.describe("the log", () => {
  let on: SiteWithApi;
  test.beforeAll(async () => {
    on = await startSiteWithApi(
      {},
      { PURGE_SECRET: purgeSecret, CONTACT_MIN_FILL_MS: "0", CONTACT_RATE_LIMIT: "50" },
    );
  });
  test.afterAll(async () => on?.stop());

  test("one JSON line per request, naming its component and its request id, which is echoed", async () => {
    const given = await fetch(`${on.site.url}/en/HSE`, {
      headers: { "X-Request-Id": "lb-7f3a.42" },
    });
    expect(given.headers.get("x-request-id")).toBe("lb-7f3a.42");
    // An id of no sane form (too long, spaces, quotes) is replaced by a new one.
    for (const odd of ["a b", "x".repeat(200), '"><script>']) {
      const answer = await fetch(`${on.site.url}/en/HSE`, { headers: { "X-Request-Id": odd } });
      const made = answer.headers.get("x-request-id") ?? "";
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
    }
    await expect
      .poll(() => on.site.logged().filter((line) => line.requestId === "lb-7f3a.42"))
      .toContainEqual(
        expect.objectContaining({
          level: "info",
          component: "http",
          method: "GET",
          path: "/en/HSE",
          status: 200,
          cache: expect.stringMatching(/^(HIT|MISS)$/),
        }),
      );
    const access = on.site.logged().find((line) => line.requestId === "lb-7f3a.42");
    expect(typeof access?.ms).toBe("number");
    expect(on.site.output()).not.toContain("a b");
    expect(on.site.output()).not.toContain("<script>");
  });

  for (const lang of languages) {
    test(`never holds a secret, a form token, a cookie or a contact message's fields (${lang})`, async ({
      page,
    }) => {
      const marker = `${lang}${Date.now()}`;
      // The purge secret, wrong and right, in the header and in a body.
      await fetch(`${on.site.url}/purge`, {
        method: "POST",
        headers: { Authorization: `Bearer ${purgeSecret}`, "Content-Type": "application/json" },
        body: JSON.stringify({ paths: ["/en/news"] }),
      });
      await fetch(`${on.site.url}/purge?secret=${purgeSecret}`, {
        method: "POST",
        headers: { Authorization: `Bearer wrong-${marker}-secret` },
      });
      // Cookies.
      await fetch(`${on.site.url}/${lang}`, {
        headers: { Cookie: `language=${lang}; session=cookie-${marker}` },
      });
      // A contact message through the form, as a visitor sends it.
      const person = typed(lang, marker);
      const values = {
        ...person,
        name: `${person.name} ${marker}-name`,
        email: `mail-${marker}@example.com`,
        phone: `+966 5${Date.now() % 100_000_000}`,
      };
      await page.goto(`${on.site.url}/${lang}/contactUs`);
      await checksStarted(page);
      const token = await page.locator('input[name="shown"]').first().inputValue();
      const key = await page.locator('input[name="submission"]').first().inputValue();
      expect(token.length).toBeGreaterThan(10);
      await fill(page, values);
      const answered = page.waitForResponse((r) => r.request().method() === "POST");
      await submitButton(page).click();
      expect((await answered).status()).toBe(200);
      // Let the lines of these requests be written.
      await expect
        .poll(() => on.site.logged().filter((line) => line.method === "POST").length)
        .toBeGreaterThanOrEqual(3);
      const output = on.site.output();
      const forbidden = {
        purgeSecret,
        wrongSecret: `wrong-${marker}-secret`,
        cookie: `cookie-${marker}`,
        token,
        key,
        name: `${marker}-name`,
        email: values.email,
        phone: values.phone,
        message: values.message.split("\n")[1] ?? "",
      };
      for (const [what, text] of Object.entries(forbidden)) {
        expect(text.length, what).toBeGreaterThan(5);
        expect(output.includes(text), `${what} in the log`).toBe(false);
      }
      // The form post itself is logged, by its path only.
      expect(on.site.logged()).toContainEqual(
        expect.objectContaining({ method: "POST", path: expect.stringMatching(/contactUs/) }),
      );
    });
  }
});

test.describe("metrics of a site with two workers", () => {
  test.setTimeout(120_000);
  let running: Awaited<ReturnType<typeof siteBehindRecorder>>;
  let metricsUrl = "";
  const waiting = 3;

  test.beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const os = await import("node:os");
    const fs = await import("node:fs");
    // Messages waiting in the outbox (the worker polls once an hour here: they stay).
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-ops-outbox-"));
    const outboxFile = path.join(outboxDir, "outbox.sqlite");
    const outbox = Outbox.open(outboxFile);
    for (let i = 0; i < waiting; i++) {
      outbox.enqueue({
        form: typed("en", `outbox-${i}`),
        lang: "en",
        idempotencyKey: `ops-${Date.now()}-${i}`,
        clientAddress: "127.0.0.1",
      } as Parameters<Outbox["enqueue"]>[0]);
    }
    outbox.close();
    running = await siteBehindRecorder(
      {
        WORKERS: "2",
        METRICS_PORT: String(metricsPort),
        OUTBOX_DATABASE_PATH: outboxFile,
        OUTBOX_POLL_MS: "3600000",
        OUTBOX_MAX_MESSAGES: "500",
      },
      ["--import", reportModuleLoads],
    );
  });
  test.afterAll(async () => running?.stop());

  /** `count` requests, each on a new connection, so both workers take some. */
  const traffic = async (paths: string[]) => {
    for (const pathname of paths) {
      await new Promise<void>((resolve, reject) => {
        http
          .get(`${running.site.url}${pathname}`, { agent: false }, (res) => {
            res.resume();
            res.on("end", () => resolve());
          })
          .on("error", reject);
      });
    }
  };
  const scrape = async () => {
    const answer = await fetch(metricsUrl);
    expect(answer.status).toBe(200);
    return answer.text();
  };

  test("one scrape adds up both workers and the primary, and promtool finds nothing wrong", async () => {
    const before = sumOfSeries(await scrape(), "http_requests_total{");
    await traffic(Array.from({ length: 20 }, (_, i) => (i % 2 ? "/en/HSE" : "/ar/news")));
    const text = await scrape();
    // Each worker counts the requests it served: the sum is every request sent.
    expect(sumOfSeries(text, "http_requests_total{") - before).toBe(20);
    expect(text).toMatch(/^http_requests_total\{kind="hse",status_class="2xx"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.1",kind="news"/m);
    expect(text).toMatch(/^page_cache_lookups_total\{result="hit"\} \d+$/m);
    expect(text).toMatch(/^content_api_request_duration_seconds_count\{endpoint="news"\} \d+$/m);
    // Where the memory goes: the pages each worker keeps (what libvips keeps: the next test).
    expect(sumOfSeries(text, 'page_cache_bytes{pool="pages"}')).toBeGreaterThan(20_000);
    // The primary's own: the outbox it delivers.
    expect(sumOfSeries(text, 'outbox_messages{state="pending"}')).toBe(waiting);
    expect(sumOfSeries(text, "outbox_oldest_waiting_age_seconds")).toBeGreaterThan(0);
    expect(text).toMatch(/^outbox_capacity_messages 500$/m);
    // The default metrics, once per name.
    expect(text.match(/^# TYPE process_resident_memory_bytes /gm)).toHaveLength(1);
    const checked = await new Promise<{ code: number; output: string }>((resolve) => {
      const child = execFile(promtoolPath, ["check", "metrics"], (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
      );
      child.stdin?.end(text);
    });
    expect(checked).toEqual({ code: 0, output: "" });
    // prom-client loads OpenTelemetry's small API package (exemplars); tracing is not loaded.
    expect(running.site.output()).toContain("@opentelemetry/api/");
    expect(running.site.output()).not.toMatch(/@opentelemetry\/(sdk|exporter|resources|core)/);
    // Not on the site's own port (there, /metrics is an address like any other).
    expect(await (await fetch(`${running.site.url}/metrics`)).text()).not.toContain(
      "http_requests_total",
    );
  });

  test("once images are made, what libvips keeps stays within IMAGE_MEMORY_MB per worker; a search's query is timed apart from its page", async () => {
    // What libvips keeps once images were made, within IMAGE_MEMORY_MB (16) per worker.
    const banner = "/storage/banners/bridges-that-connect-bridge.jpg";
    await traffic([320, 480, 640, 800].map((width) => `/img?src=${banner}&w=${width}`));
    const afterImages = await scrape();
    expect(afterImages).toMatch(/^libvips_memory_bytes \d+$/m);
    expect(sumOfSeries(afterImages, "libvips_memory_bytes")).toBeLessThanOrEqual(
      2 * 16 * 1024 * 1024,
    );
    // A search's query is timed apart from its page's render: once its index is built, a
    // search the page cache does not hold runs one query.
    const queriesBefore = sumOfSeries(afterImages, "search_query_duration_seconds_count{");
    await expect
      .poll(async () => (await fetch(`${running.site.url}/en/search?q=bridge`)).status, {
        timeout: 30_000,
      })
      .toBe(200);
    const afterSearch = await scrape();
    expect(afterSearch).toMatch(
      /^search_query_duration_seconds_bucket\{le="0.005",lang="en"\} \d+$/m,
    );
    expect(sumOfSeries(afterSearch, "search_query_duration_seconds_count{") - queriesBefore).toBe(
      1,
    );
  });

  test("a real Prometheus reads the requests and the outbox back", async () => {
    const prometheus = await startPrometheus([new URL(metricsUrl).host]);
    try {
      await traffic(Array.from({ length: 10 }, () => "/en/services"));
      await expect
        .poll(() => prometheus.query('sum(http_requests_total{kind="services"})'), {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(10);
      expect(await prometheus.query('sum(outbox_messages{state="pending"})')).toBe(waiting);
      expect(await prometheus.query('up{job="arkan-site"}')).toBe(1);
    } finally {
      await prometheus.stop();
    }
  });

  test("1,000 random addresses add no series", async () => {
    // Letters only: each shape then always gets the same kind of answer (a random id such as
    // `07x` would be redirected to `7x` once in a while, a new status class met late).
    const random = () =>
      Array.from({ length: 8 }, () =>
        String.fromCharCode(97 + Math.floor(Math.random() * 26)),
      ).join("");
    const shapes = [
      () => `/${random()}`,
      () => `/en/${random()}/${random()}`,
      () => `/ar/projects/${random()}`,
      () => `/${random()}.php?id=${random()}`,
      () => `/en/news/feed.xml?${random()}`,
    ];
    const addresses = (count: number) =>
      Array.from({ length: count }, (_, i) => shapes[i % shapes.length]?.() ?? "/");
    const ownSeries = async () =>
      (await scrape())
        .split("\n")
        .filter((line) => line && !line.startsWith("#") && !/^(process|nodejs)_/.test(line))
        .map((line) => line.replace(/ [^ ]+$/, ""));
    await traffic(addresses(25));
    const before = await ownSeries();
    const all = addresses(1_000);
    await Promise.all(
      Array.from({ length: 8 }, (_, lane) => traffic(all.filter((_, i) => i % 8 === lane))),
    );
    expect((await ownSeries()).filter((series) => !before.includes(series))).toEqual([]);
  });
});

test.describe("traces", () => {
  test.setTimeout(90_000);

  test("unset, no OpenTelemetry module is loaded", async () => {
    const running = await siteBehindRecorder({}, ["--import", reportModuleLoads]);
    try {
      const answer = await fetch(`${running.site.url}/en/news`, {
        headers: { "X-Request-Id": "trace-less-1" },
      });
      expect(answer.status).toBe(200);
      expect(running.site.output()).not.toContain("@opentelemetry");
      // The request's id reaches the API with each call made for it.
      const calls = running.proxy.seen.filter((request) => request.path.startsWith("/api/news"));
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.headers["x-request-id"]).toBe("trace-less-1");
      // Nor any traceparent invented for the API.
      expect(running.proxy.seen.some((request) => request.headers.traceparent)).toBe(false);
    } finally {
      await running.stop();
    }
  });

  test("a page's spans reach an OTLP/HTTP receiver, the API call a child of the request, its traceparent sent on", async () => {
    const received: OtlpSpan[] = [];
    const receiver = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.url === "/v1/traces" && req.headers["content-type"]?.includes("json")) {
        received.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as { port: number };
    const running = await siteBehindRecorder(
      { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
      ["--import", reportModuleLoads],
    );
    try {
      expect(running.site.output()).toContain("@opentelemetry");
      const answer = await fetch(`${running.site.url}/ar/news`);
      expect(answer.status).toBe(200);
      const requestId = answer.headers.get("x-request-id");
      await expect
        .poll(() => received.some((span) => span.name.startsWith("content API GET news")), {
          timeout: 20_000,
        })
        .toBe(true);
      const server = received.find((span) => span.kind === 2 && span.name === "GET news");
      expect(server).toBeDefined();
      const apiCall = received.find(
        (span) => span.name === "content API GET news" && span.traceId === server?.traceId,
      );
      expect(apiCall?.kind).toBe(3);
      // The API call descends from the request, through the route's loader.
      const ancestors = new Set<string>();
      for (let span = apiCall; span?.parentSpanId; ) {
        ancestors.add(span.parentSpanId);
        span = received.find((other) => other.spanId === span?.parentSpanId);
      }
      expect(ancestors).toContain(server?.spanId);
      expect(
        received.some((span) => span.name.startsWith("loader ") && ancestors.has(span.spanId)),
      ).toBe(true);
      // The API got the W3C trace context of that call, and the request's id.
      const atApi = running.proxy.seen.find((request) =>
        request.headers.traceparent?.toString().includes(apiCall?.spanId ?? "-"),
      );
      expect(atApi?.headers.traceparent).toBe(`00-${apiCall?.traceId}-${apiCall?.spanId}-01`);
      expect(atApi?.headers["x-request-id"]).toBe(requestId);
    } finally {
      await running.stop();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

/** The spans of an OTLP/JSON export request. */
function spansOf(body: {
  resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpSpan[] }> }>;
}): OtlpSpan[] {
  return (body.resourceSpans ?? []).flatMap((resource) =>
    (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
  );
}
