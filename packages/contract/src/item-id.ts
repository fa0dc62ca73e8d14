/**
 * An item's id as an address carries it (`/en/news/:id`, `/api/news/:id`). API.md: ids are
 * integers, "string ids must also be accepted". So any id the `id` schema allows (primitives.ts)
 * names an item, decoded from its path segment and encoded again whenever an address is built.
 */

/**
 * 1 to 64 characters (the `id` schema's bound), none a space, a control character or a slash
 * (a segment could not hold it), and not `.` or `..`, which a URL resolves away
 * (`/api/news/..` is `/api/`).
 */
const itemIdPattern = /^(?!\.\.?$)[^\s\p{Cc}/\\]{1,64}$/u;

export function isItemId(value: string): boolean {
  return itemIdPattern.test(value);
}

/**
 * The one spelling of an id: a whole number without leading zeros (`007` → `7`, the way the
 * API sends it), any other id as it is (letter case included).
 */
export function canonicalItemId(value: string): string {
  return /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, "") : value;
}
