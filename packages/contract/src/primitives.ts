import { z } from "zod";

/**
 * Ids are integers, but string ids must be accepted too (API.md "Value conventions"): any
 * number or string is read. Whether an id can be a page's address (an exact integer, a string
 * with text) is the site's question (`isAddressableId`, item-id.ts), asked of each row, so one
 * odd id (a fraction, a blank) never fails a whole answer.
 */
export const id = z.union([z.number(), z.string()]);
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
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[T ](?<hour>\d{2})(?::(?<minute>\d{2})(?::(?<second>\d{2})(?<fraction>[.,]\d+)?)?)?(?:Z|(?<sign>[+-])(?<zoneHour>\d{2})(?::?(?<zoneMinute>\d{2}))?)?)?$/;

/**
 * The instant an ISO-8601 date names, in milliseconds since 1970 (UTC when it gives no zone), or
 * undefined when it names none: every form `isoDate` accepts, where `Date.parse` reads neither
 * `+03`, nor `,5`, nor `24:00`. A calendar day that does not exist (`2024-02-30`) and a time past
 * `24:00` are none.
 */
export function isoDateTime(value: string): number | undefined {
  const parts = isoDatePattern.exec(value)?.groups;
  if (!parts) return undefined;
  const number = (name: string) => Number(parts[name] ?? 0);
  const [year, month, day] = [number("year"), number("month"), number("day")];
  const [hour, minute, second] = [number("hour"), number("minute"), number("second")];
  const fraction = Number(`0.${(parts.fraction ?? ".0").slice(1)}`);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const endOfDay = hour === 24 && minute === 0 && second === 0 && fraction === 0;
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    (hour < 24 || endOfDay) &&
    minute < 60 &&
    second < 60 &&
    number("zoneHour") < 24 &&
    number("zoneMinute") < 60;
  if (!valid) return undefined;
  const offsetMinutes =
    (parts.sign === "-" ? -1 : 1) * (number("zoneHour") * 60 + number("zoneMinute"));
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: the years 0 to 99 stay themselves.
  at.setUTCFullYear(year, month - 1, day);
  // Truncated, not rounded: .9999 of the last second of 9999 must not become the year 10000.
  at.setUTCHours(hour, minute, second, Math.floor(fraction * 1000));
  return at.getTime() - offsetMinutes * 60_000;
}

/** ISO-8601 date, with or without a time part (`2024-05-12`, `2024-05-12T09:30:00.000000Z`). */
export const isoDate = z
  .string()
  .refine((value) => isoDateTime(value) !== undefined, { error: "expected an ISO-8601 date" });

/** An amount as entered: `"12,500,000 SAR"` or `12500000`, shown as given. */
export const amount = z.union([z.string(), z.number()]);

/** Meta fields that most page payloads may carry. */
export const metaFields = {
  meta_title: optional(z.string()),
  meta_description: optional(z.string()),
};
