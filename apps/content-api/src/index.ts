/** What other workspaces use of the reference API: starting it, and its settings. */
export { type ContentApi, type ContentApiOptions, startContentApi } from "./server.ts";
export { loadSettings as loadApiSettings } from "./settings.ts";
