/**
 * The page script (app/page-script/page-script.ts) is made of functions that every page carries
 * inline, written out with `toString()`: as the server bundle prints them, with long names and
 * whitespace, about 11.8 KB (3.5 KB gzip) on every page. In the server build this plugin gives
 * each exported function declaration of app/page-script/ a `toString` that returns its minified
 * text (about 6.9 KB, 2.6 KB gzip); the functions themselves stay as written wherever the server
 * calls them. Values passed to them (the address patterns of shared/page-table.ts, as regular
 * expression literals) are inlined as written. The dev server and the unit tests inline the
 * functions as written: same behaviour, more bytes.
 */
import { minifySync, type Plugin, parseSync } from "vite";

/** The page script's own modules, not their tests. */
export const INLINED_MODULES = /[\\/]app[\\/]page-script[\\/](?![^\\/]*\.test\.)[^\\/]+\.ts$/;

export function minifyInlinedFunctions(): Plugin {
  return {
    name: "minify-inlined-functions",
    apply: "build",
    // Only the server renders the page script; the islands' bundles are minified anyway.
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform: {
      filter: { id: INLINED_MODULES },
      handler: (code, id) => ({ code: withMinifiedToString(code, id), map: null }),
    },
  };
}

/**
 * `code` (JavaScript: Vite has compiled the TypeScript by now) with, after it, a statement per
 * exported function declaration that makes its `toString()` return the function minified.
 */
export function withMinifiedToString(code: string, id: string): string {
  const { program, errors } = parseSync(id, code);
  if (errors.length > 0) throw new Error(`${id}: ${errors[0]?.message}`);
  const overrides: string[] = [];
  for (const statement of program.body) {
    if (statement.type !== "ExportNamedDeclaration") continue;
    const declaration = statement.declaration;
    if (declaration?.type !== "FunctionDeclaration" || !declaration.id) continue;
    const name = declaration.id.name;
    // As a script, not a module: a lone top-level function is kept, and keeps its name.
    const minified = minifySync(`${name}.js`, code.slice(declaration.start, declaration.end), {
      module: false,
    });
    if (minified.errors.length > 0) throw new Error(`${id}: ${minified.errors[0]?.message}`);
    const text = minified.code.trim().replace(/;$/, "");
    // This runs before Vite replaces `import.meta.env`, which a classic script cannot hold (the
    // minifier, reading a script, leaves nothing of such a function).
    if (!text.startsWith(`function ${name}(`) || text.includes("import.meta")) {
      throw new Error(`${id}: ${name} cannot be inlined (does it use import.meta?)`);
    }
    overrides.push(
      `Object.defineProperty(${name}, "toString", { value: () => ${JSON.stringify(text)} });`,
    );
  }
  return overrides.length === 0 ? code : `${code}\n${overrides.join("\n")}\n`;
}
