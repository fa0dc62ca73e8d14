/** `npm run messages`: the stored contact messages, newest first. */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "../src/db/connection.ts";
import { saveMessage } from "../src/db/messages.ts";

const appDir = path.resolve(import.meta.dirname, "..");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "content-api-cli-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function messages(databasePath: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ["src/cli/messages.ts", ...args], {
    cwd: appDir,
    env: { ...process.env, API_DATABASE_PATH: databasePath },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

test("says so when there is no database yet", () => {
  const { status, out } = messages(path.join(dir, "missing.sqlite"));
  expect(status).toBe(0);
  expect(out).toMatch(/^No messages/);
});

test("says so when there are no messages", () => {
  const file = path.join(dir, "empty.sqlite");
  openDatabase(file).close();
  const { status, out } = messages(file);
  expect(status).toBe(0);
  expect(out).toMatch(/^No messages yet/);
});

test("prints the messages newest first, readable", () => {
  const file = path.join(dir, "two.sqlite");
  const db = openDatabase(file);
  const save = (
    name: string,
    at: string,
    lang: "en" | "ar",
    extra: { phone?: string; subject?: string },
  ) =>
    saveMessage(db, {
      form: {
        name,
        email: `${name.toLowerCase()}@example.com`,
        message: `Hello from ${name}\nSecond line`,
        ...extra,
      },
      lang,
      clientIp: "203.0.113.1",
      ratePerMinute: 10,
      now: new Date(at),
    });
  save("Older", "2025-01-01T10:00:00.000Z", "en", { phone: "+966 11 000", subject: "Tender" });
  save("نورة", "2025-01-02T11:30:00.000Z", "ar", {});
  db.close();

  const { status, out } = messages(file);
  expect(status).toBe(0);
  expect(out).toContain("2 messages");
  expect(out.indexOf("نورة")).toBeLessThan(out.indexOf("Older"));
  expect(out).toContain("2025-01-02 11:30:00 UTC  [ar]");
  expect(out).toContain("From:    Older <older@example.com>");
  expect(out).toContain("Phone:   +966 11 000");
  expect(out).toContain("Subject: Tender");
  expect(out).toContain("  Second line");

  const latest = messages(file, "--limit", "1");
  expect(latest.out).toContain("2 messages in");
  expect(latest.out).toContain("the 1 newest shown");
  expect(latest.out).toContain("نورة");
  expect(latest.out).not.toContain("Older");
});
