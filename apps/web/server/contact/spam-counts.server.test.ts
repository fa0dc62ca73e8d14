import { describe, expect, it } from "vitest";
import { OutboxDatabase } from "./outbox-db.server.ts";
import { countDropped, droppedCounts } from "./spam-counts.server.ts";

describe("spam counts", () => {
  it("counts drops by kind", () => {
    const database = OutboxDatabase.open(":memory:");
    countDropped(database, "honeypot");
    countDropped(database, "honeypot");
    expect(droppedCounts(database)).toEqual({ honeypot: 2 });
    database.close();
  });
});
