/**
 * Where a payload holds image and file URLs, read from the contract itself: every field whose
 * schema is `imageUrl`, wherever it sits. Clients use it to resolve root-relative URLs
 * (`/storage/...`) against the API's media address without guessing from field names.
 */
import type { z } from "zod";
import { imageUrl } from "./primitives.ts";

type Def = {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  out?: z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose parsed value is their inner schema's. */
const wrappers = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch"]);

/**
 * A copy of `value` (already parsed by `schema`) with every URL the schema declares as an
 * image or file passed through `map`; everything else is kept as it is.
 *
 * @example
 * mapImageUrls(endpoints.news.schema, page, (url) => new URL(url, base).href);
 */
export function mapImageUrls<T>(schema: z.ZodType, value: T, map: (url: string) => string): T {
  if (schema === imageUrl) return (typeof value === "string" ? map(value) : value) as T;
  if (value === null || value === undefined) return value;
  const def = defOf(schema);
  if (wrappers.has(def.type) && def.innerType) return mapImageUrls(def.innerType, value, map);
  if (def.type === "pipe" && def.out) return mapImageUrls(def.out, value, map);
  if (def.type === "array" && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.map((item) => mapImageUrls(element, item, map)) as T;
  }
  if (def.type === "object" && def.shape && typeof value === "object") {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, field] of Object.entries(def.shape))
      if (key in copy) copy[key] = mapImageUrls(field, copy[key], map);
    return copy as T;
  }
  return value;
}
