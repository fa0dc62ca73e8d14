/** For unit tests: a logger like the process's (log.server.ts) whose lines a test can read. */
import { createLogger, type Logger } from "../log.server.ts";

export interface CapturedLog {
  logger: Logger;
  /** The lines written so far, parsed. */
  lines: Array<Record<string, unknown> & { level: string; message: string }>;
}

export function captureLog(level = "info"): CapturedLog {
  const lines: CapturedLog["lines"] = [];
  const logger = createLogger(
    { level },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { logger, lines };
}
