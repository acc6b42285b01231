import type { ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type Row, type Table } from '@tanstack/react-table';
import clsx from 'clsx';
import { messages } from '../../i18n';
import { CardView } from './card-view';
import { ACTION_COLUMN_ID, type Columns } from './columns';
import { useIsNarrow } from './use-narrow';

export interface DataTableProps<T> {
  label: string;
  columns: Columns<T>;
  rows: T[] | undefined;
  loading: boolean;
  error?: string | null;
  rowKey(row: T): string | number;
  rowClassName?(row: Row<T>): string | undefined;
}

/** What stands in for the rows: loading, the error, or 'Kosong'; null when there are rows. */
function listState(rows: unknown[] | undefined, loading: boolean, error?: string | null): ReactNode {
  const MSG = messages();
  if (loading && !rows) return MSG.loading;
  if (error) return <span className="text-red-500">{error}</span>;
  if ((rows ?? []).length === 0) return MSG.empty;
  return null;
}

/**
 * A list with its loading, error and empty ('Kosong') states: a table from the mobile breakpoint
 * up, one card per row below it.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  loading,
  error,
  rowKey,
  rowClassName,
}: DataTableProps<T>) {
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
  });
  const state = listState(rows, loading, error);
  const narrow = useIsNarrow();
  return narrow ? (
    <CardView table={table} label={label} loading={loading} state={state} rowClassName={rowClassName} />
  ) : (
    <TableView table={table} label={label} loading={loading} state={state} rowClassName={rowClassName} />
  );
}

/** Secondary columns step aside while the table's own box is narrower than 64rem. */
const columnClass = (secondary: boolean | undefined) => clsx(secondary && 'hidden @5xl:table-cell');

function TableView<T>({
  table,
  label,
  loading,
  state,
  rowClassName,
}: {
  table: Table<T>;
  label: string;
  loading: boolean;
  state: ReactNode;
  rowClassName?(row: Row<T>): string | undefined;
}) {
  return (
    <div
      data-list
      className="@container overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800"
    >
      <table aria-label={label} aria-busy={loading} className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-xs tracking-wide text-gray-500 uppercase dark:bg-white/[0.02] dark:text-gray-400">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={clsx(
                    'px-3 py-3 align-bottom font-medium',
                    columnClass(header.column.columnDef.meta?.secondary),
                  )}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {state ? (
            <tr>
              <td
                colSpan={table.getVisibleLeafColumns().length}
                className="px-4 py-8 text-center text-gray-500 dark:text-gray-400"
              >
                {state}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={clsx('text-gray-700 dark:text-gray-300', rowClassName?.(row))}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-row-actions={cell.column.id === ACTION_COLUMN_ID || undefined}
                    className={clsx(
                      // A word or a figure keeps its width (a column is never narrower than its longest
                      // word); only a value longer than the whole column (an address) breaks.
                      'px-3 py-3 align-middle break-words',
                      columnClass(cell.column.columnDef.meta?.secondary),
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
