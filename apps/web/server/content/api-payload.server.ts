/**
 * An answer read as the contract's payload: a successful status, the `data` envelope unwrapped
 * and validated with the contract schemas, its image and file URLs resolved, and the rows no page
 * can be made of left out of the lists that would link them. What the client caches
 * (api-client.server.ts) is read here, once, for every reader of it.
 */
import {
  describeIssues,
  type EndpointName,
  endpoints,
  isAddressableId,
  mapImageUrls,
  type Payload,
  readPayload,
} from "@site/contract";
import { loggerFor } from "../log.server.ts";
import { ApiError, counted } from "./api-errors.server.ts";
import { type RequestOptions, request } from "./api-request.server.ts";
import { listsLinkingItems } from "./item-pages.server.ts";

/** The content API's answers (the client's log): the rows left out of them. */
const answersLog = loggerFor("answers");

/**
 * GETs `path` and returns the validated payload of a successful answer, its media URLs
 * resolved against `mediaBaseUrl` ("" keeps them root-relative, for the site's own proxy).
 */
export async function getPayload<N extends EndpointName>(
  name: N,
  path: string,
  options: RequestOptions & { mediaBaseUrl: string },
): Promise<Payload<N>> {
  const { status, body, fromApi } = await request(path, { ...options, endpoint: name });
  // API.md: "404 for an unknown id", its body, when present, JSON. A list has no id: its 404
  // is a failing server (a proxy's page, a maintenance route), covered by the last good answer
  // like any other failure; so is an item's 404 with an HTML page, a gateway's (the item's
  // kept answer is not dropped, nor its page made a 404, while the API is away).
  if (status === 404 && fromApi && endpoints[name].path.includes(":id")) {
    throw new ApiError("not-found", path, "not found", status);
  }
  if (status < 200 || status >= 300) {
    throw counted(new ApiError("unavailable", path, `answered HTTP ${status}`, status), name);
  }
  const read = readPayload(name, body);
  if (!read.success) {
    const first = describeIssues(read.error).slice(0, 3).join("; ");
    throw counted(
      new ApiError("invalid", path, `answer does not follow the contract: ${first}`, status),
      name,
    );
  }
  // The contract says which fields are images and files: resolve exactly those.
  const payload = mapImageUrls(endpoints[name].schema, read.payload, (url) =>
    resolveMediaUrl(url, options.mediaBaseUrl),
  );
  return withPagesOnly(name, payload, path);
}

/**
 * `payload` without the rows no page can be made of, in the lists whose rows each link to a page
 * of their own (`/en/news/:id`: `listsLinkingItems`, item-pages.server.ts) and in a project's
 * other projects: a row whose id no address can hold (`isAddressableId`: a dot, a slash) has no
 * page, and a row without a title could not name its link, so each is left out here, once for
 * every reader that would link it: the pages' lists and menus, the sitemap, the feed and the
 * site search.
 */
function withPagesOnly<N extends EndpointName>(name: N, payload: Payload<N>, path: string) {
  let left = 0;
  const addressable = <Row extends { id: string | number; title?: string | null }>(rows: Row[]) => {
    const kept = rows.filter((row) => isAddressableId(row.id) && row.title?.trim());
    left += rows.length - kept.length;
    return kept;
  };
  let result: unknown = payload;
  if (name === "project") {
    const detail = payload as Payload<"project">;
    result = { ...detail, other_projects: addressable(detail.other_projects) };
  } else if (listsLinkingItems.has(name)) {
    type Row = { id: string | number; title?: string | null };
    const rows = payload as Row[] | { data: Row[] };
    result = Array.isArray(rows) ? addressable(rows) : { ...rows, data: addressable(rows.data) };
  }
  if (left > 0) {
    answersLog.warn(
      { endpoint: path, left_out: left },
      "left out items with no title, or whose id no page address can hold (a dot, a slash, over 255 characters, spaces at an end, or an integer too large to read exactly)",
    );
  }
  return result as Payload<N>;
}

/**
 * A root-relative URL (`/storage/...`) resolved against `base`; absolute ones and `""` as given.
 * `base` "" (MEDIA_BASE_URL=/) keeps it on this site, which proxies the API's `/storage` only
 * (decision 003). Spaces the API left in a file name are encoded (`my%20photo.jpg`), as a
 * browser would.
 */
export function resolveMediaUrl(url: string, base: string): string {
  const encoded = url.replace(/\s/g, encodeURIComponent);
  return encoded.startsWith("/") && !encoded.startsWith("//") ? base + encoded : encoded;
}
