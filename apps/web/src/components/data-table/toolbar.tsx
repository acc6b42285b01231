import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Plus, RefreshCw } from 'lucide-react';
import { REFRESH_DELAY_MS } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Button, inputClass } from '../form';
import { linkButtonClass } from './row-actions';
import { useListParams } from './params';

/** Refresh icon: re-fetches after 1 second, showing 'Menyinkronkan data...' meanwhile: the user sees the list was asked again. */
export function RefreshButton({ onRefresh }: { onRefresh(): Promise<unknown> | void }) {
  const MSG = useMessages();
  const [syncing, setSyncing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      type="button"
      aria-label={t('common.refresh')}
      disabled={syncing}
      onClick={() => {
        setSyncing(true);
        timer.current = setTimeout(async () => {
          try {
            await onRefresh();
          } finally {
            setSyncing(false);
          }
        }, REFRESH_DELAY_MS);
      }}
      className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-70 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-white/5"
    >
      <RefreshCw className={clsx('size-4', syncing && 'animate-spin')} aria-hidden="true" />
      {syncing && <span>{MSG.syncing}</span>}
    </button>
  );
}

/**
 * A list's search box and its status filter (kept in the address as `status`), each when given: a
 * list the server cannot search offers the filter alone.
 */
export function ListFilters({
  search,
  searchLabel = '',
  placeholder = searchLabel,
  statuses,
}: {
  search?: { typed: string; setTyped: (value: string) => void };
  searchLabel?: string;
  placeholder?: string;
  statuses?: { all: string; options: { value: string; label: string }[] };
}) {
  const MSG = useMessages();
  const { params, set } = useListParams();
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      {search && (
        <input
          type="search"
          aria-label={searchLabel}
          placeholder={placeholder}
          value={search.typed}
          onChange={(event) => search.setTyped(event.target.value)}
          className={`${inputClass()} sm:max-w-xs`}
        />
      )}
      {statuses && (
        <select
          aria-label={MSG.filterStatus}
          value={params.get('status') ?? ''}
          onChange={(event) => set({ status: event.target.value, page: 1 })}
          className={`${inputClass()} sm:w-auto sm:max-w-xs`}
        >
          <option value="">{statuses.all}</option>
          {statuses.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/**
 * A list's status filter ('Filter Status: Semua' and each status named by `label`), after its search
 * box when the list has one.
 */
export function StatusFilter<V extends string>({
  values,
  label,
  search,
  searchLabel,
}: {
  values: readonly V[];
  label(value: V): string;
  search?: { typed: string; setTyped: (value: string) => void };
  searchLabel?: string;
}) {
  const MSG = useMessages();
  return (
    <ListFilters
      search={search}
      searchLabel={searchLabel}
      statuses={{
        all: t('common.filterAll', { label: MSG.filterStatus }),
        options: values.map((value) => ({ value, label: label(value) })),
      }}
    />
  );
}

/** The 'Export CSV' / 'Export JSON' buttons of a list; each downloads the whole list. */
export function ExportButtons({
  formats,
  onExport,
}: {
  formats: readonly ('csv' | 'json')[];
  onExport(format: 'csv' | 'json'): Promise<void>;
}) {
  return formats.map((format) => (
    <Button
      key={format}
      type="button"
      variant="outline"
      className="py-2.5"
      onClick={() => void onExport(format)}
    >
      {format === 'csv' ? t('common.exportCsv') : t('common.exportJson')}
    </Button>
  ));
}

/** The '+ Tambah' link to a list's create page. */
export function AddLink({ to }: { to: string }) {
  const MSG = useMessages();
  return (
    <Link to={to} className={linkButtonClass}>
      <Plus className="size-4" aria-hidden="true" />
      {MSG.add}
    </Link>
  );
}
