import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { minifyInlinedFunctions } from "./vite/minify-inlined-functions.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), minifyInlinedFunctions()],
  // app/islands/hydrate.ts is bundled on its own, as Vite bundles workers (root.tsx): a module.
  worker: { format: "es" },
  environments: {
    client: {
      build: {
        // React Router's client entry (React, the router, 531 KB) is built, but no page loads
        // it: pages hydrate their islands from hydrate.ts alone (decision 014).
        chunkSizeWarningLimit: 600,
        rollupOptions: {
          output: {
            // As React Router names them, in fewer, larger files: one for the framework, one
            // for the components and strings pages share (a page's own code stays its own).
            // The islands' script (hydrate.ts) is bundled apart and never loads these.
            entryFileNames: "assets/[name]-[hash].js",
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/]/, priority: 2 },
                {
                  name: "shared",
                  test: /app[\\/](components|i18n)[\\/]/,
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is the HTTP app itself, so it shares one copy of every module
    // with the routes (server/serve.ts imports it from build/server/index.js).
    ssr: { build: { rollupOptions: { input: "./server/http/app.ts" } } },
  },
  // The contract package is TypeScript source shared with the server; let Vite compile it.
  ssr: { noExternal: ["@site/contract"] },
});
