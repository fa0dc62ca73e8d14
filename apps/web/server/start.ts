/**
 * `npm start -w @site/web`: the production server (the repository's `npm start` runs it beside
 * the reference API). Production mode unless the operator says otherwise, set before anything
 * else loads (see `defaultMode`).
 */
import { defaultMode } from "./settings.server.ts";

defaultMode("production");
await import("./serve.ts");
