/** Reading bodies that may not follow the contract, without throwing. */

/** `value[key]` when `value` is a plain object, else undefined. */
export const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;

export const describeType = (value: unknown) =>
  Array.isArray(value) ? "a list" : value === null ? "null" : typeof value;

/** The items of a list answer in either page form (`data: [...]` or `data: { data: [...] }`). */
export function listItems(body: unknown): unknown[] {
  const outer = field(body, "data");
  const data = Array.isArray(outer) ? outer : field(outer, "data");
  return Array.isArray(data) ? data : [];
}
