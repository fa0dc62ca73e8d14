/**
 * The server's one logger (pino): JSON lines on stdout with `time`, `level` (a word), the
 * `component` that wrote it, a `message`, the request's `requestId` when the line belongs to a
 * request, and fields such as the endpoint. LOG_LEVEL sets the lowest level written (default
 * `info`); in development (`npm run dev`) the lines are printed for people by pino-pretty.
 *
 * Never pass what a visitor sent (a contact message's fields, form tokens, cookies) or the
 * purge secret: no personal data and no secret goes into a log (e2e/operations.spec.ts sends
 * each and reads the output for it).
 *
 * One logger per process: the server build bundles its own copy of this module beside the one
 * server/serve.ts imports, so the logger and the request scope live on `globalThis`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { pino } from "pino";
import { logSettings } from "./settings.server.ts";

/** The parts of the site that write log lines. */
export type Component =
  | "http"
  | "cache"
  | "answers"
  | "outbox"
  | "fan-out"
  | "images"
  | "search"
  | "cluster";

export type Logger = pino.Logger;

/** What is known of the request being served, through its asynchronous work. */
export interface RequestScope {
  requestId: string;
}

interface Shared {
  root: pino.Logger;
  scope: AsyncLocalStorage<RequestScope>;
}

const sharedKey = Symbol.for("arkan-site.log");

/** A logger writing to `destination` (stdout by default): the process's, or a test's. */
export function createLogger(
  options: { level?: string; pretty?: boolean; scope?: AsyncLocalStorage<RequestScope> } = {},
  destination?: pino.DestinationStream,
): pino.Logger {
  const scope = options.scope;
  return pino(
    {
      level: options.level ?? "info",
      messageKey: "message",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // The request's id, unless the line names one itself (the access log does).
      mixin: scope
        ? (merged) => {
            const current = scope.getStore();
            return current && !("requestId" in merged) ? { requestId: current.requestId } : {};
          }
        : undefined,
      transport: options.pretty
        ? {
            target: "pino-pretty",
            options: {
              messageKey: "message",
              ignore: "component",
              messageFormat: "[{component}] {message}",
            },
          }
        : undefined,
    },
    options.pretty ? undefined : destination,
  );
}

function shared(): Shared {
  const holder = globalThis as { [sharedKey]?: Shared };
  if (!holder[sharedKey]) {
    const { level, mode } = logSettings();
    const scope = new AsyncLocalStorage<RequestScope>();
    holder[sharedKey] = {
      root: createLogger({ level, pretty: mode === "development", scope }),
      scope,
    };
  }
  return holder[sharedKey];
}

/** The process's logger for one part of the site: every line it writes names `component`. */
export const loggerFor = (component: Component): pino.Logger => shared().root.child({ component });

/** Runs `next` (the rest of a request's handling) with `scope` known to every line it logs. */
export const inRequestScope = <T>(scope: RequestScope, next: () => T): T =>
  shared().scope.run(scope, next);

/** The id of the request being served, if any (sent on to the content API). */
export const currentRequestId = (): string | undefined => shared().scope.getStore()?.requestId;

export const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
