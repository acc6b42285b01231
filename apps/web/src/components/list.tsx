import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Link, useSearchParams } from 'react-router';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import clsx from 'clsx';
import { Plus, RefreshCw } from 'lucide-react';
import { DEFAULT_PAGE, REFRESH_DELAY_MS, SEARCH_DELAY_MS, type Paged } from '@blaster/contract';
import { MSG, locale, t } from '../i18n';
import { apiRequest, errorText } from '../lib/api';
import { confirmDialog } from '../lib/dialogs';
import { Button, inputClass } from './form';

/** A card holding one screen's content, with its title and the screen's buttons. */
export function PageCard({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-white/[0.03]">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 px-5 py-4 sm:px-6 dark:border-gray-800">
        <h2 className="text-lg font-semibold text-gray-800 dark:text-white/90">{title}</h2>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <div className="p-5 sm:p-6">{children}</div>
    </section>
  );
}

/** The cursors Previous and Next leave in the address so that the next page is a seek on the server. */
const CURSOR_KEYS = ['after', 'before'] as const;

/**
 * The page number kept in the address (query page, default 1), plus other query values. `pageQuery`
 * is what a list sends to its API: the page, and the cursor Previous or Next left, if any.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : DEFAULT_PAGE;
  const set = (changes: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // Any other move (a search, a filter, a page typed in) drops the cursor of the last move.
        if (!CURSOR_KEYS.some((key) => key in changes)) for (const key of CURSOR_KEYS) next.delete(key);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: false },
    );
  const pageQuery = new URLSearchParams({ page: String(page) });
  for (const key of CURSOR_KEYS) {
    const cursor = params.get(key);
    if (cursor && page > 1) pageQuery.set(key, cursor);
  }
  return {
    page,
    pageQuery: pageQuery.toString(),
    params,
    set,
    setPage: (value: number) => set({ page: value }),
  };
}

/**
 * Previous, Next and 'Page X of Y' ('Y+' when the list was counted only so far); shown only when
 * there is more than one page (spec 02 §2).
 */
