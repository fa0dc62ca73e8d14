/** Part 3 of `npm run bench`: bytes of a first view by type (mobile runs) against the budgets. */
import { byteTypes, KB, type PageBytes, pageBytes } from "./bytes.ts";
import { kb, table } from "./format.ts";
import type { LighthouseRun } from "./lighthouse.ts";
import { isStopping } from "./processes.ts";
import type { SpeedRun } from "./run-state.ts";

export async function reportBytes(
  run: SpeedRun,
  medians: Map<string, LighthouseRun>,
): Promise<void> {
  for (const [page, median] of medians) {
    try {
      run.results.bytes.push({ page, ...(await pageBytes(median.requests)) });
    } catch (error) {
      if (isStopping()) throw error;
      run.problem(`bytes of ${page}: ${String(error)}`);
    }
  }
  const budgetCell = (bytes: PageBytes, what: string) => {
    const check = bytes.budgets.find((budget) => budget.what === what);
    return check ? `${kb(check.bytes)} ${check.within ? "ok" : "OVER"}` : "-";
  };
  const rows = run.results.bytes.map((bytes) => [
    bytes.page,
    ...byteTypes.map((type) => kb(bytes.transferred[type])),
    kb(bytes.total),
    bytes.react ? "yes" : "no",
    budgetCell(bytes, "JS gzip"),
    budgetCell(bytes, "CSS gzip"),
    budgetCell(bytes, "fonts"),
  ]);
  console.log(
    table(
      "Bytes of a first view (phone-sized Chromium, Lighthouse mobile median run), KB",
      [
        "page",
        ...byteTypes,
        "total",
        "React",
        "JS gzip (<=90 with React, else 0)",
        "CSS gzip (<=20)",
        "fonts (<=60)",
      ],
      rows,
      [
        "html..total: transferred as Chromium got them (Brotli where the server offers it), headers included",
        "React: the page has islands and loads their script (React, React DOM and the islands' chunks)",
        `JS/CSS gzip: bodies of the same files sent to a gzip-only client; ok = within budget (1 KB = ${KB} bytes)`,
      ],
    ),
  );
}
