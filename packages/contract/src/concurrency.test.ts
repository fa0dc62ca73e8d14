import { afterEach, describe, expect, it, vi } from "vitest";
import { Line, limiter, mapLimit } from "./concurrency.ts";

/** A task that runs until `finish` is called, and says when it started. */
function held() {
  const started: number[] = [];
  const finishers: Array<() => void> = [];
  const task = (n: number) => () =>
    new Promise<number>((resolve) => {
      started.push(n);
      finishers.push(() => resolve(n));
    });
  const finishNext = async () => {
    finishers.shift()?.();
    // Let the slot be handed on and the next task start.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, task, finishNext };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("limiter", () => {
  it("runs at most `max` at once, the others in the order they came", async () => {
    const gate = limiter(2);
    const { started, task, finishNext } = held();
    const results = [1, 2, 3, 4].map((n) => gate(task(n)));
    // A free slot starts its task at once, before the gate's promise is even awaited.
    expect(started).toEqual([1, 2]);
    await finishNext();
    expect(started).toEqual([1, 2, 3]);
    await finishNext();
    await finishNext();
    await finishNext();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  });

  it("frees the slot of a task that failed", async () => {
    const gate = limiter(1);
    await expect(gate(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await gate(async () => "next")).toBe("next");
  });
});

describe("mapLimit", () => {
  it("keeps the results in the order of the items", async () => {
    let running = 0;
    let most = 0;
    const doubled = await mapLimit([5, 1, 3, 2], 2, async (n) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 2;
    });
    expect(doubled).toEqual([10, 2, 6, 4]);
    expect(most).toBe(2);
  });
});

describe("Line", () => {
  const busy = () => new Error("busy");

  it("lets `maxQueued` wait; anyone more is turned away at once", async () => {
    const line = new Line(1, 2, 60_000, busy);
    const { task, finishNext } = held();
    const first = line.run(task(1));
    const waiting = [line.run(task(2)), line.run(task(3))];
    expect([line.active, line.queued]).toEqual([1, 2]);
    await expect(line.run(task(4))).rejects.toThrow("busy");
    for (let i = 0; i < 3; i++) await finishNext();
    expect(await Promise.all([first, ...waiting])).toEqual([1, 2, 3]);
    expect([line.active, line.queued]).toEqual([0, 0]);
  });

  it("turns away one that waited `waitMs`, and leaves the line as it was", async () => {
    vi.useFakeTimers();
    const line = new Line(1, 5, 1_000, busy);
    const { task, finishNext } = held();
    const first = line.run(task(1));
    const late = line.run(task(2));
    const caught = expect(late).rejects.toThrow("busy");
    await vi.advanceTimersByTimeAsync(1_000);
    await caught;
    expect([line.active, line.queued]).toEqual([1, 0]);
    vi.useRealTimers();
    await finishNext();
    expect(await first).toBe(1);
    expect(line.active).toBe(0);
  });
});
