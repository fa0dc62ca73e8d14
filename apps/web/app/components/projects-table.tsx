/**
 * The paged table of the project lists: Project Name, Contracting Party, Completion Date and
 * Contract Amount. On phones every row becomes a card with the column names as labels.
 *
 * NOTE: changing a table's CSS `display` makes some browsers drop its table semantics, so the
 * stacked layout keeps them with explicit roles (the roles repeat the elements' own).
 */
import type { ProjectRow } from "@site/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronNext } from "./icons.tsx";
import { DateText } from "./ui/date-text.tsx";

/** A cell's column name, shown on phones only (screen readers get it from the header row). */
function Label({ children }: { children: React.ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="shrink-0 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase md:hidden"
    >
      {children}
    </span>
  );
}

export function ProjectsTable({
  rows,
  detailPath,
  caption,
}: {
  rows: ProjectRow[];
  /** Detail address of a row, e.g. `(id) => "/en/projects/" + id`. */
  detailPath: (id: ProjectRow["id"]) => string;
  caption: string;
}) {
  const { t } = useTranslation();
  const columns = {
    name: t("projects.table.name"),
    client: t("projects.table.client"),
    date: t("projects.table.date"),
    amount: t("projects.table.amount"),
  };
  const cell =
    "flex items-baseline justify-between gap-4 md:table-cell md:px-5 md:py-4 md:align-middle";

  /* biome-ignore-start lint/a11y/noRedundantRoles: explicit roles keep table semantics in the stacked layout */
  return (
    <div className="md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:shadow-sm">
      <table
        role="table"
        className="block w-full text-start text-sm md:table md:text-base"
        data-testid="projects-table"
      >
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="sr-only md:not-sr-only md:table-header-group">
          <tr role="row" className="bg-navy-900 text-white">
            <th role="columnheader" scope="col" className="px-5 py-4 text-start font-semibold">
              {columns.name}
            </th>
            <th role="columnheader" scope="col" className="px-5 py-4 text-start font-semibold">
              {columns.client}
            </th>
            <th
              role="columnheader"
              scope="col"
              className="px-5 py-4 text-start font-semibold whitespace-nowrap"
            >
              {columns.date}
            </th>
            <th
              role="columnheader"
              scope="col"
              className="px-5 py-4 text-start font-semibold whitespace-nowrap"
            >
              {columns.amount}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="grid gap-4 md:table-row-group">
          {rows.map((row) => (
            <tr
              role="row"
              key={row.id}
              className="group relative grid gap-2.5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-steel-600/40 hover:bg-sand-100/60 md:table-row md:rounded-none md:border-0 md:border-b md:shadow-none md:last:border-b-0 md:even:bg-slate-50/70 md:hover:bg-sand-100"
            >
              <td role="cell" className="md:table-cell md:px-5 md:py-4 md:align-middle">
                <Label>{columns.name}</Label>
                <Link
                  to={detailPath(row.id)}
                  className="mt-1 flex items-start justify-between gap-3 text-base font-semibold text-navy-900 after:absolute after:inset-0 after:rounded-xl after:content-[''] group-hover:text-steel-600 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-amber-brand md:mt-0 md:inline md:after:rounded-none"
                >
                  <span>{row.title}</span>
                  <ChevronNext size={20} className="mt-0.5 shrink-0 text-amber-dark md:hidden" />
                </Link>
              </td>
              <td role="cell" className={`${cell} border-t border-slate-100 pt-2.5 md:border-0`}>
                <Label>{columns.client}</Label>
                <span className="text-end text-slate-700 md:text-start">{row.client}</span>
              </td>
              <td role="cell" className={cell}>
                <Label>{columns.date}</Label>
                <DateText
                  value={row.date}
                  className="text-slate-700 tabular-nums whitespace-nowrap"
                />
              </td>
              <td role="cell" className={cell}>
                <Label>{columns.amount}</Label>
                <span className="font-medium text-navy-900 tabular-nums md:whitespace-nowrap">
                  {String(row.amount)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  /* biome-ignore-end lint/a11y/noRedundantRoles: explicit roles keep table semantics in the stacked layout */
}
