import { dateOnly, isoDay } from "../../shared/text.ts";

/**
 * A date as the site shows it (`YYYY-MM-DD`, SPEC.md section 9, Western digits: shared/text.ts),
 * machine-readable too when it is a date (`dateTime`, left out for other text an API may send).
 * Always left to right and isolated: inside Arabic text the bidi rules
 * would otherwise lay `2025-06-15` out as `15-06-2025`.
 */
export function DateText({
  value,
  className,
  "data-testid": testId,
}: {
  value: string | null | undefined;
  className?: string;
  "data-testid"?: string;
}) {
  const date = dateOnly(value);
  return (
    <time dateTime={isoDay(value)} dir="ltr" className={className} data-testid={testId}>
      {date}
    </time>
  );
}
