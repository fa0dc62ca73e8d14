import { describe, expect, it, vi } from "vitest";
import { InFlight } from "./in-flight.ts";

describe("InFlight", () => {
  it("shares the run of a key while it is under way; other keys run apart", async () => {
    const inFlight = new InFlight<string, string>();
    let finish = (_value: string) => {};
    const start = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = inFlight.run("a", start);
    const second = inFlight.run("a", start);
    const other = inFlight.run("b", async () => "b");
    expect(start).toHaveBeenCalledTimes(1);
    finish("made");
    expect(await Promise.all([first, second, other])).toEqual(["made", "made", "b"]);
  });

  it("starts anew once the run settled, a failed one too", async () => {
    const inFlight = new InFlight<string, string>();
    await expect(inFlight.run("a", () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(await inFlight.run("a", async () => "back")).toBe("back");
    expect(await inFlight.run("a", async () => "again")).toBe("again");
  });
});
