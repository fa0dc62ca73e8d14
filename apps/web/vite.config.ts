import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The contract package is TypeScript source shared with the server; let Vite compile it.
  ssr: { noExternal: ["@site/contract"] },
});
