import { afterEach, describe, expect, it, vi } from "vitest";
import { revealInView } from "./reveal-in-view.ts";

/** Items of a page as the script sees them: `data-reveal` and the style it sets. */
function items(count: number) {
  return Array.from({ length: count }, () => ({
    dataset: { reveal: "waiting" } as Record<string, string>,
    style: { transitionDelay: "" },
  }));
}

/** A page holding `list`, and an IntersectionObserver whose entries the test sends. */
function pageWith(list: ReturnType<typeof items>, reducedMotion = false) {
  const documentElement = { dataset: {} as Record<string, string> };
  let report: ((entries: { isIntersecting: boolean; target: unknown }[]) => void) | undefined;
  const observed = new Set<unknown>();
  vi.stubGlobal("document", { documentElement, querySelectorAll: () => list });
  vi.stubGlobal("matchMedia", () => ({ matches: reducedMotion }));
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(item: unknown) {
        observed.add(item);
      }
      unobserve(item: unknown) {
        observed.delete(item);
      }
    },
  );
  const enter = (...indexes: number[]) =>
    report?.(indexes.map((index) => ({ isIntersecting: true, target: list[index] })));
  return { enter, observed, documentElement };
}

afterEach(() => vi.unstubAllGlobals());

describe("revealInView", () => {
  it("shows items as they enter, in page order: 0.5 s, then 0.2 s more each, counted per group", () => {
    const list = items(5);
    const { enter, observed, documentElement } = pageWith(list);
    revealInView(0.15, 0.5, 0.2, "(prefers-reduced-motion: reduce)");
    expect(list.map((item) => item.dataset.reveal)).toEqual(Array(5).fill("waiting"));
    // This script has them: the late reveal for a page whose script never ran is off.
    expect(documentElement.dataset.revealing).toBe("");
    // Entering together, reported out of order.
    enter(2, 0, 1);
    expect(list.slice(0, 3).map((item) => item.style.transitionDelay)).toEqual([
      "0.5s",
      "0.7s",
      "0.9s",
    ]);
    expect(list.slice(0, 3).every((item) => item.dataset.reveal === "shown")).toBe(true);
    // One scrolled to later does not wait for those above it; each fades in once.
    enter(4);
    expect(list[4]?.style.transitionDelay).toBe("0.5s");
    expect(list[3]?.dataset.reveal).toBe("waiting");
    expect([...observed]).toEqual([list[3]]);
  });

  it("shows every item at once for reduced motion", () => {
    const list = items(3);
    pageWith(list, true);
    revealInView(0.15, 0.5, 0.2, "(prefers-reduced-motion: reduce)");
    expect(list.map((item) => [item.dataset.reveal, item.style.transitionDelay])).toEqual(
      Array(3).fill(["static", ""]),
    );
  });
});
