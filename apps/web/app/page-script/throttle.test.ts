import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "./throttle.ts";

describe("throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs at once on the first call, then at most once per spell, ending with the last state", () => {
    const run = vi.fn();
    const { call } = throttle(run, 300);
    call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) call();
    vi.advanceTimersByTime(299);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    // No calls in the next spell: nothing more runs, and the next call runs at once again.
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    call();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("calls during every spell of a long scroll run once per spell", () => {
    const run = vi.fn();
    const { call } = throttle(run, 300);
    for (let t = 0; t < 3000; t += 10) {
      call();
      vi.advanceTimersByTime(10);
    }
    // At 0 ms, then at the end of each 300 ms spell up to 3000 ms (the last for the end state).
    expect(run).toHaveBeenCalledTimes(11);
  });

  it("does nothing after cancel", () => {
    const run = vi.fn();
    const { call, cancel } = throttle(run, 300);
    call();
    call();
    cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
