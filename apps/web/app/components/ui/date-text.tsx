import { dateOnly } from "../../lib/text.ts";

/** A date as the site shows it (`YYYY-MM-DD`, SPEC.md section 9), machine-readable too. */
export function DateText({
  value,
  className,
}: {
  value: string | null | undefined;
  className?: string;
}) {
  const date = dateOnly(value);
  return (
    <time dateTime={date} className={className}>
      {date}
    </time>
  );
}
