/** Plain-text tables for the terminal: first column(s) left-aligned, figures right-aligned. */

/** Kilobytes (1 KB = 1024 bytes), one decimal. */
export const kb = (bytes: number | null | undefined): string =>
  bytes === null || bytes === undefined ? "-" : (bytes / 1024).toFixed(1);

export const fixed = (value: number | null | undefined, digits = 0): string =>
  value === null || value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);

export function table(
  title: string,
  headers: string[],
  rows: string[][],
  notes: string[] = [],
  leftColumns = 1,
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < leftColumns
          ? cell.padEnd(widths[column] ?? 0)
          : cell.padStart(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [
    "",
    title,
    ...notes.map((note) => `  ${note}`),
    `  ${line(headers)}`,
    `  ${widths.map((width) => "-".repeat(width)).join("  ")}`,
    ...rows.map((row) => `  ${line(row)}`),
  ].join("\n");
}
