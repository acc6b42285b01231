import type { ReactNode } from 'react';
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import clsx from 'clsx';
import { ACTION_COLUMN_ID, SELECT_COLUMN_ID } from './columns';

/**
 * One card per row: its checkbox first when the list has bulk actions, every field as a label and its
 * value, then the row's actions as buttons.
 */
export function CardView<T>({
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
  if (state)
    return (
      <div
        data-list
        role="status"
        aria-label={label}
        aria-busy={loading}
        className="rounded-xl border border-gray-200 px-4 py-8 text-center text-sm text-gray-500 dark:border-gray-800 dark:text-gray-400"
      >
        {state}
      </div>
    );
  const headers = new Map(table.getFlatHeaders().map((header) => [header.column.id, header]));
  const headerOf = (columnId: string) => {
    const header = headers.get(columnId);
    return header ? flexRender(header.column.columnDef.header, header.getContext()) : null;
  };
  return (
    <ul data-list aria-label={label} aria-busy={loading} className="space-y-3">
      {table.getRowModel().rows.map((row) => {
        const cells = row.getVisibleCells();
        const action = cells.find((cell) => cell.column.id === ACTION_COLUMN_ID);
        const select = cells.find((cell) => cell.column.id === SELECT_COLUMN_ID);
        return (
          <li
            key={row.id}
            className={clsx(
              'rounded-xl border border-gray-200 p-4 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300',
              rowClassName?.(row),
            )}
          >
            {select && (
              <div className="mb-2">{flexRender(select.column.columnDef.cell, select.getContext())}</div>
            )}
            <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2">
              {cells
                .filter((cell) => cell !== action && cell !== select)
                .map((cell) => (
                  <div key={cell.id} className="contents">
                    <dt className="pt-0.5 text-xs font-medium tracking-wide text-gray-500 uppercase dark:text-gray-400">
                      {headerOf(cell.column.id)}
                    </dt>
                    <dd
                      className={clsx(
                        'min-w-0 break-words',
                        cell.column.columnDef.meta?.figure && 'whitespace-nowrap tabular-nums',
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </dd>
                  </div>
                ))}
            </dl>
            {action && (
              <div
                data-row-actions
                className="mt-3 flex flex-wrap gap-2 border-t border-gray-100 pt-3 dark:border-gray-800"
              >
                {flexRender(action.column.columnDef.cell, action.getContext())}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
