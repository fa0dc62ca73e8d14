/**
 * Files the API stores (media, the company profile) passed on to visitors as they are: the
 * media proxy (`/storage`) and the company profile's download both fetch them this way.
 */

/**
 * A file is asked for as it is stored (`identity`): `fetch` unzips a compressed answer but
 * keeps its compressed `Content-Length`, which would cut the visitor's download short.
 */
export const AS_STORED = { "accept-encoding": "identity" } as const;

/** The file's length to pass on: none when the API compressed it anyway (`fetch` unzipped it). */
export function storedLength(answer: Response): string | null {
  const encoding = answer.headers.get("content-encoding");
  return encoding && encoding !== "identity" ? null : answer.headers.get("content-length");
}

/** The request headers that make a request conditional, passed on so the API answers `304`. */
const CONDITIONAL = ["if-none-match", "if-modified-since"];

/** The visitor's conditional headers, read with `get` (Node's or the Fetch API's headers). */
export function conditionalHeaders(
  get: (name: string) => string | string[] | null | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of CONDITIONAL) {
    const value = get(name);
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

/** The answer headers by which a browser asks again whether a file changed. */
export const VALIDATORS = ["etag", "last-modified"];

/**
 * The file's body as it comes, but given up (`abort`, which ends its fetch) when the API sends
 * nothing for `idleMs` while the visitor waits for more: a stalled API would otherwise hold the
 * download, and a socket, for ever. Only the wait for the API counts: a visitor reading slowly
 * pulls slowly, and no timer runs meanwhile.
 */
export function cutWhenStalled(
  body: ReadableStream<Uint8Array>,
  abort: () => void,
  idleMs: number,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const timer = setTimeout(abort, idleMs);
      try {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
