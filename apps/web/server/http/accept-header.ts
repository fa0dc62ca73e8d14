/**
 * What an `Accept` or `Accept-Encoding` header offers: each name, lower-case, with its quality
 * (`q=`, 1 when not given). A name with `q=0` is refused (RFC 9110, 12.4.2).
 *
 * @example qualities("br;q=0, gzip") // Map { "br" => 0, "gzip" => 1 }
 */
export function qualities(header: string): Map<string, number> {
  const offered = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.find((param) => param.trim().startsWith("q="));
    const quality = q ? Number(q.trim().slice(2)) : 1;
    offered.set(name.trim(), Number.isNaN(quality) ? 0 : quality);
  }
  return offered;
}
