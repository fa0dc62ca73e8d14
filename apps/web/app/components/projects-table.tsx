/**
 * The paged table of the project lists: Project Name, Contracting Party, Completion Date and
 * Contract Amount. On phones every row becomes a card with the column names as labels.
 *
 * NOTE: changing a `<table>`'s CSS `display` makes some browsers (Safari with VoiceOver) drop
 * its table semantics, and roles that repeat a table element's own are invalid HTML (the Nu
 * checker rejects `role="cell"` on a `<td>`). So the table is built from elements whose roles
 * (table, rowgroup, row, columnheader, cell) are all explicit: their semantics never depend on
 * the layout. On wider screens they are laid out as a CSS table, as a `<table>` would be.
 */
import type { ProjectRow } from "@site/contract";
import { useTranslation } from "../i18n/use-translation.ts";
import { dateColumnKey, type ProjectListKind } from "../shared/projects.ts";
import { amountText, dateOnly, keepNumbersWithUnits } from "../shared/text.ts";
import { ChevronNext } from "./icons.tsx";
import { DateText } from "./ui/date-text.tsx";

/**
 * A cell's column name, shown on phones only (screen readers get it from the header row). It
 * narrows to its longest word at most, so a long value beside it wraps instead of covering it.
 */
function Label({ children }: { children: React.ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="min-w-min text-xs font-semibold wrap-normal text-slate-500 latin:tracking-wide latin:uppercase md:hidden"
    >
      {children}
    </span>
  );
}

export function ProjectsTable({
  rows,
  kind,
  detailPath,
  caption,
}: {
  rows: ProjectRow[];
  /** Which list: the date column's name depends on it. */
  kind: ProjectListKind;
  /** Detail address of a row, e.g. `(id) => "/en/projects/" + id`. */
  detailPath: (id: ProjectRow["id"]) => string;
  /** The table's accessible name. */
  caption: string;
}) {
  const { t } = useTranslation();
  const columns = {
    name: t("projects.table.name"),
    client: t("projects.table.client"),
    date: t(dateColumnKey[kind]),
    amount: t("projects.table.amount"),
  };
  const cell =
    "flex items-baseline justify-between gap-4 md:table-cell md:px-5 md:py-4 md:align-middle";
  const header = "table-cell px-5 py-4 text-start align-middle font-semibold";

  /* biome-ignore-start lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a table of explicit roles keeps its semantics in the stacked layout (see the note above); nothing in it but the links is interactive */
  return (
    <div className="md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:shadow-sm">
      <div
        role="table"
        aria-label={caption}
        className="block w-full border-collapse text-start text-sm md:table md:text-base"
        data-testid="projects-table"
      >
        <div role="rowgroup" className="sr-only md:not-sr-only md:table-header-group">
          <div role="row" className="table-row bg-navy-900 text-white">
            {/* The names take the most room: their words may break anywhere (a name of one
                long word stays inside), which leaves the table no reason to widen them. */}
            <div role="columnheader" className={`${header} w-2/5`}>
              {columns.name}
            </div>
            <div role="columnheader" className={`${header} w-1/4`}>
              {columns.client}
            </div>
            {/* On one line from lg; below, two words a line leave the names their room. */}
            <div role="columnheader" className={`${header} lg:whitespace-nowrap`}>
              {columns.date}
            </div>
            <div role="columnheader" className={`${header} lg:whitespace-nowrap`}>
              {columns.amount}
            </div>
          </div>
        </div>
        <div role="rowgroup" className="grid gap-4 md:table-row-group">
          {rows.map((row) => {
            // On a phone's card, a fact the API leaves empty is left out, not a bare label: its
            // cell is taken out of the layout, not of the table, whose cells screen readers
            // match to the columns by their place (wider screens show it, under its column).
            const amount = keepNumbersWithUnits(amountText(row.amount));
            const shown = {
              client: Boolean(row.client?.trim()),
              date: Boolean(dateOnly(row.date).trim()),
              amount: Boolean(amount.trim()),
            };
            const emptyOnPhone = (shownThere: boolean) => (shownThere ? "" : " max-md:sr-only");
            const anyFact = shown.client || shown.date || shown.amount;
            return (
              <div
                role="row"
                key={row.id}
                className="group relative grid gap-2.5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-steel-600/40 hover:bg-sand-100/60 md:table-row md:rounded-none md:border-0 md:border-b md:shadow-none md:last:border-b-0 md:even:bg-slate-50/70 md:hover:bg-sand-100"
              >
                <div
                  role="cell"
                  className={`md:table-cell md:px-5 md:py-4 md:align-middle${anyFact ? " max-md:border-b max-md:border-slate-100 max-md:pb-2.5" : ""}`}
                >
                  <Label>{columns.name}</Label>
                  <a
                    href={detailPath(row.id)}
                    className="mt-1 flex items-start justify-between gap-3 text-base font-semibold text-navy-900 after:absolute after:inset-0 after:rounded-xl after:content-[''] group-hover:text-steel-600 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-(--focus-color) md:mt-0 md:inline md:after:rounded-none"
                  >
                    {/* A table sizes columns by their longest word: a title may break anywhere. */}
                    <span className="wrap-anywhere">{keepNumbersWithUnits(row.title)}</span>
                    <ChevronNext size={20} className="mt-0.5 shrink-0 text-amber-dark md:hidden" />
                  </a>
                </div>
                <div role="cell" className={cell + emptyOnPhone(shown.client)}>
                  <Label>{columns.client}</Label>
                  <span className="text-end text-slate-700 wrap-anywhere md:text-start">
                    {keepNumbersWithUnits(row.client)}
                  </span>
                </div>
                <div role="cell" className={cell + emptyOnPhone(shown.date)}>
                  <Label>{columns.date}</Label>
                  <DateText
                    value={row.date}
                    className="text-slate-700 tabular-nums whitespace-nowrap"
                  />
                </div>
                <div role="cell" className={cell + emptyOnPhone(shown.amount)}>
                  <Label>{columns.amount}</Label>
                  {/* Isolated with its own direction: "486,250,000 ريال سعودي" stays in order. */}
                  <bdi className="text-end font-medium text-navy-900 tabular-nums md:text-start lg:whitespace-nowrap">
                    {amount}
                  </bdi>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
  /* biome-ignore-end lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: see above */
}
