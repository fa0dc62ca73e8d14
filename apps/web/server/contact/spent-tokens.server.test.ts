/**
 * A form token sends one message, wherever the next post lands: two processes of one instance
 * (one outbox file), or two instances sharing Redis.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../../../e2e/support/redis.ts";
import { connectRedis, type RedisLink } from "../scale-out/redis.server.ts";
import { captureLog } from "../testing/log-capture.ts";
import { outboxWriter } from "./outbox.server.ts";
import { OutboxDatabase } from "./outbox-db.server.ts";
import {
  LocalTokenRecord,
  outboxSpentTokens,
  type SpentTokens,
  spentTokens,
} from "./spent-tokens.server.ts";

const later = () => Date.now() + 60_000;

/** The behaviour every record of spent tokens shares. */
async function spendsOnce(a: SpentTokens, b: SpentTokens) {
  expect(await a.spend("t1", "message-1", later())).toBe("send");
  // The same message again (a retry after a lost answer): sent, wherever it lands.
  expect(await b.spend("t1", "message-1", later())).toBe("send");
  // Another message with the same token: refused, wherever it lands.
  expect(await b.spend("t1", "message-2", later())).toBe("other");
  expect(await a.spend("t1", "message-2", later())).toBe("other");
  // Only the message that spent it gives it back.
  await b.giveBack("t1", "message-2");
  expect(await a.spend("t1", "message-3", later())).toBe("other");
  await b.giveBack("t1", "message-1");
  expect(await a.spend("t1", "message-3", later())).toBe("send");
  // Once its message is taken, the same post again is known, wherever it lands.
  expect(await b.wasTaken("t1", "message-3")).toBe(false);
  await a.taken("t1", "message-3", later());
  expect(await b.wasTaken("t1", "message-3")).toBe(true);
  expect(await b.wasTaken("t1", "message-4")).toBe(false);
  expect(await b.spend("t1", "message-3", later())).toBe("taken");
  expect(await a.spend("t1", "message-4", later())).toBe("other");
}

describe("spent tokens in the outbox's database", () => {
  let dir = "";
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "spent-tokens-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("are one record for every process of an instance", async () => {
    const file = path.join(dir, "outbox.sqlite");
    // Two writers on one file stand for two worker processes.
    await spendsOnce(outboxSpentTokens(outboxWriter(file)), outboxSpentTokens(outboxWriter(file)));
  });

  it("forget a mark once its token is too old to count", () => {
    const database = OutboxDatabase.open(":memory:");
    const record = new LocalTokenRecord(database);
    expect(record.spendToken("old", "m1", 1_000, 500)).toBe(true);
    expect(record.spendToken("old", "m2", 1_000, 900)).toBe(false);
    // Past its expiry the mark is gone (the token itself is refused as too old by then).
    expect(record.spendToken("old", "m2", 5_000, 2_000)).toBe(true);
    database.close();
  });
});

describe("spent tokens in Redis", () => {
  let redis: TestRedis;
  const links: RedisLink[] = [];
  const link = async () => {
    const made = connectRedis(redis.url, "spent:", captureLog().logger);
    links.push(made);
    for (let i = 0; i < 100 && made.problem() !== undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return made;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    for (const made of links.splice(0)) await made.close();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("are one record for every instance", async () => {
    // Each instance has an outbox of its own: only Redis is shared.
    const a = spentTokens(outboxWriter(":memory:"), await link());
    const b = spentTokens(outboxWriter(":memory:"), await link());
    await spendsOnce(a, b);
  });
});
