/**
 * `npm run outbox`: the contact messages still in the website's outbox (waiting or being sent)
 * as a table, how many were delivered, and the messages held for a person: doubtful ones (sent
 * too soon after the form was shown, without a valid token) and those the API refused.
 * `npm run outbox -- show <id>` prints a held message whole; `-- release <id>` sends it to the
 * API; `-- delete <id>` drops it; `-- delete-doubted` drops every one the spam checks held;
 * `-- backup <file>` copies the outbox while the site runs. Reads OUTBOX_DATABASE_PATH (a
 * relative path means the repository root, as for `npm start`).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { type HeldMessage, Outbox, type OutboxEntry } from "./contact/outbox.server.ts";
import { droppedCounts } from "./contact/spam-counts.server.ts";
import { repoRoot } from "./repo-root.ts";
import { outboxDatabasePath, SettingsError } from "./settings.server.ts";

const USAGE = `Usage: npm run outbox [-- <command> <id>]

Without a command: the messages held for a person, then those waiting or being sent.
  show <id>      print a held message whole
  release <id>   send a held message to the API
  delete <id>    drop a held message
  delete-doubted drop every held message the spam checks doubted (not those the API refused)
  backup <file>  copy the whole outbox to <file> (replaced if there), safely while the site runs

The outbox is OUTBOX_DATABASE_PATH (default data/outbox.sqlite).`;

const time = (ms: number | null) =>
  ms === null ? "-" : new Date(ms).toISOString().slice(0, 19).replace("T", " ");

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * Text a visitor wrote, safe for a terminal: control characters (an escape sequence could clear
 * the screen or set the title) are shown as `\u{1b}`; line breaks and tabs stay.
 */
const printable = (text: string) =>
  text.replace(/(?![\n\t])\p{Cc}/gu, (char) => `\\u{${char.charCodeAt(0).toString(16)}}`);

const columns: [string, (entry: OutboxEntry) => string][] = [
  ["#", (e) => String(e.id)],
  ["Status", (e) => e.status],
  ["Tries", (e) => String(e.attempts)],
  ["Received (UTC)", (e) => time(e.createdAt)],
  ["Next try (UTC)", (e) => time(e.nextAttemptAt)],
  ["Lang", (e) => e.lang],
  ["From", (e) => cut(printable(`${e.form.name} <${e.form.email}>`), 40)],
  ["Subject", (e) => cut(printable(e.form.subject ?? "-"), 30)],
  ["Last error", (e) => cut(printable(e.lastError ?? "-"), 60)],
];

function formatTable(entries: OutboxEntry[]): string {
  const rows = entries.map((entry) => columns.map(([, cell]) => cell(entry).replace(/\s+/g, " ")));
  const widths = columns.map(([title], i) =>
    Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    line(columns.map(([title]) => title)),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
  ].join("\n");
}

/** A held message whole: who sent it, when, why it is held, and every field. */
function printMessage(entry: HeldMessage) {
  const { form } = entry;
  const lines = [
    `Held message #${entry.id}, received ${time(entry.createdAt)} UTC (${entry.lang}), from ${entry.clientAddress}`,
    `Held because: ${printable(entry.reason)}`,
    `Name:    ${printable(form.name)}`,
    `E-mail:  ${printable(form.email)}`,
    `Phone:   ${printable(form.phone ?? "-")}`,
    `Subject: ${printable(form.subject ?? "-")}`,
    "",
    printable(form.message),
  ];
  console.log(lines.join("\n"));
}

/** Held messages (doubtful, or refused by the API) and what the spam checks dropped. */
function printHeld(outbox: Outbox) {
  const held = outbox.held();
  const dropped = droppedCounts(outbox.database).honeypot ?? 0;
  console.log(
    `Held for a person: ${held.length} (show, release or delete them); dropped by the hidden field: ${dropped}.`,
  );
  if (held.length === 0) return;
  const rows = held.map((entry) =>
    [
      `#${entry.id}`,
      time(entry.createdAt),
      entry.lang,
      cut(printable(`${entry.form.name} <${entry.form.email}>`), 40),
      cut(printable(entry.form.message.replace(/\s+/g, " ")), 50),
      cut(printable(entry.reason), 60),
    ].join("  "),
  );
  console.log(`\n${rows.join("\n")}\n`);
}

/**
 * `backup <file>`: the outbox copied to `named` (relative to where npm was run: npm runs this
 * in apps/web), then what the copy holds. A failure is a non-zero exit, for a cron job to see:
 * no file named, no outbox to copy, or a copy that could not be made.
 */
async function backUp(file: string, named: string | undefined): Promise<number> {
  if (!named) {
    console.error(`Name the file to copy the outbox to.\n\n${USAGE}`);
    return 1;
  }
  const copy = path.resolve(process.env.INIT_CWD ?? process.cwd(), named);
  const outboxFiles = ["", "-wal", "-shm", "-journal"].map((end) => path.resolve(file) + end);
  if (outboxFiles.includes(copy)) {
    console.error("The copy must be another file than the outbox and its own files.");
    return 1;
  }
  if (!existsSync(file)) {
    console.error(`There is no outbox to copy at ${file} (no message has needed it yet).`);
    return 1;
  }
  const outbox = Outbox.open(file);
  try {
    await outbox.database.copyTo(copy);
  } catch (error) {
    console.error(`The outbox could not be copied to ${copy}: ${(error as Error).message}`);
    return 1;
  } finally {
    outbox.close();
  }
  const copied = Outbox.open(copy);
  try {
    const { pending, sending, delivered } = copied.counts();
    console.log(
      `Copied the outbox (${pending + sending} waiting, ${copied.held().length} held, ` +
        `${delivered} delivered) to ${copy}.`,
    );
  } finally {
    copied.close();
  }
  return 0;
}

async function main(): Promise<number> {
  let file: string;
  const [command, idText] = process.argv.slice(2);
  if (command === "--help" || command === "-h" || command === "help") {
    console.log(USAGE);
    return 0;
  }
  try {
    file = outboxDatabasePath(repoRoot);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (command === "backup") return await backUp(file, idText);
  if (!existsSync(file)) {
    console.log(`The outbox is empty: there is no ${file} yet (no message has needed it).`);
    return 0;
  }
  const outbox = Outbox.open(file);
  try {
    if (command === "show") {
      const entry = outbox.held().find((held) => held.id === Number(idText));
      if (!entry) console.error(`There is no held message #${idText}.`);
      else printMessage(entry);
      return entry ? 0 : 1;
    }
    if (command === "release" || command === "delete") {
      const id = Number(idText);
      const done = command === "release" ? outbox.release(id) : outbox.discard(id);
      console.log(
        done
          ? `Held message #${id} ${command === "release" ? "is queued for delivery" : "was deleted"}.`
          : `There is no held message #${idText}.`,
      );
      return done ? 0 : 1;
    }
    if (command === "delete-doubted") {
      console.log(`Deleted ${outbox.discardDoubted()} held messages the spam checks doubted.`);
      return 0;
    }
    if (command) {
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
    }
    printHeld(outbox);
    const counts = outbox.counts();
    const open = outbox.list(["pending", "sending"]);
    console.log(
      `Outbox ${file}: ${counts.pending} waiting, ${counts.sending} being sent, ` +
        `${counts.delivered} delivered.`,
    );
    if (open.length === 0) {
      console.log("Nothing waiting: every queued message was delivered.");
    } else {
      console.log(`\n${formatTable(open)}`);
    }
    return 0;
  } finally {
    outbox.close();
  }
}

process.exitCode = await main();
