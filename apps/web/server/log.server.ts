/**
 * The server's log lines for things that went wrong: one JSON object per line (time, level,
 * area, message and fields such as the endpoint), so a log collector can filter and count
 * them. The access log (server/http/app.ts) stays one plain line per request. Never pass a contact
 * message's fields: no personal data goes into a log.
 */
export type LogFields = Record<string, string | number | undefined>;

export interface LogEntry extends LogFields {
  level: "error" | "warn" | "info";
  /** The part of the site: api, request, img, media, contact, outbox, cache, process. */
  area: string;
  message: string;
}

export const logLine = (entry: LogEntry): string =>
  JSON.stringify({ time: new Date().toISOString(), ...entry });

export const logError = (area: string, message: string, fields: LogFields = {}) =>
  console.error(logLine({ ...fields, level: "error", area, message }));

export const logWarning = (area: string, message: string, fields: LogFields = {}) =>
  console.warn(logLine({ ...fields, level: "warn", area, message }));

export const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
