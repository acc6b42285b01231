import { useState, type ReactNode } from 'react';
import type { Column, HeaderContext, Table, VisibilityState } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { t } from '../../i18n';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { ACTION_COLUMN_ID } from './columns';

const storageKey = (list: string) => `list_columns:${list}`;

function storedVisibility(list: string | undefined): VisibilityState {
  if (!list) return {};
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(list)) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as VisibilityState) : {};
  } catch {
    return {};
  }
}

/** Which columns a list shows, remembered per list on this browser once a user changed it. */
export function useColumnVisibility(list: string | undefined) {
  const [visibility, setVisibility] = useState(() => storedVisibility(list));
  const change = (update: VisibilityState | ((old: VisibilityState) => VisibilityState)) =>
    setVisibility((old) => {
      const next = typeof update === 'function' ? update(old) : update;
      if (list) localStorage.setItem(storageKey(list), JSON.stringify(next));
      return next;
    });
  return [visibility, change] as const;
}

/**
 * A column's name as its header says it. A header drawn in the list's language is a function of the
 * header's place, which a hidden column does not have: it is drawn here with the column alone.
 */
export function columnName<T>(table: Table<T>, column: Column<T, unknown>): ReactNode {
  const header = column.columnDef.header;
  if (typeof header === 'string') return header;
  if (typeof header === 'function')
    return header({ table, column } as HeaderContext<T, unknown>) as ReactNode;
  return column.id;
}

/** The 'Kolom' menu: one checkbox per column that can be hidden (the row actions always stay). */
export function ColumnToggle<T>({ table }: { table: Table<T> }) {
  const columns = table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide() && column.id !== ACTION_COLUMN_ID);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="ml-auto inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm text-gray-700 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-white/5">
        <Columns3 className="size-4" aria-hidden="true" />
        {t('table.columns')}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" sideOffset={6} className="w-56 p-2">
        <DropdownMenuLabel className="px-3 pt-1 pb-2 text-xs text-gray-500 dark:text-gray-400">
          {t('table.columnsLabel')}
        </DropdownMenuLabel>
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            onCheckedChange={(shown) => column.toggleVisibility(shown)}
          >
            {columnName(table, column)}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
