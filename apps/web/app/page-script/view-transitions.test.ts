import { afterEach, describe, expect, it, vi } from "vitest";
import { quietSkippedTransitions } from "./view-transitions.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("quietSkippedTransitions", () => {
  it("marks a skipped transition's rejected promises handled, so the page reports no error", async () => {
    const listeners = new Map<string, (event: Event) => void>();
    vi.stubGlobal("window", {
      addEventListener: (type: string, listener: (event: Event) => void) =>
        listeners.set(type, listener),
    });
    quietSkippedTransitions();
    const skipped = new DOMException("Page already revealed", "InvalidStateError");
    const transition = {
      ready: Promise.reject(skipped),
      finished: Promise.resolve(),
      updateCallbackDone: Promise.reject(skipped),
    };
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      listeners.get("pagereveal")?.(
        Object.assign(new Event("pagereveal"), { viewTransition: transition }),
      );
      // A page revealed without a transition is left alone.
      listeners.get("pagereveal")?.(
        Object.assign(new Event("pagereveal"), { viewTransition: null }),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
