/** Settings from the environment, and how a bad one stops the start. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { defaultDatabasePath, defaultStorageDir, repoRoot } from "../src/paths.ts";
import { loadSettings, SettingsError } from "../src/settings.ts";

const appDir = path.resolve(import.meta.dirname, "..");

describe("loadSettings", () => {
  test("defaults", () => {
    expect(loadSettings({})).toEqual({
      port: 4000,
      host: "127.0.0.1",
      databasePath: defaultDatabasePath,
      storageDir: defaultStorageDir,
      contactRateLimit: 5,
      trustedProxies: ["127.0.0.1", "::1", "::ffff:127.0.0.1"],
      pagedForm: "nested",
    });
    expect(defaultDatabasePath).toMatch(/data[/\\]content\.sqlite$/);
  });

  test("values from the environment", () => {
    expect(
      loadSettings({
        API_PORT: "0",
        API_HOST: "0.0.0.0",
        API_DATABASE_PATH: "/tmp/x/content.sqlite",
        API_STORAGE_DIR: "/tmp/x/storage",
        API_CONTACT_RATE_LIMIT: "20",
        API_TRUSTED_PROXIES: " 10.0.0.1 , fd00::1 ",
        API_PAGED_FORM: "flat",
      }),
    ).toEqual({
      port: 0,
      host: "0.0.0.0",
      databasePath: "/tmp/x/content.sqlite",
      storageDir: "/tmp/x/storage",
      contactRateLimit: 20,
      trustedProxies: ["10.0.0.1", "fd00::1"],
      pagedForm: "flat",
    });
    expect(loadSettings({ API_TRUSTED_PROXIES: "none" }).trustedProxies).toEqual([]);
    expect(loadSettings({ API_PORT: "" }).port).toBe(4000);
  });

  test.each([
    ["API_PORT", "abc"],
    ["API_PORT", "70000"],
    ["API_CONTACT_RATE_LIMIT", "0"],
    ["API_CONTACT_RATE_LIMIT", "five"],
    ["API_TRUSTED_PROXIES", "127.0.0.1,proxy.local"],
    ["API_PAGED_FORM", "laravel"],
  ])("%s=%s is refused with one line naming it", (key, value) => {
    let error: unknown;
    try {
      loadSettings({ [key]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as Error).message).toContain(key);
    expect((error as Error).message).not.toContain("\n");
  });
});

test("a bad setting stops `npm run start:api` with one readable line and no stack trace", () => {
  const result = spawnSync(process.execPath, ["src/main.ts"], {
    cwd: appDir,
    env: { ...process.env, API_PORT: "eighty" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("API_PORT");
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("a relative path is the repository root's, wherever the process runs (README)", () => {
  const result = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      'const { loadSettings } = await import("./src/settings.ts"); console.log(JSON.stringify(loadSettings(process.env)));',
    ],
    {
      cwd: appDir,
      env: { ...process.env, API_DATABASE_PATH: "data/other.sqlite", API_STORAGE_DIR: "media" },
      encoding: "utf8",
      timeout: 20_000,
    },
  );
  expect(result.stderr).toBe("");
  expect(JSON.parse(result.stdout)).toMatchObject({
    databasePath: path.join(repoRoot, "data/other.sqlite"),
    storageDir: path.join(repoRoot, "media"),
  });
});
