import { z } from "zod";

/** Ids are integers, but string ids must be accepted too (API.md "Value conventions"). */
export const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\S+$/).max(64)]);
export type Id = z.infer<typeof id>;

/**
 * `""`, an absolute http(s) URL or a root-relative path. A root-relative path starts with
 * exactly one `/`: `//host/x` (and `/\host/x`, which browsers read the same way) is
 * protocol-relative and would leave API_BASE_URL for another host. A space is allowed after the
 * host (`/storage/my photo.jpg`: Laravel's `Storage::url` leaves file names as uploaded); the
 * API client encodes it (`resolveMediaUrl`). No control characters.
 */
const absoluteOrRootRelative =
  /^(|https?:\/\/[^\s/?#\\]+(?:[/?#][^\p{Cc}]*)?|\/(?![/\\])[^\p{Cc}]*)$/iu;

/** An image or file URL: absolute or root-relative; `null` and `""` mean "no image". */
export const imageUrl = z
  .string()
  .regex(absoluteOrRootRelative, { error: "expected an absolute or root-relative URL" })
  .nullable();

/** A field marked `?` in the contract: it may be missing or `null`. */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** HTML written by content editors. Untrusted: the website sanitises it before rendering. */
export const html = z.string();

/**
 * ISO-8601's extended form: a calendar day, then optionally a time of hours, minutes, seconds and
 * a fraction (`.` or `,`), each part optional after the hours, and a zone (`Z`, `+03`, `+0300`,
 * `+03:00`). The site shows only the day (API.md), so every form of the time is accepted.
 */
const isoDatePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * The pattern above, and the parts name a real calendar day and time (no `2024-02-30`, `25:00`;
 * `24:00`, the end of a day, is allowed).
 */
function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  if (month === undefined || month < 1 || month > 12 || day === undefined || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year ?? 0, month, 0)).getUTCDate();
  return (
    day <= daysInMonth &&
    ((hour ?? 0) < 24 || (hour === 24 && !minute && !second && !/[.,]\d*[1-9]/.test(value))) &&
    (minute ?? 0) < 60 &&
    (second ?? 0) < 60 &&
    (offsetHour ?? 0) < 24 &&
    (offsetMinute ?? 0) < 60
  );
}

/** ISO-8601 date, with or without a time part (`2024-05-12`, `2024-05-12T09:30:00.000000Z`). */
export const isoDate = z.string().refine(isIsoDate, { error: "expected an ISO-8601 date" });

/** An amount as entered: `"12,500,000 SAR"` or `12500000`, shown as given. */
export const amount = z.union([z.string(), z.number()]);

/** Meta fields that most page payloads may carry. */
export const metaFields = {
  meta_title: optional(z.string()),
  meta_description: optional(z.string()),
};
