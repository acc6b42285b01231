import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatNumber, t } from '../../i18n';
import { SELECT_COLUMN_ID } from './columns';

const checkboxClass = 'size-4 cursor-pointer rounded border-gray-300 accent-brand-500 dark:border-gray-600';

/**
 * The first column of a list with bulk actions: a checkbox per row, named after the row for screen
 * readers, under one that chooses every row on the page (mixed while only some are chosen).
 */
export function selectColumn<T>(describe: (row: T) => string): ColumnDef<T> {
  return {
    id: SELECT_COLUMN_ID,
    enableHiding: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={t('table.selectAll')}
        checked={table.getIsAllPageRowsSelected()}
        ref={(box) => {
          if (box) box.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={t('table.selectRow', { what: describe(row.original) })}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}

/** 'N dipilih' with what can be done to the chosen rows; nothing while no row is chosen. */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear(): void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label={t('table.selectionActions')}
      className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm dark:bg-brand-500/10"
    >
      <span
        role="status"
        className="font-medium whitespace-nowrap text-gray-800 tabular-nums dark:text-gray-200"
      >
        {t('table.selected', { count: formatNumber(count) })}
      </span>
      {children}
      <button
        type="button"
        onClick={onClear}
        className="rounded-md px-2 py-1 text-xs font-medium text-gray-600 hover:bg-white/60 dark:text-gray-300 dark:hover:bg-white/5"
      >
        {t('table.clearSelection')}
      </button>
    </div>
  );
}
