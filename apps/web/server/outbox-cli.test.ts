/** `npm run outbox -- show <id>`: a held message whole, for the person who decides on it. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Outbox } from "./contact/outbox.server.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-cli-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cli = (file: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, "outbox-cli.ts"), ...args], {
    // INIT_CWD: where npm was run, what a relative path is read from.
    env: { ...process.env, OUTBOX_DATABASE_PATH: file, INIT_CWD: dir },
    encoding: "utf8",
  });

describe("npm run outbox", () => {
  it("says how it is used when asked, and after a command it does not know", () => {
    const file = path.join(dir, "none.sqlite");
    for (const ask of ["--help", "-h", "help"]) {
      const help = cli(file, ask);
      expect(help.status, ask).toBe(0);
      expect(help.stdout, ask).toContain("release <id>");
    }
    Outbox.open(file).close();
    const unknown = cli(file, "requeue", "1");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "requeue"');
    expect(unknown.stderr).toContain("release <id>");
  });

  it("shows a held message whole: every field, its whole text and why it is held", () => {
    const file = path.join(dir, "outbox.sqlite");
    const outbox = Outbox.open(file);
    const message = `First line of a long message\n${"word ".repeat(40)}\nLast line`;
    const id = outbox.hold(
      {
        form: { name: "سارة", email: "sara@example.com", phone: "+966 5", message },
        lang: "ar",
        idempotencyKey: "key-1",
        clientAddress: "203.0.113.9",
      },
      "refused by the API: HTTP 400",
    );
    outbox.close();

    const listed = cli(file);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain("refused by the API: HTTP 400");

    const shown = cli(file, "show", String(id));
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("Held because: refused by the API: HTTP 400");
    expect(shown.stdout).toContain("Name:    سارة");
    expect(shown.stdout).toContain("E-mail:  sara@example.com");
    expect(shown.stdout).toContain(message);

    // What a visitor typed cannot drive the operator's terminal: escapes are shown, not sent.
    const sly = Outbox.open(file);
    const slyId = sly.hold(
      {
        form: { name: "X\u001b]0;owned\u0007", email: "x@example.com", message: "a\u001b[2Jb\nc" },
        lang: "en",
        idempotencyKey: "key-2",
        clientAddress: "203.0.113.9",
      },
      "sent too soon",
    );
    sly.close();
    const escaped = cli(file, "show", String(slyId));
    expect(escaped.stdout).not.toContain("\u001b");
    expect(escaped.stdout).toContain("a\\u{1b}[2Jb\nc");
    expect(cli(file).stdout).not.toContain("\u001b");

    // A flood the spam checks held goes at once; what the API refused stays for a person.
    const flood = Outbox.open(file);
    for (const key of ["key-3", "key-4"]) {
      flood.hold(
        {
          form: { name: "Bot", email: "b@example.com", message: "spam" },
          lang: "en",
          idempotencyKey: key,
          clientAddress: "198.51.100.1",
        },
        "sent without a valid form token",
        Date.now(),
        { doubted: true },
      );
    }
    flood.close();
    const cleared = cli(file, "delete-doubted");
    expect(cleared.status).toBe(0);
    expect(cleared.stdout).toContain("Deleted 2 held messages the spam checks doubted.");
    expect(cli(file, "show", String(id)).status).toBe(0);

    const missing = cli(file, "show", "99");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("There is no held message #99.");
  });

  it("copies the outbox whole while the site has it open: what is only in its write-ahead log too, readable by its owner only", () => {
    const file = path.join(dir, "live.sqlite");
    const site = Outbox.open(file);
    const message = (key: string, name: string) => ({
      form: { name, email: "n@example.com", message: `From ${name}` },
      lang: "en" as const,
      idempotencyKey: key,
      clientAddress: "203.0.113.1",
    });
    try {
      site.enqueue(message("w-1", "Waiting"));
      site.hold(message("h-1", "Held"), "refused by the API: HTTP 400");
      // The site's connection stays open: its writes are in the log, not yet in the file.
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);

      const copied = cli(file, "backup", "copies/outbox.sqlite");
      expect(copied.stderr).toBe("");
      expect(copied.status).toBe(0);
      const copy = path.join(dir, "copies/outbox.sqlite");
      expect(copied.stdout).toContain(`(1 waiting, 1 held, 0 delivered) to ${copy}`);
      expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
      const read = Outbox.open(copy);
      try {
        expect(read.list(["pending"]).map((entry) => entry.form.name)).toEqual(["Waiting"]);
        expect(read.held().map((entry) => [entry.form.name, entry.reason])).toEqual([
          ["Held", "refused by the API: HTTP 400"],
        ]);
      } finally {
        read.close();
      }
    } finally {
      site.close();
    }
    expect(cli(file, "backup").status).toBe(1);
    for (const own of [file, `${file}-wal`]) {
      const refused = cli(file, "backup", own);
      expect(refused.status, own).toBe(1);
      expect(refused.stderr, own).toContain("another file than the outbox");
    }
    // What is not a database is not overwritten in place by half a copy: replaced whole, or kept.
    const other = path.join(dir, "copies/not-a-database.sqlite");
    fs.writeFileSync(other, "last night's notes");
    expect(cli(file, "backup", "copies/not-a-database.sqlite").status).toBe(0);
    expect(fs.readFileSync(other).subarray(0, 15).toString()).toBe("SQLite format 3");
    expect(
      fs.readdirSync(path.join(dir, "copies")).filter((name) => name.includes("partial")),
    ).toEqual([]);
    // No outbox: nothing copied, and a failure a cron job sees.
    const none = cli(path.join(dir, "never.sqlite"), "backup", "copies/none.sqlite");
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("There is no outbox to copy");
  });
});
