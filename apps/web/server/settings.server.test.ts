import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { repoRoot } from "./repo-root.ts";
import {
  heapModeSetting,
  loadSettings,
  mediaBaseUrl,
  mediaOriginsOf,
  mediaProxyTarget,
  outboxDatabasePath,
  parseSettings,
  SettingsError,
} from "./settings.server.ts";

const api = { API_BASE_URL: "http://127.0.0.1:4000" };

describe("parseSettings", () => {
  it("gives the defaults the README's table of settings states", () => {
    const settings: Record<string, unknown> = parseSettings(api);
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    // "| `NAME` | `literal` | what it does |": the rows whose default is one literal value.
    const rows = [...readme.matchAll(/^\| `([A-Z_]+)` +\| `([^`]+)` +\|/gm)];
    let compared = 0;
    for (const [, name = "", stated = ""] of rows) {
      if (!(name in settings)) continue;
      expect(String(settings[name]), name).toBe(stated);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(20);
    expect(settings.MEDIA_BASE_URL).toBeUndefined();
  });

  it("needs the content API's address, and says how to get one", () => {
    expect(() => parseSettings({})).toThrow(
      /^Invalid settings: API_BASE_URL is not set: the company's content API.*`npm start` at the repository root/,
    );
  });

  it("proxies media to the API only when browsers load them through the site", () => {
    expect(mediaProxyTarget(parseSettings({ ...api, MEDIA_BASE_URL: "/" }))).toBe(api.API_BASE_URL);
    expect(mediaProxyTarget(parseSettings(api))).toBeUndefined();
    expect(
      mediaProxyTarget(parseSettings({ ...api, MEDIA_BASE_URL: "https://cdn.example" })),
    ).toBeUndefined();
  });

  it("writes media URLs root-relative through the site, or from a CDN, and knows their origins", () => {
    const through = parseSettings({ ...api, MEDIA_BASE_URL: "/" });
    const cdn = parseSettings({ ...api, MEDIA_BASE_URL: "https://cdn.example/media" });
    const own = parseSettings(api);
    expect([mediaBaseUrl(through), mediaBaseUrl(cdn), mediaBaseUrl(own)]).toEqual([
      "",
      "https://cdn.example/media",
      undefined,
    ]);
    expect(mediaOriginsOf(through)).toEqual(["http://127.0.0.1:4000"]);
    expect(mediaOriginsOf(cdn)).toEqual(["http://127.0.0.1:4000", "https://cdn.example"]);
    expect(mediaOriginsOf(own)).toEqual(["http://127.0.0.1:4000"]);
  });

  it("normalises URLs and treats empty values as unset", () => {
    const settings = parseSettings({
      API_BASE_URL: "http://cms.example:8080/",
      SITE_URL: "",
      PORT: "8080",
    });
    expect(settings.API_BASE_URL).toBe("http://cms.example:8080");
    expect(settings.SITE_URL).toBe("https://www.arkan-contracting.example");
    expect(settings.PORT).toBe(8080);
  });

  it("refuses bad values with one readable line naming each setting", () => {
    let error: unknown;
    try {
      parseSettings({ API_BASE_URL: "cms.example", PORT: "70000" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const message = (error as Error).message;
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toContain("API_BASE_URL must be an http(s) URL");
    expect(message).toContain('"cms.example"');
    expect(message).toContain("PORT must be between 0 and 65535");
  });

  it("takes a search page size of 1 to 50 results, 10 unless set", () => {
    expect(parseSettings(api).SEARCH_PAGE_SIZE).toBe(10);
    expect(parseSettings({ ...api, SEARCH_PAGE_SIZE: "25" }).SEARCH_PAGE_SIZE).toBe(25);
    for (const wrong of ["0", "51", "ten"]) {
      expect(() => parseSettings({ ...api, SEARCH_PAGE_SIZE: wrong })).toThrow(/SEARCH_PAGE_SIZE/);
    }
  });

  it("anchors relative data paths at the given root without writing the environment", () => {
    const before = { ...process.env };
    vi.stubEnv("OUTBOX_DATABASE_PATH", "var/outbox.sqlite");
    vi.stubEnv("COMPANY_FILE", "/etc/site/company.json");
    vi.stubEnv("HOST", "");
    vi.stubEnv("API_BASE_URL", api.API_BASE_URL);
    try {
      const settings = loadSettings("/srv/site", { HOST: "127.0.0.1" });
      expect(settings.OUTBOX_DATABASE_PATH).toBe("/srv/site/var/outbox.sqlite");
      expect(settings.COMPANY_FILE).toBe("/etc/site/company.json");
      expect(settings.HOST).toBe("127.0.0.1");
      expect(process.env.OUTBOX_DATABASE_PATH).toBe("var/outbox.sqlite");
    } finally {
      vi.unstubAllEnvs();
    }
    expect(process.env).toEqual(before);
  });

  it("gives the defaults for data paths relative to the root too", () => {
    const settings = loadSettings("/srv/site", api);
    expect(settings.COMPANY_FILE).toBe("/srv/site/apps/web/company.json");
    expect(settings.SEARCH_INDEX_DIR).toBe("/srv/site/data/search");
  });

  it("keeps the search indexes beside the stored answers unless told otherwise", () => {
    const beside = parseSettings({ ...api, ANSWER_STORE_PATH: "/var/lib/site/answers.sqlite" });
    expect(beside.SEARCH_INDEX_DIR).toBe("/var/lib/site/search");
    const given = parseSettings({ ...api, SEARCH_INDEX_DIR: "/mnt/search" });
    expect(given.SEARCH_INDEX_DIR).toBe("/mnt/search");
  });

  it("reads what operators set for logs, metrics and traces, refusing wrong values", () => {
    expect(parseSettings(api)).toMatchObject({ LOG_LEVEL: "info", METRICS_HOST: "127.0.0.1" });
    expect(parseSettings(api).METRICS_PORT).toBeUndefined();
    expect(parseSettings(api).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(
      parseSettings({
        ...api,
        LOG_LEVEL: "debug",
        METRICS_PORT: "9464",
        METRICS_HOST: "10.0.0.5",
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel:4318/",
      }),
    ).toMatchObject({
      LOG_LEVEL: "debug",
      METRICS_PORT: 9464,
      METRICS_HOST: "10.0.0.5",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel:4318",
    });
    for (const [name, value] of [
      ["LOG_LEVEL", "loud"],
      ["METRICS_PORT", "70000"],
      ["OTEL_EXPORTER_OTLP_ENDPOINT", "otel:4318"],
    ]) {
      expect(() => parseSettings({ ...api, [name as string]: value }), name).toThrow(
        new RegExp(`^Invalid settings: ${name} `),
      );
    }
  });

  it("trusts a number of proxies or their addresses, never every hop", () => {
    const trust = (value: string) => parseSettings({ ...api, TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust("false")).toBe(false);
    expect(trust("true")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.1, 192.168.0.0/16, ::1")).toEqual(["10.0.0.1", "192.168.0.0/16", "::1"]);
    expect(() => trust("everyone")).toThrow(/TRUST_PROXY must be false, a number of proxies/);
  });

  it("gives the outbox's path alone, without an API address (npm run outbox)", () => {
    vi.stubEnv("API_BASE_URL", "");
    vi.stubEnv("OUTBOX_DATABASE_PATH", "var/outbox.sqlite");
    try {
      expect(outboxDatabasePath("/srv/site")).toBe("/srv/site/var/outbox.sqlite");
      vi.stubEnv("OUTBOX_DATABASE_PATH", "");
      expect(outboxDatabasePath("/srv/site")).toBe("/srv/site/data/outbox.sqlite");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("heapModeSetting", () => {
  it("keeps the heap small unless told otherwise, before the other settings are read", () => {
    vi.stubEnv("HEAP_MODE", "");
    expect(heapModeSetting()).toBe("size");
    vi.stubEnv("HEAP_MODE", "speed");
    expect(heapModeSetting()).toBe("speed");
    vi.stubEnv("HEAP_MODE", "fastest");
    expect(heapModeSetting()).toBe("size");
    vi.unstubAllEnvs();
  });
});
