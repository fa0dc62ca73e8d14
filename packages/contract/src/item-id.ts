/**
 * An item's id as an address carries it (`/en/news/:id`, `/api/news/:id`). API.md: ids are
 * integers, "string ids must also be accepted". So any id the `id` schema allows (primitives.ts)
 * names an item, decoded from its path segment and encoded again whenever an address is built.
 * An id is taken as it is spelt, letter case and leading zeros included: `007` may be a string
 * id of its own, not 7 (a page reached under another spelling of the same item redirects to
 * the item's own id, as the API answers it: apps/web/server/content/own-address.server.ts).
 */

/**
 * 1 to 64 characters (the `id` schema's bound), none a space, a control character, a slash (a
 * segment could not hold it) or a dot. A dot is a file's: the site's own files sit where ids do
 * (`/en/news/feed.xml`), the speculation rules never fetch an address with one, and `..` would
 * be resolved away (`/api/news/..` is `/api/`). An item whose id has one has no page, and the
 * website's lists leave it out (`withPagesOnly`, apps/web/server/content/api-client.server.ts).
 */
const itemIdPattern = /^[^\s\p{Cc}/\\.]{1,64}$/u;

export function isItemId(value: string): boolean {
  return itemIdPattern.test(value);
}

/** The id a path segment holds, percent-decoded (`Road%207` is no id: a space), or undefined. */
export function itemIdIn(segment: string): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return isItemId(id) ? id : undefined;
}
