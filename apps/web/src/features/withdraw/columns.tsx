import { createColumnHelper } from '@tanstack/react-table';
import { type MONEY_SORT_KEYS, type WithdrawRow } from '@blaster/contract';
import { formatRupiah, t } from '../../i18n';
import { formatDateTime, type Columns } from '../../components/data-table';
import { PersonName } from '../../components/UserText';

const column = createColumnHelper<WithdrawRow>();
type MoneySortKey = (typeof MONEY_SORT_KEYS)[number];

// Getters: each read takes the chosen language's text.
export const STATUS_LABEL: Record<WithdrawRow['status'], string> = {
  get requested() {
    return t('withdrawStatus.requested');
  },
  get accepted() {
    return t('withdrawStatus.accepted');
  },
  get rejected() {
    return t('withdrawStatus.rejected');
  },
};

export function withdrawColumns({ withMember }: { withMember: boolean }): Columns<WithdrawRow> {
  return [
    ...(withMember
      ? [
          column.accessor((row) => `${row.User.firstname} ${row.User.lastname}`, {
            id: 'member',
            header: t('common.member'),
            cell: ({ row }) => <PersonName person={row.original.User} />,
          }),
        ]
      : []),
    column.accessor('nominal', {
      header: t('common.nominal'),
      meta: { figure: true, sortKey: 'nominal' satisfies MoneySortKey },
      cell: (info) => formatRupiah(info.getValue()),
    }),
    column.accessor('status', {
      header: t('common.status'),
      cell: ({ row }) => <span data-status={row.original.status}>{STATUS_LABEL[row.original.status]}</span>,
    }),
    column.accessor('createdAt', {
      header: t('common.date'),
      meta: { sortKey: 'created' satisfies MoneySortKey },
      cell: (info) => formatDateTime(info.getValue()),
    }),
  ];
}

/** Yellow requested, green accepted, red rejected: a request's state at a glance. */
export const statusRowClass: Record<WithdrawRow['status'], string> = {
  requested: 'bg-amber-50 dark:bg-amber-500/10',
  accepted: 'bg-emerald-50 dark:bg-emerald-500/10',
  rejected: 'bg-red-50 dark:bg-red-500/10',
};
