/**
 * `npm run messages [-- --limit N]`: the contact messages stored by the API, newest first,
 * from the database named by API_DATABASE_PATH.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/connection.ts";
import { countMessages, listMessages, type StoredMessage } from "../db/messages.ts";
import { loadSettings, SettingsError } from "../settings.ts";

const USAGE = `Usage: npm run messages [-- --limit N]

The contact messages the reference API stored, newest first (--limit: the N newest), from
API_DATABASE_PATH (default data/content.sqlite).`;

function formatMessage(m: StoredMessage): string {
  const date = m.created_at.replace("T", " ").replace(/\.\d+Z$/, " UTC");
  const lines = [
    `#${m.id}  ${date}  [${m.lang}]`,
    `From:    ${m.name} <${m.email}>`,
    `Phone:   ${m.phone ?? "-"}`,
    `Subject: ${m.subject ?? "-"}`,
    "",
    ...m.message.split(/\r?\n/).map((line) => `  ${line}`),
  ];
  return lines.join("\n");
}

function main(): number {
  let databasePath: string;
  let limit = -1;
  try {
    const { values } = parseArgs({
      options: { limit: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new SettingsError("--limit expects a whole number from 1");
    }
    databasePath = loadSettings().databasePath;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }

  if (!existsSync(databasePath)) {
    console.log(`No messages: there is no database at ${databasePath} yet (start the API first).`);
    return 0;
  }
  const db = openDatabase(databasePath);
  try {
    const messages = listMessages(db, limit);
    if (messages.length === 0) {
      console.log(`No messages yet in ${databasePath}.`);
      return 0;
    }
    // Counted apart only when --limit may have left some out.
    const stored = messages.length === limit ? countMessages(db) : messages.length;
    const count = stored === 1 ? "1 message" : `${stored} messages`;
    // With --limit, the newest few of them.
    const shown = messages.length < stored ? `, the ${messages.length} newest shown` : "";
    console.log(`${count} in ${databasePath}${shown}, newest first:\n`);
    console.log(messages.map(formatMessage).join(`\n\n${"-".repeat(60)}\n\n`));
    return 0;
  } finally {
    db.close();
  }
}

process.exitCode = main();
