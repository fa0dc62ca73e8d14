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
  ssr: {
    // The contract package is TypeScript source shared with the server; let Vite compile it.
    // The Express adapter goes through Vite too, so that in development it checks the request
    // context against the same copy of React Router as the app that makes it.
    noExternal: ["@site/contract", "@react-router/express"],
  },
});
