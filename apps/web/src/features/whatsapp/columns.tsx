import { createColumnHelper } from '@tanstack/react-table';
import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import type { WHATSAPP_SORT_KEYS } from '@blaster/contract';
import { formatNumber, formatRupiah, t, tValue } from '../../i18n';
import type { Columns } from '../../components/data-table';
import { AccountCell } from './components/AccountCell';
import { StateCell } from './components/StateCell';
import type { LiveRow } from './live';
import { AccountRowActions, type AccountViewer } from './row-actions';
import type { AccountActions } from './use-account-actions';

const column = createColumnHelper<LiveRow>();
type AccountSortKey = (typeof WHATSAPP_SORT_KEYS)[number];

/** The account list's columns as the viewer's role sees them. */
export function accountColumns(viewer: AccountViewer, actions: AccountActions): Columns<LiveRow> {
  const { role } = viewer;
  return [
    column.display({
      id: 'account',
      header: t('common.account'),
      cell: ({ row: { original: row } }) => <AccountCell row={row} viewer={viewer} />,
    }),
    column.accessor('count_success', {
      header: t('common.success'),
      meta: { figure: true, sortKey: 'success' satisfies AccountSortKey },
      cell: ({ row: { original: row } }) => (
        <span
          data-testid={`success-${row.id}`}
          className={clsx(
            'rounded px-1.5 py-0.5 transition-colors',
            row.successUpdated && 'bg-emerald-200 dark:bg-emerald-500/30',
          )}
        >
          {formatNumber(row.count_success)}
        </span>
      ),
    }),
    column.accessor('count_fail', {
      header: t('common.failed'),
      meta: { figure: true, sortKey: 'failed' satisfies AccountSortKey },
      cell: ({ row: { original: row } }) => (
        <span
          data-testid={`fail-${row.id}`}
          className={clsx(
            'rounded px-1.5 py-0.5 transition-colors',
            row.failUpdated && 'bg-red-200 dark:bg-red-500/30',
          )}
        >
          {formatNumber(row.count_fail)}
        </span>
      ),
    }),
    column.accessor('income', {
      header: t('common.income'),
      meta: { figure: true, sortKey: 'income' satisfies AccountSortKey },
      cell: (info) => formatRupiah(info.getValue()),
    }),
    column.display({
      id: 'state',
      header: t('whatsapp.state'),
      cell: ({ row: { original: row } }) => <StateCell row={row} />,
    }),
    ...(role === 'admin'
      ? [
          column.display({
            id: 'sending',
            header: t('whatsapp.sending'),
            cell: ({ row: { original: row } }) =>
              row.status === 'sending' ? (
                <Check className="size-4 text-emerald-600" aria-label={tValue('blastStatus', 'sending')} />
              ) : (
                <X className="size-4 text-red-500" aria-label={tValue('blastStatus', 'idle')} />
              ),
          }),
        ]
      : []),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => <AccountRowActions row={row} viewer={viewer} actions={actions} />,
    }),
  ];
}
