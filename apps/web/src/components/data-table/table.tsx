import type { ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type Header,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
  type Table,
} from '@tanstack/react-table';
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortDirection } from '@blaster/contract';
import { messages, t } from '../../i18n';
import { CardView } from './card-view';
import { ColumnToggle, columnName, useColumnVisibility } from './column-toggle';
import { ACTION_COLUMN_ID, SELECT_COLUMN_ID, type Columns } from './columns';
import { selectColumn } from './selection';
import { useIsNarrow } from './use-narrow';

/** The list's sort as the address holds it, and what a click on a sortable header does. */
export interface SortState {
  key: string | null;
  dir: SortDirection;
  onSort(key: string): void;
}

/** Rows chosen for a bulk action, by row key; `describe` names a row on its checkbox. */
export interface SelectionState<T> {
  selected: RowSelectionState;
  onChange: OnChangeFn<RowSelectionState>;
  describe(row: T): string;
}

export interface DataTableProps<T> {
  label: string;
  columns: Columns<T>;
  rows: T[] | undefined;
  loading: boolean;
  error?: string | null;
  rowKey(row: T): string | number;
  rowClassName?(row: Row<T>): string | undefined;
  /** Names the list where its column choice is kept; with it the 'Kolom' menu shows. */
  listKey?: string;
  sorting?: SortState;
  /** With it each row gets a checkbox, and every row on the page one more in the header. */
  selection?: SelectionState<T>;
  /** Shown above the list, before the 'Kolom' menu (the selection bar). */
  toolbar?: ReactNode;
}

/**
 * The rows of a list that has none yet (loading, or failed). One array for every draw: the table
 * reads a new array as new rows and resets its page, and that reset draws the table again, so a new
 * `[]` per draw kept a loading list drawing itself without end (the tab froze).
 */
const NO_ROWS: never[] = [];
const NOTHING_CHOSEN: RowSelectionState = {};

/** What stands in for the rows: loading, the error, or 'Kosong'; null when there are rows. */
function listState(rows: unknown[] | undefined, loading: boolean, error?: string | null): ReactNode {
  const MSG = messages();
  if (loading && !rows) return MSG.loading;
  if (error) return <span className="text-danger">{error}</span>;
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
  listKey,
  sorting,
  selection,
  toolbar,
}: DataTableProps<T>) {
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(listKey);
  const table = useReactTable({
    data: rows ?? NO_ROWS,
    columns: selection ? [selectColumn(selection.describe), ...columns] : columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
    // The server pages the list: the table never pages, so new rows never reset a page of its own.
    manualPagination: true,
    state: { columnVisibility, rowSelection: selection?.selected ?? NOTHING_CHOSEN },
    onColumnVisibilityChange: setColumnVisibility,
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: selection?.onChange,
  });
  const state = listState(rows, loading, error);
  const narrow = useIsNarrow();
  return (
    <>
      {(listKey || toolbar) && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          {toolbar}
          {listKey && <ColumnToggle table={table} />}
        </div>
      )}
      {narrow ? (
        <CardView table={table} label={label} loading={loading} state={state} rowClassName={rowClassName} />
      ) : (
        <TableView
          table={table}
          label={label}
          loading={loading}
          state={state}
          rowClassName={rowClassName}
          sorting={sorting}
        />
      )}
    </>
  );
}

/** A header that sorts the list: its button cycles ascending, descending, then the list's own order. */
function HeaderCell<T>({ header, sorting }: { header: Header<T, unknown>; sorting?: SortState }) {
  const content = flexRender(header.column.columnDef.header, header.getContext());
  const meta = header.column.columnDef.meta;
  if (!meta?.sortKey || !sorting) return content;
  const name = columnName(header.getContext().table, header.column);
  const main = (
    <SortButton sorting={sorting} sortKey={meta.sortKey} column={typeof name === 'string' ? name : undefined}>
      {content}
    </SortButton>
  );
  if (!meta.alsoSortBy) return main;
  const also = meta.alsoSortBy;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3">
      {main}
      <SortButton sorting={sorting} sortKey={also.key} column={also.label()}>
        <span className="text-[0.65rem]">{also.label()}</span>
      </SortButton>
    </span>
  );
}

function SortButton({
  sorting,
  sortKey,
  column,
  children,
}: {
  sorting: SortState;
  sortKey: string;
  column: string | undefined;
  children: ReactNode;
}) {
  const active = sorting.key === sortKey;
  const Icon = !active ? ArrowUpDown : sorting.dir === 'desc' ? ArrowDown : ArrowUp;
  return (
    <button
      type="button"
      onClick={() => sorting.onSort(sortKey)}
      title={column ? t('table.sortBy', { column }) : undefined}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-gray-800 dark:hover:text-gray-200"
    >
      {children}
      <Icon className={clsx('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

/** The header's sort as the address has it, when the list is sorted by one of the column's keys. */
const ariaSort = <T,>(sorting: SortState | undefined, column: Column<T, unknown>) => {
  const meta = column.columnDef.meta;
  const sorted = sorting?.key && (sorting.key === meta?.sortKey || sorting.key === meta?.alsoSortBy?.key);
  return sorted ? (sorting.dir === 'desc' ? 'descending' : 'ascending') : undefined;
};

/**
 * Secondary columns step aside while the table's own box is narrower than 64rem; the checkbox column
 * takes no more than its box, so choosing rows costs the others little width.
 */
const columnClass = <T,>(column: Column<T, unknown>) =>
  clsx(
    column.columnDef.meta?.secondary && 'hidden @5xl:table-cell',
    column.id === SELECT_COLUMN_ID && 'w-px pr-0',
    column.columnDef.meta?.figure && 'whitespace-nowrap tabular-nums',
  );

function TableView<T>({
  table,
  label,
  loading,
  state,
  rowClassName,
  sorting,
}: {
  table: Table<T>;
  label: string;
  loading: boolean;
  state: ReactNode;
  rowClassName?(row: Row<T>): string | undefined;
  sorting?: SortState;
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
                  aria-sort={ariaSort(sorting, header.column)}
                  className={clsx('px-3 py-3 align-bottom font-medium', columnClass(header.column))}
                >
                  <HeaderCell header={header} sorting={sorting} />
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
                      columnClass(cell.column),
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
