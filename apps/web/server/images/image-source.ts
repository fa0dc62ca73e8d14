/** Fetching a source image from the content API, bounded in time and bytes. */
import { ImageError } from "./image-error.ts";

/** Source types never resized: markup and scripts, SVG among them. */
const refusedTypes = /svg|html|xml|json|javascript|^text\//i;

/** The source, read up to `maxBytes` whatever its `Content-Length` says (or does not). */
export async function fetchSource(
  url: string,
  timeoutMs: number,
  maxBytes: number,
): Promise<Buffer> {
  const failed = (error: unknown) => {
    const timedOut =
      error instanceof Error && (error.name === "TimeoutError" || error.cause === "timeout");
    return new ImageError(
      timedOut ? 504 : 502,
      timedOut ? "the API is too slow" : "the API is unreachable",
    );
  };
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
  } catch (error) {
    throw failed(error);
  }
  if (response.status === 404) throw new ImageError(404, "no such image");
  const refused = !response.ok
    ? new ImageError(502, `the API answered ${response.status}`)
    : refusedTypes.test(response.headers.get("content-type") ?? "")
      ? new ImageError(400, "src is not an image")
      : Number(response.headers.get("content-length")) > maxBytes
        ? new ImageError(400, "src is too large")
        : undefined;
  if (refused || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw refused ?? new ImageError(502, "the API sent no image");
  }
  const chunks: Buffer[] = [];
  let length = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ImageError(400, "src is too large");
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw failed(error);
  }
  return Buffer.concat(chunks, length);
}
