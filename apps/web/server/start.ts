/**
 * `npm start -w @site/web`: the production server (the repository's `npm start` runs it beside
 * the reference API). Production mode unless the operator says otherwise, set before anything
 * else loads (see `defaultMode`).
 */
import v8 from "node:v8";
import { defaultMode, heapModeSetting } from "./settings.server.ts";

defaultMode("production");
// V8 otherwise grows the heap to about four times what it holds under a burst of allocation and
// keeps it: 3,000 uncached renders left +242 MB of RSS, and +23 MB with this (docs/performance.md).
// Set before the server allocates anything; every worker runs this file too.
if (heapModeSetting() === "size") v8.setFlagsFromString("--optimize-for-size");
await import("./serve.ts");
