/**
 * Reading an answer of another server (the content API, an image source, the logo's host) no
 * further than a bound: an answer is held whole while it is used, so without one a few huge
 * answers at once would take the process's memory.
 */

/**
 * The body, or undefined when it is longer than `limit` bytes: by its `Content-Length`, or as
 * it arrives (the rest is then never downloaded). Throws what the stream throws (a time-out).
 */
export async function bodyUpTo(response: Response, limit: number): Promise<Buffer | undefined> {
  if (Number(response.headers.get("content-length")) > limit) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  // Leaving the loop early cancels the stream.
  for await (const chunk of response.body) {
    length += chunk.byteLength;
    if (length > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}
