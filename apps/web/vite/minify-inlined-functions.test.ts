import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync, transformWithOxc } from "vite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INLINED_MODULES, withMinifiedToString } from "./minify-inlined-functions.ts";

const folder = path.join(import.meta.dirname, "../app/page-script");
const modules = readdirSync(folder)
  .map((name) => path.join(folder, name))
  .filter((file) => INLINED_MODULES.test(file));

/** A page-script module as the plugin sees it in the build: compiled to JavaScript. */
async function compiled(file: string) {
  return (await transformWithOxc(readFileSync(file, "utf8"), file)).code;
}

/** What each `toString` override of the transformed module returns, by function name. */
function minifiedTexts(transformed: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const match of transformed.matchAll(
    /Object\.defineProperty\((\w+), "toString", \{ value: \(\) => ("(?:[^"\\]|\\.)*") \}\);/g,
  )) {
    texts.set(match[1] as string, JSON.parse(match[2] as string));
  }
  return texts;
}

describe("the page script's functions minified in the server build", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes the page script's modules and leaves their tests", () => {
    expect(modules.map((file) => path.basename(file))).toContain("throttle.ts");
    expect(INLINED_MODULES.test(path.join(folder, "throttle.test.ts"))).toBe(false);
    expect(INLINED_MODULES.test(path.join(folder, "../shared/page-table.ts"))).toBe(false);
  });

  it.each(modules.map((file) => [path.basename(file), file]))(
    "%s: every exported function gets a shorter text of itself, under its own name",
    async (_name, file) => {
      const code = await compiled(file);
      const exported = [...code.matchAll(/^export function (\w+)/gm)].map((match) => match[1]);
      const texts = minifiedTexts(withMinifiedToString(code, file));
      expect([...texts.keys()]).toEqual(exported);
      for (const [name, text] of texts) {
        // A function expression that parses, named as before: what page-script.ts wraps in `(…)(…)`.
        expect(parseSync("inline.js", `(${text})`).errors).toEqual([]);
        expect(text).toMatch(new RegExp(`^function ${name}\\(`));
        expect(text).not.toMatch(/\n|\/\/|\/\*/);
        const original = code.slice(code.indexOf(`export function ${name}(`) + "export ".length);
        expect(text.length).toBeLessThan(original.length);
      }
    },
  );

  it("gives the module's function the minified text and leaves the function itself running", async () => {
    const file = path.join(folder, "throttle.ts");
    const transformed = withMinifiedToString(await compiled(file), file);
    const module = await import(`data:text/javascript,${encodeURIComponent(transformed)}`);
    expect(module.throttle.toString()).toBe(minifiedTexts(transformed).get("throttle"));
    const run = vi.fn();
    module.throttle(run, 10).call();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("inlines a throttle that still throttles", () => {
    vi.useFakeTimers();
    return compiled(path.join(folder, "throttle.ts")).then((code) => {
      const text = minifiedTexts(withMinifiedToString(code, "throttle.ts")).get("throttle");
      const throttle = new Function(`return (${text})`)() as (
        run: () => void,
        ms: number,
      ) => { call: () => void };
      const run = vi.fn();
      const { call } = throttle(run, 300);
      call();
      call();
      call();
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(300);
      expect(run).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(1000);
      expect(run).toHaveBeenCalledTimes(2);
    });
  });

  it("fails the build for a function that uses import.meta, which a classic script cannot hold", () => {
    const code = "export function mode() { return import.meta.env.MODE; }\n";
    expect(() => withMinifiedToString(code, "mode.js")).toThrow("mode cannot be inlined");
  });

  it("leaves a module without exported functions as it was", () => {
    const code = 'export const LIMIT = 3;\nexport const name = () => "x";\n';
    expect(withMinifiedToString(code, "constants.js")).toBe(code);
  });
});
