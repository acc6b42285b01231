import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Row } from '@tanstack/react-table';
import { PAGE_SIZE, PAGE_SIZE_CHOICES, type Paged } from '@blaster/contract';
import { formatNumber, t } from '../../i18n';
import { errorText } from '../../lib/api';
import { inputClass } from '../form';
import type { Columns } from './columns';
import { useListSort, usePageSelection } from './list-state';
import { PageSizeSelect } from './page-size';
import { useListParams } from './params';
import { SelectionBar } from './selection';
import { DataTable } from './table';

/**
 * Previous, Next, 'Page X of Y' ('Y+' when the list was counted only so far) and a box to go straight
 * to a page; shown only when there is more than one page, so a short list carries no empty pager.
 */
export function Pager({
  page,
  totalPages,
  totalCapped = false,
  onChange,
  onJump,
}: {
  page: number;
  totalPages: number;
  totalCapped?: boolean;
  onChange(page: number, direction: 'previous' | 'next'): void;
  /** Without it there is no jump box. */
  onJump?(page: number): void;
}) {
  if (totalPages <= 1 && !totalCapped) return null;
  const buttonClass =
    'rounded-lg border border-gray-300 px-3.5 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-white/5';
  return (
    <nav
      aria-label={t('common.pagination')}
      className="mt-5 flex flex-wrap items-center justify-between gap-3"
    >
      <button
        type="button"
        className={buttonClass}
        disabled={page <= 1}
        onClick={() => onChange(page - 1, 'previous')}
      >
        {t('common.previous')}
      </button>
      <span className="text-sm whitespace-nowrap text-gray-600 tabular-nums dark:text-gray-400">
        {t('common.pageOf', {
          page: formatNumber(page),
          total: `${formatNumber(totalPages)}${totalCapped ? '+' : ''}`,
        })}
      </span>
      {onJump && (
        <JumpToPage
          key={page}
          page={page}
          last={totalCapped ? undefined : totalPages}
          onJump={onJump}
          buttonClass={buttonClass}
        />
      )}
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

/** 'Ke halaman [n] Buka': a page number typed in, kept within the list's pages when they are known. */
function JumpToPage({
  page,
  last,
  onJump,
  buttonClass,
}: {
  page: number;
  last?: number;
  onJump(page: number): void;
  buttonClass: string;
}) {
  const [typed, setTyped] = useState(String(page));
  const wanted = Number(typed);
  const valid = Number.isInteger(wanted) && wanted >= 1 && (last === undefined || wanted <= last);
  return (
    <form
      className="order-last flex w-full items-center justify-center gap-2 sm:order-none sm:w-auto"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && wanted !== page) onJump(wanted);
      }}
    >
      <label className="flex items-center gap-2 text-sm whitespace-nowrap text-gray-600 dark:text-gray-400">
        {t('common.goToPage')}
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={last}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={!valid || undefined}
          className={`${inputClass(!valid)} w-24 py-2 tabular-nums`}
        />
      </label>
      <button type="submit" className={buttonClass} disabled={!valid}>
        {t('common.go')}
      </button>
    </form>
  );
}

/** What a list does to the rows chosen on its page: `render` draws the actions for them. */
export interface BulkActions<T> {
  describe(row: T): string;
  render(chosen: T[], clear: () => void): ReactNode;
}

/**
 * A paged answer's table with its pager; the page lives in the address, and so do the page size and
 * sort of a list whose server takes them.
 */
export function PagedTable<T>({
  label,
  list,
  columns,
  rows,
  rowClassName,
  rowKey,
  listKey,
  sortable = false,
  pageSizes = false,
  bulkActions,
}: {
  label: string;
  list: UseQueryResult<Paged<T>>;
  columns: Columns<T>;
  /** The rows to show when they differ from the answer's (live updates). */
  rows?: T[];
  rowKey(row: T): string | number;
  rowClassName?(row: Row<T>): string | undefined;
  /** Names the list where its column choice is kept; with it the 'Kolom' menu shows. */
  listKey?: string;
  /** The server sorts by the columns' `sortKey`s. */
  sortable?: boolean;
  /** The server takes `per_page`: 'Baris per halaman' shows under the pager. */
  pageSizes?: boolean;
  /** With it each row gets a checkbox, and the chosen ones a bar of actions. */
  bulkActions?: BulkActions<T>;
}) {
  const { page, perPage, params, set } = useListParams();
  const sorting = useListSort();
  const selection = usePageSelection(params.toString());
  const shown = rows ?? list.data?.data ?? [];
  const chosen = shown.filter((row) => selection.selected[String(rowKey(row))]);
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
  const total = list.data?.meta.total ?? 0;
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
        listKey={listKey}
        sorting={sortable ? sorting : undefined}
        selection={bulkActions && { ...selection, describe: bulkActions.describe }}
        toolbar={
          bulkActions && chosen.length > 0 ? (
            <SelectionBar count={chosen.length} onClear={selection.clear}>
              {bulkActions.render(chosen, selection.clear)}
            </SelectionBar>
          ) : null
        }
      />
      <Pager
        page={page}
        totalPages={list.data?.meta.totalPages ?? 1}
        totalCapped={list.data?.meta.totalCapped}
        onChange={move}
        onJump={(target) => set({ page: target, after: null, before: null })}
      />
      {pageSizes && (total > PAGE_SIZE_CHOICES[0] || perPage !== PAGE_SIZE) && (
        <div className="mt-3 flex justify-end">
          <PageSizeSelect
            value={perPage}
            onChange={(size) => set({ per_page: size === PAGE_SIZE ? null : size, page: 1 })}
          />
        </div>
      )}
    </>
  );
}
