import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // The server build's entry is the HTTP app itself, so it shares one copy of every module
    // with the routes (server/serve.ts imports it from build/server/index.js).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  // The contract package is TypeScript source shared with the server; let Vite compile it.
  ssr: { noExternal: ["@site/contract"] },
});
