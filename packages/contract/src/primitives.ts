import { z } from "zod";

/** Ids are integers, but string ids must be accepted too (API.md "Value conventions"). */
export const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\S+$/).max(64)]);
export type Id = z.infer<typeof id>;

const absoluteOrRootRelative = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;

/** An image or file URL: absolute or root-relative; `null` and `""` mean "no image". */
export const imageUrl = z
  .union([
    z.literal(""),
    z.string().regex(absoluteOrRootRelative, { error: "expected an absolute or root-relative URL" }),
  ])
  .nullable();

/** A field marked `?` in the contract: it may be missing or `null`. */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** HTML written by content editors. Untrusted: the website sanitises it before rendering. */
export const html = z.string();

/** ISO-8601 date, with or without a time part (`2024-05-12`, `2024-05-12T09:30:00.000000Z`). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
    error: "expected an ISO-8601 date",
  });

/** An amount as entered: `"12,500,000 SAR"` or `12500000`, shown as given. */
export const amount = z.union([z.string(), z.number()]);

/** Meta fields that most page payloads may carry. */
export const metaFields = {
  meta_title: optional(z.string()),
  meta_description: optional(z.string()),
};
