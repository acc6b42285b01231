import type { UseQueryResult } from '@tanstack/react-query';
import type { Row } from '@tanstack/react-table';
import type { Paged } from '@blaster/contract';
import { formatNumber, t } from '../../i18n';
import { errorText } from '../../lib/api';
import type { Columns } from './columns';
import { useListParams } from './params';
import { DataTable } from './table';

/**
 * Previous, Next and 'Page X of Y' ('Y+' when the list was counted only so far); shown only when
 * there is more than one page, so a short list carries no empty pager.
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
        {t('common.pageOf', {
          page: formatNumber(page),
          total: `${formatNumber(totalPages)}${totalCapped ? '+' : ''}`,
        })}
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
