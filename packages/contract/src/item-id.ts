/**
 * An item's id as an address carries it (`/en/news/:id`, `/api/news/:id`). API.md: ids are
 * integers, "string ids must also be accepted". So an id names an item by its page when an
 * address can hold it (`isAddressableId`), decoded from its path segment and encoded again
 * whenever an address is built.
 * An id is taken as it is spelt, letter case and leading zeros included: `007` may be a string
 * id of its own, not 7 (a page reached under another spelling of the same item redirects to
 * the item's own id, as the API answers it: apps/web/server/content/own-address.server.ts).
 */

/** The longest id a page's address holds: a slug made of a long title fits. */
export const MAX_ITEM_ID_LENGTH = 255;

/**
 * 1 to 255 characters, none a control character, a slash (a segment could not hold it) or a
 * dot, and no space at either end (`Phase 2` is an id, ` 2` would read as `2`). A dot is a
 * file's: the site's own files sit where ids do (`/en/news/feed.xml`), the speculation rules
 * never fetch an address with one, and `..` would be resolved away (`/api/news/..` is
 * `/api/`). An item whose id is none has no page, and the website's lists leave it out
 * (`withPagesOnly`, apps/web/server/content/api-payload.server.ts).
 */
const itemIdPattern = new RegExp(`^(?!\\s)[^\\p{Cc}/\\\\.]{1,${MAX_ITEM_ID_LENGTH}}(?<!\\s)$`, "u");

export function isItemId(value: string): boolean {
  return itemIdPattern.test(value);
}

/**
 * Whether an item with this id (as the API wrote it) can have a page: a number that is an
 * exact integer in JavaScript (a larger one was already rounded when its JSON was read, and
 * would name another item) or a string `isItemId` takes.
 */
export function isAddressableId(id: string | number): boolean {
  return typeof id === "number" ? Number.isSafeInteger(id) : isItemId(id);
}

/** The id a path segment holds, percent-decoded (`a%2Fb` is no id: a slash), or undefined. */
export function itemIdIn(segment: string): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return isItemId(id) ? id : undefined;
}
