/** The conformance check's requests: a few at once, each with a time-out, never throwing. */
import { limiter } from "../concurrency.ts";
import type { Language } from "../languages.ts";

/** What came back: the body as text, or why nothing (usable) came. */
type Answer =
  | { status: number; text: string; contentType: string }
  | { status: number | null; error: string };

export type Request = (path: string, lang: Language) => Promise<Answer>;

function transportError(error: unknown, timeout: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `timeout after ${timeout} ms`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string }) : null;
  const detail =
    cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `no answer (${detail})`;
}

/** GETs of paths under `root` as the contract asks them (JSON, a `lang` header). */
export function requester(root: string, timeout: number, concurrency: number): Request {
  const limit = limiter(concurrency);
  return (path, lang) =>
    limit(async () => {
      let status: number | null = null;
      try {
        const response = await fetch(root + path, {
          headers: { Accept: "application/json", lang },
          signal: AbortSignal.timeout(timeout),
        });
        status = response.status;
        const text = await response.text();
        return { status, text, contentType: response.headers.get("content-type") ?? "" };
      } catch (error) {
        return { status, error: transportError(error, timeout) };
      }
    });
}
