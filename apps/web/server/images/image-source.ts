/** Fetching a source image from the content API, bounded in time and bytes. */
import { bodyUpTo } from "../http/bounded-body.ts";
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
  let body: Buffer | undefined;
  try {
    body = await bodyUpTo(response, maxBytes);
  } catch (error) {
    throw failed(error);
  }
  if (!body) throw new ImageError(400, "src is too large");
  return body;
}
