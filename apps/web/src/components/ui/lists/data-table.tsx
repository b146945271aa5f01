// components/ui/lists holds the pieces of the signed-in areas' lists. A folder of their own keeps them out of the
// first-load `shell` chunk, which takes only the files directly in components/ui (vite.config.ts).
import type { ReactNode } from 'react';
import { cx } from '../cx';

/** Where a column's value stands on a row's card (a list narrower than 56rem). */
export type CardSlot =
  /** a picture at the card's left */
  | 'media'
  /** the card's heading line */
  | 'title'
  /** a line under the heading */
  | 'detail'
  /** beside the heading, at the right (a status) */
  | 'badge'
  /** a labelled value (the column's header is its label) */
  | 'field'
  /** the buttons and links at the card's foot */
  | 'actions';

export interface DataColumn<Row> {
  /** The column's heading; on a card, the label of a `field`. */
  header: string;
  /** The heading is read by screen readers only. */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** Classes of the table cell, besides its padding. */
  className?: string;
  align?: 'right';
  /** Where the value stands on the card; without it the card leaves the column out. */
  card?: CardSlot;
  /** The value on the card, where it differs from the table cell. */
  cardCell?: (row: Row) => ReactNode;
  /** The column stands on the cards only (a picture the table shows inside another column). */
  cardOnly?: boolean;
}

interface DataTableProps<Row extends { id: number | string }> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  /** Names the table (its caption) and the list of cards. */
  caption: string;
  /** Numbers the rows from this number: a '#' column in the table, '#n' on the cards. */
  firstRow?: number;
  /** Classes of a table row (e.g. `align-top` when cells hold several lines). */
  rowClassName?: (row: Row) => string | undefined;
  /** Newer rows are on their way. */
  busy?: boolean;
}

const cellPadding = 'px-4 py-3';

/**
 * Rows described once by their columns: a table where the list is at least 56rem (896 px) wide, cards where it is
 * narrower, two to a line from 42rem (the other one is hidden with CSS, so assistive technology meets only the one
 * on screen). The list's own width decides, not the window's: beside the back-office's sidebar a 1024 px window
 * leaves a table too little room for its columns.
 */
export function DataTable<Row extends { id: number | string }>({
  rows,
  columns,
  caption,
  firstRow,
  rowClassName,
  busy,
}: DataTableProps<Row>) {
  const numbered = firstRow !== undefined;
  const tableColumns = columns.filter((column) => !column.cardOnly);
  const slot = (name: CardSlot) => columns.filter((column) => column.card === name);
  const media = slot('media');
  const titles = slot('title');
  const details = slot('detail');
  const badges = slot('badge');
  const fields = slot('field');
  const actions = slot('actions');
  const cardValue = (column: DataColumn<Row>, row: Row) => (column.cardCell ?? column.cell)(row);

  return (
    <div className="@container">
      <div
        className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm [contain:inline-size] @4xl:block"
        aria-busy={busy || undefined}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {numbered && (
                <th scope="col" className={cellPadding}>
                  #
                </th>
              )}
              {tableColumns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cx(cellPadding, column.align === 'right' && 'text-right')}
                >
                  {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, index) => (
              <tr key={row.id} className={rowClassName?.(row)}>
                {numbered && (
                  <td className={cx(cellPadding, 'text-slate-600 tabular-nums')}>{firstRow + index}</td>
                )}
                {tableColumns.map((column) => (
                  <td
                    key={column.header}
                    className={cx(
                      cellPadding,
                      column.align === 'right' && 'text-right tabular-nums',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul
        className="grid gap-3 @2xl:grid-cols-2 @4xl:hidden"
        aria-label={caption}
        aria-busy={busy || undefined}
      >
        {rows.map((row, index) => (
          <li key={row.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex gap-3">
              {media.map((column) => (
                <div key={column.header} className="shrink-0">
                  {cardValue(column, row)}
                </div>
              ))}
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    {numbered && <p className="text-xs text-slate-600">#{firstRow + index}</p>}
                    {titles.map((column) => (
                      <p key={column.header} className="font-semibold break-words text-navy-900">
                        {cardValue(column, row)}
                      </p>
                    ))}
                  </div>
                  {badges.map((column) => (
                    <div key={column.header} className="shrink-0">
                      {cardValue(column, row)}
                    </div>
                  ))}
                </div>
                {details.map((column) => (
                  <div key={column.header} className="mt-0.5 text-sm break-words text-slate-700">
                    {cardValue(column, row)}
                  </div>
                ))}
              </div>
            </div>
            {fields.length > 0 && (
              <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                {fields.map((column) => (
                  <div key={column.header}>
                    <dt className="text-slate-600">{column.header}</dt>
                    <dd className="font-semibold tabular-nums">{cardValue(column, row)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {actions.map((column) => (
              <div key={column.header} className="mt-3">
                {cardValue(column, row)}
              </div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