export function Pager({
  page,
  totalPages,
  totalCapped = false,
  onChange,
}: {
  page: number;
  totalPages: number;
  totalCapped?: boolean;
  onChange(page: number, direction: 'previous' | 'next'): void;
}) {
  if (totalPages <= 1 && !totalCapped) return null;
  const buttonClass =
    'rounded-lg border border-gray-300 px-3.5 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-white/5';
  return (
    <nav aria-label={t('common.pagination')} className="mt-5 flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonClass}
        disabled={page <= 1}
        onClick={() => onChange(page - 1, 'previous')}
      >
        {t('common.previous')}
      </button>
      <span className="text-sm text-gray-600 dark:text-gray-400">
        {t('common.pageOf', { page, total: `${totalPages}${totalCapped ? '+' : ''}` })}
      </span>
      <button
        type="button"
        className={buttonClass}
        disabled={page >= totalPages && !totalCapped}
        onClick={() => onChange(page + 1, 'next')}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

/** Refresh icon: re-fetches after 1 second, showing 'Menyinkronkan data...' meanwhile (spec 02 §2). */
export function RefreshButton({ onRefresh }: { onRefresh(): Promise<unknown> | void }) {
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

/** A value that follows the input only after the user stopped typing for a second (spec 02 §9). */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The search box of a list: what is typed, and the settled search kept in the address as `s`
 * (a new search starts again at page 1).
 */
export function useListSearch() {
  const { params, set } = useListParams();
  const [typed, setTyped] = useState(params.get('s') ?? '');
  const search = useDebounced(typed.trim());
  useEffect(() => {
    if (search !== (params.get('s') ?? '')) set({ s: search, page: 1 });
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps
  return { typed, setTyped, search };
}

/** A list's search box and, when given, its status filter (kept in the address as `status`). */
export function ListFilters({
  search,
  searchLabel,
  placeholder = searchLabel,
  statuses,
}: {
  search: { typed: string; setTyped: (value: string) => void };
  searchLabel: string;
  placeholder?: string;
  statuses?: { all: string; options: { value: string; label: string }[] };
}) {
  const { params, set } = useListParams();
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <input
        type="search"
        aria-label={searchLabel}
        placeholder={placeholder}
        value={search.typed}
        onChange={(event) => search.setTyped(event.target.value)}
        className={`${inputClass()} sm:max-w-xs`}
      />
      {statuses && (
        <select
          aria-label={MSG.filterStatus}
          value={params.get('status') ?? ''}
          onChange={(event) => set({ status: event.target.value, page: 1 })}
          className={`${inputClass()} sm:max-w-48`}
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

/** Column helpers type each column by its value; `any` is how the table library takes a mixed list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Columns<T> = ColumnDef<T, any>[];

interface DataTableProps<T> {
  label: string;
  columns: Columns<T>;
  rows: T[] | undefined;
  loading: boolean;
  error?: string | null;
  rowKey(row: T): string | number;
  rowClassName?(row: Row<T>): string | undefined;
}

/** A table with its loading, error and empty ('Kosong') states. */
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
  const span = columns.length;
  let state: ReactNode = null;
  if (loading && !rows) state = MSG.loading;
  else if (error) state = <span className="text-red-500">{error}</span>;
  else if ((rows ?? []).length === 0) state = MSG.empty;

  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800">
      <table aria-label={label} aria-busy={loading} className="min-w-full text-left text-sm">
        <thead className="bg-gray-50 text-xs tracking-wide text-gray-500 uppercase dark:bg-white/[0.02] dark:text-gray-400">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {state ? (
            <tr>
              <td colSpan={span} className="px-4 py-8 text-center text-gray-500 dark:text-gray-400">
                {state}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={clsx('text-gray-700 dark:text-gray-300', rowClassName?.(row))}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3 align-middle">
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

/** Date and time in the chosen language's format, '-' when missing. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? '-'
    : new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export const linkButtonClass =
  'inline-flex items-center gap-1.5 rounded-lg bg-brand-500 px-4 py-2.5 text-sm font-medium text-white shadow-xs hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
export const smallLinkClass =
  'rounded-md px-2 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-500/10';
export const dangerLinkClass =
  'rounded-md px-2 py-1 text-xs font-medium text-red-600 hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-500/10';

/** A paged answer's table with its pager; the page lives in the address. */
export function PagedTable<T>({
  label,
  list,
  columns,
  rows,
  rowClassName,
  rowKey,
}: {
  label: string;
  list: UseQueryResult<Paged<T>>;
  columns: Columns<T>;
  /** The rows to show when they differ from the answer's (live updates). */
  rows?: T[];
  rowKey(row: T): string | number;
  rowClassName?(row: Row<T>): string | undefined;
}) {
  const { page, set } = useListParams();
  const shown = list.data?.data ?? [];
  // Next carries the last row's id and Previous the first's: the server seeks instead of counting.
  const move = (target: number, direction: 'previous' | 'next') => {
    const edge = direction === 'next' ? shown.at(-1) : shown[0];
    const id = edge === undefined ? undefined : rowKey(edge);
    const cursor = typeof id === 'number' && target > 1 ? id : null;
    set({
      page: target,
      after: direction === 'next' ? cursor : null,
      before: direction === 'previous' ? cursor : null,
    });
  };
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={rows ?? list.data?.data}
        loading={list.isFetching}
        error={list.error ? errorText(list.error) : null}
        rowKey={rowKey}
        rowClassName={rowClassName}
      />
      <Pager
        page={page}
        totalPages={list.data?.meta.totalPages ?? 1}
        totalCapped={list.data?.meta.totalCapped}
        onChange={move}
      />
    </>
  );
}

/** Delete with a confirmation; the row shows 'Deleting...' until the server confirms (spec 02 §4). */
export function useDeleteRow(queryKey: string, pathOf: (id: number) => string) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(pathOf(id), { method: 'DELETE', fallback: MSG.networkError }),
    onMutate: (id) => setDeleting(id),
    onSettled: () => setDeleting(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryKey] }),
    onError: (error) => toast.error(errorText(error, MSG.networkError)),
  });
  const button = (id: number, what: string) => (
    <button
      type="button"
      className={dangerLinkClass}
      disabled={deleting === id}
      onClick={async () => {
        if (await confirmDialog(t('common.willBeDeleted', { what }), t('common.deleteConfirm')))
          remove.mutate(id);
      }}
    >
      {deleting === id ? MSG.deleting : t('common.delete')}
    </button>
  );
  return {
    deleting,
    button,
    /** A row's 'Edit' link and 'Delete' button. */
    actions: (editTo: string, id: number, what: string) => (
      <div className="flex gap-1">
        <Link className={smallLinkClass} to={editTo}>
          {t('common.edit')}
        </Link>
        {button(id, what)}
      </div>
    ),
  };
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
  return (
    <Link to={to} className={linkButtonClass}>
      <Plus className="size-4" aria-hidden="true" />
      {MSG.add}
    </Link>
  );
}
